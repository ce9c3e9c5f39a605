import { createHash } from 'node:crypto';
import { isCardNumber, CHECKOUT_MESSAGES } from '@tessera/core';

/**
 * Payment providers. The checkout places the order first (stock taken, status "processing"),
 * then asks the provider for the amount due, outside any transaction; a decline puts everything
 * back. Real providers (card networks, installment providers) are out of Tessera's scope; they
 * would implement this interface.
 */
export interface PaymentRequest {
  websiteId: string;
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: string;
  customerEmail: string;
  /** The checkout's Idempotency-Key: a provider that supports keys passes it on, so a retry never charges twice. */
  idempotencyKey: string;
  /** The `payment` object of the checkout body, without `provider`. */
  details: Readonly<Record<string, unknown>>;
  /** The order starts subscriptions: the provider keeps the payment method for their renewals (answers `savedMethod`). */
  forSubscription?: boolean;
  /** What the checkout knows of the purchase, for providers whose methods depend on it (core's stripeMethodTypes). */
  purchase?: { productTypes: readonly (number | null)[]; country: string | null };
  /** The order's confirmation page, absolute: where a payment finished off the site returns to. */
  returnUrl?: string;
}

/** A payment method a provider keeps for charges made without the shopper (subscription renewals). */
export interface SavedMethod {
  provider: string;
  /** The provider's own reference (a customer and payment method); never shown. */
  reference: string;
  /** What the customer and the owner see of it: "Visa ending 4242". */
  label: string;
}

/** A charge of a saved payment method without the shopper present: a subscription's renewal. */
export interface SavedChargeRequest {
  websiteId: string;
  orderId: string;
  orderNumber: number;
  amountCents: number;
  currency: string;
  customerEmail: string;
  method: SavedMethod;
  /** Derived from the subscription, its cycle and the attempt: a retried run never charges twice. */
  idempotencyKey: string;
}

/** A refund of (part of) an order's payment, asked by the owner's side (modules/order-admin). */
interface RefundRequest {
  websiteId: string;
  orderId: string;
  orderNumber: number;
  /** The refund's own id: a provider that supports keys passes it on, so a retry never refunds twice. */
  refundId: string;
  amountCents: number;
  currency: string;
  /** The payment's reference as the provider answered it at checkout. */
  paymentReference: string | null;
}

/** A new payment method for the subscriptions of a customer (modules/subscriptions). */
interface SaveMethodRequest {
  websiteId: string;
  /** The subscription whose method changes, and the method it keeps now (a provider may reuse its customer). */
  subscriptionId: string;
  current: SavedMethod | null;
  customerEmail: string;
  /** The provider form's fields (the test provider: `cardNumber`). */
  details: Readonly<Record<string, unknown>>;
  /** Derived from the subscription and the request: a retried save keeps one method. */
  idempotencyKey: string;
}

export type SaveMethodResult =
  | { status: 'saved'; method: SavedMethod }
  | { status: 'invalid'; errors: Record<string, string> }
  | { status: 'declined'; message: string }
  | { status: 'action'; clientSecret: string };

export type PaymentResult =
  | { status: 'paid'; reference: string; savedMethod?: SavedMethod }
  /** Offline: the order waits for staff to record the payment until its hold expires. */
  | { status: 'pending'; reference: string | null }
  /**
   * The shopper finishes the payment in the browser (the provider's script, with this secret): the
   * order holds its stock until the provider tells the outcome (its webhook) or the hold expires.
   */
  | { status: 'action'; reference: string; clientSecret: string }
  | { status: 'declined'; message: string };

export interface PaymentProvider {
  readonly id: string;
  /** Field errors of the payment details (keyed `payment.<field>`), checked before the order is placed. */
  validate?(details: Readonly<Record<string, unknown>>): Record<string, string>;
  authorize(request: PaymentRequest): Promise<PaymentResult>;
  /**
   * Gives back (part of) a payment it took, and answers its reference of the refund. A provider
   * without it took no money itself (offline: a transfer, cash): the refund is recorded only, and
   * the owner pays it back by the same way.
   */
  refund?(request: RefundRequest): Promise<{ reference: string | null }>;
  /** Charges a saved payment method without the shopper (renewals). A provider without it cannot sell subscriptions. */
  chargeSaved?(request: SavedChargeRequest): Promise<{ status: 'paid'; reference: string } | { status: 'declined'; message: string }>;
  /**
   * Keeps a new payment method for a customer's subscriptions (the customer's "Update payment
   * method"), from the details of the provider's own form on the site (the test provider's card
   * number): answers the method, or field errors (keyed `payment.<field>`) or a decline. A provider
   * whose card form is its own script (Stripe: a SetupIntent confirmed in the browser) answers
   * `action` with the secret that script needs, and keeps the method when its webhook tells it.
   */
  saveMethod?(request: SaveMethodRequest): Promise<SaveMethodResult>;
  /**
   * After its script finished in the browser (`saveMethod` answered `action`): the method the
   * provider kept for that subscription, read from the provider by its reference (Stripe: the
   * SetupIntent's id); null when it is not finished or not that subscription's.
   */
  confirmSavedMethod?(request: { websiteId: string; subscriptionId: string; reference: string }): Promise<SavedMethod | null>;
  /** Stops a payment the shopper started but never finished, once its order's hold expired, so it cannot succeed later. */
  cancel?(request: { websiteId: string; orderId: string; paymentReference: string }): Promise<void>;
}

/** The default: the order is placed and its payment is pending (bank transfer, cash on pickup, invoice). */
export const offlineProvider: PaymentProvider = {
  id: 'offline',
  async authorize() {
    return { status: 'pending', reference: null };
  },
};

/** The card number the test provider accepts; any other valid number is declined. */
const TEST_CARD_ACCEPTED = '4242 4242 4242 4242';

const cardDigits = (value: unknown) => String(value ?? '').replace(/[\s-]/g, '');

/**
 * The test provider's kept card: an opaque token (a hash of the number: the number itself is never
 * stored) and the label the customer sees. Only the accepted card's token pays later.
 */
function testSavedCard(digits: string): SavedMethod {
  return {
    provider: 'test',
    reference: `test_card_${createHash('sha256').update(`tessera-test-card:${digits}`).digest('hex').slice(0, 24)}`,
    label: `Card ending ${digits.slice(-4)}`,
  };
}

const ACCEPTED_DIGITS = TEST_CARD_ACCEPTED.replace(/ /g, '');

/**
 * The test provider, for demos and tests: a site lists "test" in `store.paymentProviders`. It
 * accepts TEST_CARD_ACCEPTED and declines every other (Luhn-valid) card number. For a purchase that
 * starts subscriptions it keeps the card (savedMethod), and charges it again for renewals
 * (chargeSaved: paid for the accepted card, declined otherwise); saveMethod keeps any valid card.
 */
export const testProvider: PaymentProvider = {
  id: 'test',
  validate(details): Record<string, string> {
    return isCardNumber(details.cardNumber) ? {} : { 'payment.cardNumber': CHECKOUT_MESSAGES.cardNumberInvalid };
  },
  async authorize(request) {
    const digits = cardDigits(request.details.cardNumber);
    if (digits !== ACCEPTED_DIGITS) return { status: 'declined', message: CHECKOUT_MESSAGES.paymentDeclined };
    const paid = { status: 'paid' as const, reference: `test_${request.orderId}` };
    return request.forSubscription ? { ...paid, savedMethod: testSavedCard(digits) } : paid;
  },
  async refund(request) {
    return { reference: `test_refund_${request.refundId}` };
  },
  async chargeSaved(request) {
    if (request.method.reference !== testSavedCard(ACCEPTED_DIGITS).reference) return { status: 'declined', message: CHECKOUT_MESSAGES.paymentDeclined };
    return { status: 'paid', reference: `test_${request.orderId}` };
  },
  async saveMethod(request) {
    const errors = testProvider.validate!(request.details);
    if (Object.keys(errors).length > 0) return { status: 'invalid', errors };
    // Any valid number is kept, as a card network keeps a card whose later charges may still fail
    // (Stripe's test card 4000 0000 0000 0341): its charges are declined unless it is the accepted card.
    return { status: 'saved', method: testSavedCard(cardDigits(request.details.cardNumber)) };
  },
};

/** The providers a server knows, by id; a site chooses among them with `store.paymentProviders`. */
export class PaymentProviders {
  private readonly byId = new Map<string, PaymentProvider>();

  constructor(providers: readonly PaymentProvider[] = [offlineProvider, testProvider]) {
    for (const p of providers) this.byId.set(p.id, p);
  }

  /** Adds a provider a module brings (modules/stripe) after the ones given; one the deployment gave first is kept. */
  add(provider: PaymentProvider): void {
    if (!this.byId.has(provider.id)) this.byId.set(provider.id, provider);
  }

  get(id: string): PaymentProvider | undefined {
    return this.byId.get(id);
  }

  /** Every provider's id, in the order the server was given them (the store settings page offers these). */
  ids(): string[] {
    return [...this.byId.keys()];
  }
}

/** The providers a site accepts (site.json `store.paymentProviders`), in its order; default offline only. */
export function siteProviderIds(store: Readonly<Record<string, unknown>>): string[] {
  const list = store.paymentProviders;
  const ids = Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  return ids.length > 0 ? ids : ['offline'];
}
