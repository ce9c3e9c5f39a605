import { stripeMethodTypes } from '@tessera/core';
import type Stripe from 'stripe';
import type { Store } from '../../storage/dialect.js';
import type { PaymentProvider, PaymentResult, SavedChargeRequest, SavedMethod, SaveMethodResult } from '../commerce/index.js';
import { loadSnapshot } from '../site/index.js';
import { isCardError, stripeFailure, type StripeClients } from './client.js';
import { STRIPE, stripeSettingsOf } from './settings.js';

/** Where the provider reports a failed call (the app's logger): the message without keys (client.ts). */
type Log = (failure: ReturnType<typeof stripeFailure> & { call: string; websiteId: string }) => void;

const METHOD_NEEDS_CUSTOMER = 'The card needs its holder to confirm this payment. Update the payment method, then try again.';

/** A PaymentIntent's metadata: which site and order it pays, so that a webhook finds them again. */
function metadataOf(r: { websiteId: string; orderId: string; orderNumber: number }): Record<string, string> {
  return { websiteId: r.websiteId, orderId: r.orderId, orderNumber: String(r.orderNumber) };
}

/** "Visa ending 4242" from a card's brand and last four digits. */
function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    jcb: 'JCB',
    diners: 'Diners Club',
    unionpay: 'UnionPay',
  };
  const name = brand ? (names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
  return last4 ? `${name} ending ${last4}` : name;
}

/**
 * The Stripe provider: the shopper pays in the browser (Stripe.js confirms the PaymentIntent this
 * makes), Stripe tells the outcome by webhook (webhook.ts). Every call carries an idempotency key
 * made from the order (or refund) and the action, so a retried checkout or refund never charges
 * or refunds twice; the client itself retries network failures with the same key.
 */
export class StripeProvider implements PaymentProvider {
  readonly id = STRIPE;

  constructor(
    private readonly store: Store,
    private readonly clients: StripeClients,
    private readonly log: Log,
  ) {}

  /** The site's client in its active mode (or the other one); a site without that secret key cannot take payments (the call fails). */
  private async client(websiteId: string, other = false): Promise<Stripe> {
    const s = await loadSnapshot(this.store, websiteId);
    const active = stripeSettingsOf(s?.store ?? {}).mode;
    const mode = other ? (active === 'test' ? 'live' : 'test') : active;
    const client = await this.clients.of(this.store.db, websiteId, mode);
    if (!client) throw Object.assign(new Error(`Stripe has no ${mode} secret key for this site`), { code: 'no_secret_key' });
    return client;
  }

  /**
   * Runs a call, logging a failure without any key before it is thrown on. A call about an existing
   * payment (`existing`: a refund, a cancel, a look-up) that Stripe does not know in the active mode
   * is tried in the other one: the owner may have switched modes since the order was paid.
   */
  private async call<T>(name: string, websiteId: string, run: (client: Stripe) => Promise<T>, existing = false): Promise<T> {
    try {
      try {
        return await run(await this.client(websiteId));
      } catch (error) {
        if (!existing || (error as { code?: string }).code !== 'resource_missing') throw error;
        return await run(await this.client(websiteId, true));
      }
    } catch (error) {
      if (isCardError(error)) throw error;
      const failure = stripeFailure(error);
      this.log({ call: name, websiteId, ...failure });
      // What is thrown on carries no key either: a caller may log it or answer with it.
      throw Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {});
    }
  }

  async authorize(request: Parameters<PaymentProvider['authorize']>[0]): Promise<PaymentResult> {
    const s = await loadSnapshot(this.store, request.websiteId);
    const settings = stripeSettingsOf(s?.store ?? {});
    const installments = (s?.store.installments ?? null) as { minCents: number; maxCents: number } | null;
    const types = stripeMethodTypes({
      enabled: settings.paymentMethods,
      currency: request.currency,
      amountCents: request.amountCents,
      productTypes: request.purchase?.productTypes ?? [],
      country: request.purchase?.country ?? null,
      installments,
      subscription: !!request.forSubscription,
    });
    const keyOf = (action: string) => ({ idempotencyKey: `tessera-order-${request.orderId}-${action}` });
    try {
      const intent = await this.call('authorize', request.websiteId, async (client) => {
        // A subscription's renewals charge the card again without the shopper: Stripe keeps it on a customer.
        const customer = request.forSubscription
          ? await client.customers.create({ email: request.customerEmail, metadata: metadataOf(request) }, keyOf('customer'))
          : null;
        return client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            // This API version names the allowed types so (it replaced `payment_method_types` on create).
            allowed_payment_method_types: types,
            metadata: metadataOf(request),
            receipt_email: request.customerEmail,
            description: `Order ${request.orderNumber}`,
            ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
          },
          keyOf('authorize'),
        );
      });
      if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without its client secret');
      return { status: 'action', reference: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      if (isCardError(error)) return { status: 'declined', message: error.message };
      throw error;
    }
  }

  async refund(request: Parameters<NonNullable<PaymentProvider['refund']>>[0]): Promise<{ reference: string | null }> {
    if (!request.paymentReference) throw new Error('The order has no Stripe payment to refund');
    const refund = await this.call(
      'refund',
      request.websiteId,
      (client) =>
        client.refunds.create(
          {
            payment_intent: request.paymentReference!,
            amount: request.amountCents,
            metadata: { websiteId: request.websiteId, orderId: request.orderId, refundId: request.refundId },
          },
          { idempotencyKey: `tessera-refund-${request.refundId}` },
        ),
      true,
    );
    return { reference: refund.id };
  }

  async cancel(request: { websiteId: string; orderId: string; paymentReference: string }): Promise<void> {
    try {
      await this.call(
        'cancel',
        request.websiteId,
        (client) => client.paymentIntents.cancel(request.paymentReference, {}, { idempotencyKey: `tessera-order-${request.orderId}-cancel` }),
        true,
      );
    } catch (error) {
      // Canceled already, or succeeded meanwhile (the webhook refunds that one): nothing is left to stop.
      const code = (error as { code?: string }).code;
      if (code !== 'payment_intent_unexpected_state') throw error;
    }
  }

  async chargeSaved(request: SavedChargeRequest): ReturnType<NonNullable<PaymentProvider['chargeSaved']>> {
    const [customer, paymentMethod] = request.method.reference.split('/');
    if (!customer || !paymentMethod) return { status: 'declined', message: 'No card is kept for this subscription. Update the payment method.' };
    try {
      const intent = await this.call('chargeSaved', request.websiteId, (client) =>
        client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            metadata: metadataOf(request),
            receipt_email: request.customerEmail,
            description: `Order ${request.orderNumber}`,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (intent.status === 'succeeded') return { status: 'paid', reference: intent.id };
      return { status: 'declined', message: METHOD_NEEDS_CUSTOMER };
    } catch (error) {
      if (!isCardError(error)) throw error;
      if (error.code === 'authentication_required') return { status: 'declined', message: METHOD_NEEDS_CUSTOMER };
      return { status: 'declined', message: error.message };
    }
  }

  /**
   * A subscription's new card: a SetupIntent for off-session use (card only: renewals charge cards),
   * for the Stripe customer the subscription already has (its kept method's `<customer>/<method>`),
   * else a customer made for the email. The browser confirms it with the Payment Element; the
   * method is kept from `setup_intent.succeeded` or the page's confirm call (confirmSavedMethod).
   */
  async saveMethod(request: Parameters<NonNullable<PaymentProvider['saveMethod']>>[0]): Promise<SaveMethodResult> {
    const known = request.current?.provider === STRIPE ? request.current.reference.split('/')[0] : undefined;
    const metadata = { websiteId: request.websiteId, subscriptionId: request.subscriptionId };
    const setup = await this.call('saveMethod', request.websiteId, async (client) => {
      const customer =
        known || (await client.customers.create({ email: request.customerEmail, metadata }, { idempotencyKey: `${request.idempotencyKey}-customer` })).id;
      return client.setupIntents.create(
        { customer, usage: 'off_session', allowed_payment_method_types: ['card'], metadata },
        { idempotencyKey: request.idempotencyKey },
      );
    });
    if (!setup.client_secret) throw new Error('Stripe answered a SetupIntent without its client secret');
    return { status: 'action', clientSecret: setup.client_secret };
  }

  /** The method a succeeded SetupIntent of this subscription keeps; null when it has not succeeded or is another's. */
  async confirmSavedMethod(request: { websiteId: string; subscriptionId: string; reference: string }): Promise<SavedMethod | null> {
    let setup: Stripe.SetupIntent;
    try {
      setup = await this.call('confirmSavedMethod', request.websiteId, (client) => client.setupIntents.retrieve(request.reference));
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw error;
    }
    return this.methodOfSetup(request.websiteId, setup, request.subscriptionId);
  }

  /** What a SetupIntent kept for a subscription (its metadata), when it succeeded for this site. */
  async methodOfSetup(websiteId: string, setup: Stripe.SetupIntent, subscriptionId?: string): Promise<SavedMethod | null> {
    if (setup.status !== 'succeeded' || setup.metadata?.websiteId !== websiteId) return null;
    if (subscriptionId !== undefined && setup.metadata?.subscriptionId !== subscriptionId) return null;
    const idOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));
    const customer = idOf(setup.customer);
    const method = idOf(setup.payment_method);
    if (!customer || !method) return null;
    return this.savedMethod(websiteId, customer, method);
  }

  /** A PaymentIntent as Stripe has it now (the confirmation page's sync). */
  intent(websiteId: string, reference: string): Promise<Stripe.PaymentIntent> {
    return this.call('retrieve', websiteId, (client) => client.paymentIntents.retrieve(reference), true);
  }

  /** The payment method a subscription's purchase kept, as its renewals charge it and people see it. */
  async savedMethod(websiteId: string, customer: string, paymentMethod: string): Promise<SavedMethod> {
    const method = await this.call('savedMethod', websiteId, (client) => client.paymentMethods.retrieve(paymentMethod), true);
    return { provider: STRIPE, reference: `${customer}/${paymentMethod}`, label: cardLabel(method.card?.brand, method.card?.last4) };
  }

  /** Gives a whole payment back: one that succeeded for an order already canceled (its hold expired). */
  async refundLate(websiteId: string, orderId: string, reference: string): Promise<string> {
    const refund = await this.call(
      'refundLate',
      websiteId,
      (client) =>
        client.refunds.create(
          { payment_intent: reference, metadata: { websiteId, orderId, reason: 'canceled-order' } },
          { idempotencyKey: `tessera-order-${orderId}-late-refund` },
        ),
      true,
    );
    return refund.id;
  }
}
