// Express checkout with the wallets (Apple Pay, Google Pay): Stripe's Express Checkout Element in
// deferred mode. The purchase (the cart, or one item of a product page) says what is bought, what
// it costs now, and what it costs once the wallet's address or shipping rate changes; on `confirm`
// the order is placed with the checkout POST (one Idempotency-Key per attempt, as the checkout
// page's) and its PaymentIntent confirmed with the returned secret, then the shopper goes to the
// confirmation page. The element's space is kept while it loads (no layout shift) and given back
// when the shopper's browser has no wallet (its `ready` event says which).
import type { ApiError, ApiResult } from '@tessera/core/api-client';
import { useEffect, useRef, useState } from 'react';
import type { CheckoutRequest, PlacedOrder, ShippingAddressInput, ShippingLocation } from '../api/types.js';
import { siteAppearance } from './appearance.js';
import type { StripeElements, StripeJs, StripeLoader, StripeSettings } from './types.js';

/** A wallet's shipping rate, as Stripe names its fields. */
export interface WalletRate {
  readonly id: string;
  readonly displayName: string;
  readonly amount: number;
}

export interface ExpressQuote {
  readonly amountCents: number;
  readonly rates: readonly WalletRate[];
}

/** What the express element buys: the cart, or one item of a product page. */
export interface ExpressPurchase {
  readonly ships: boolean;
  /** When the wallet button is clicked: the amount and rates now, or why it cannot be bought (a sold-out variant). */
  start(): Promise<ExpressQuote | { problem: string }>;
  /** The wallet's address changed: the amount and rates there; null when it cannot be shipped there. */
  address(location: ShippingLocation): Promise<ExpressQuote | null>;
  /** The wallet's shipping rate changed: the amount with it. */
  rate(id: string): Promise<number | null>;
  /** The checkout body's part that names what is bought (`expressCheckout`, or nothing for the visitor's cart). */
  readonly what: () => Partial<CheckoutRequest>;
}

export interface ExpressCheckoutProps {
  readonly settings: StripeSettings;
  readonly load: StripeLoader;
  readonly currency: string;
  /** The amount shown before the first click. */
  readonly amountCents: number;
  readonly purchase: ExpressPurchase;
  readonly checkout: (body: CheckoutRequest, idempotencyKey: string) => Promise<ApiResult<PlacedOrder>>;
  readonly navigate: (url: string) => void;
  readonly newKey?: () => string;
  readonly words: { readonly label: string; readonly failed: string };
}

/** A placeholder rate for a purchase that ships where the store defines no options (the wallet needs one). */
const NO_OPTION = 'tessera-shipping';

const outcomeUnknown = (f: ApiError) => f.network || (f.status >= 500 && f.status !== 502) || f.code === 'CHECKOUT_IN_PROGRESS' || f.status === 429;

function randomKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

interface WalletAddress {
  readonly line1?: string | null;
  readonly line2?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postal_code?: string | null;
  readonly country?: string | null;
}

const locationOf = (a: WalletAddress): ShippingLocation => ({
  country: (a.country ?? '').toUpperCase(),
  region: (a.state ?? '').toUpperCase(),
  postalCode: a.postal_code ?? '',
});

/** The wallet's shipping address as the checkout takes it (its one name split into first and last). */
function addressOf(shipping: { name?: string | null; address?: WalletAddress } | undefined, phone?: string | null): ShippingAddressInput {
  const name = (shipping?.name ?? '').trim().split(/\s+/);
  const a = shipping?.address ?? {};
  return {
    firstName: name[0] ?? '',
    lastName: name.length > 1 ? name.slice(1).join(' ') : (name[0] ?? ''),
    address1: a.line1 ?? '',
    address2: a.line2 ?? '',
    city: a.city ?? '',
    region: a.state ?? '',
    postalCode: a.postal_code ?? '',
    country: (a.country ?? '').toUpperCase(),
    phone: phone ?? '',
  };
}

const ratesFor = (quote: ExpressQuote) => (quote.rates.length > 0 ? quote.rates : [{ id: NO_OPTION, displayName: 'Shipping', amount: 0 }]);

export function ExpressCheckout({ settings, load, currency, amountCents, purchase, checkout, navigate, newKey = randomKey, words }: ExpressCheckoutProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'none'>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const container = useRef<HTMLDivElement | null>(null);
  const loaded = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const latest = useRef({ purchase, amountCents });
  latest.current = { purchase, amountCents };

  useEffect(() => {
    let stopped = false;
    let destroy: (() => void) | undefined;
    void Promise.resolve()
      .then(() => load(settings.publishableKey))
      .then((stripe) => {
        const target = container.current;
        if (stopped) return;
        if (!stripe || !target) return setState('none');
        const elements = stripe.elements({
          mode: 'payment',
          amount: Math.max(latest.current.amountCents, 1),
          currency: currency.toLowerCase(),
          // Apple Pay and Google Pay are cards to Stripe.
          paymentMethodTypes: ['card'],
          appearance: siteAppearance(target),
        });
        const element = elements.create('expressCheckout', {
          buttonHeight: 44,
          paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' },
        });
        loaded.current = { stripe, elements };
        destroy = () => element.destroy();
        element.on('ready', (event: { availablePaymentMethods?: Record<string, boolean> | null }) => {
          const any = Object.values(event.availablePaymentMethods ?? {}).some(Boolean);
          setState(any ? 'ready' : 'none');
        });
        element.on('click', (event) => void onClick(event));
        element.on('shippingaddresschange', (event) => void onAddress(event));
        element.on('shippingratechange', (event) => void onRate(event));
        element.on('confirm', (event) => void onConfirm(event));
        element.mount(target);
      })
      .catch(() => !stopped && setState('none'));
    return () => {
      stopped = true;
      destroy?.();
    };
  }, []);

  const update = (amount: number) => loaded.current?.elements.update({ amount: Math.max(amount, 1) });

  const onClick = async (event: { resolve(options: Record<string, unknown>): void }) => {
    setProblem(null);
    const p = latest.current.purchase;
    const quote = await p.start();
    if ('problem' in quote) return setProblem(quote.problem);
    update(quote.amountCents);
    event.resolve({
      emailRequired: true,
      phoneNumberRequired: false,
      ...(p.ships ? { shippingAddressRequired: true, shippingRates: ratesFor(quote) } : {}),
    });
  };

  const onAddress = async (event: { address: WalletAddress; resolve(o: Record<string, unknown>): void; reject(): void }) => {
    const quote = await latest.current.purchase.address(locationOf(event.address));
    if (!quote) return event.reject();
    update(quote.amountCents);
    event.resolve({ shippingRates: ratesFor(quote) });
  };

  const onRate = async (event: { shippingRate: { id: string }; resolve(o?: Record<string, unknown>): void; reject(): void }) => {
    const amount = await latest.current.purchase.rate(event.shippingRate.id);
    if (amount === null) return event.reject();
    update(amount);
    event.resolve({});
  };

  const onConfirm = async (event: {
    billingDetails?: { email?: string | null; phone?: string | null };
    shippingAddress?: { name?: string | null; address?: WalletAddress };
    shippingRate?: { id: string } | null;
    paymentFailed(o?: { reason?: string }): void;
  }) => {
    const l = loaded.current;
    if (!l) return;
    const fail = (message: string) => {
      event.paymentFailed({ reason: 'fail' });
      setProblem(message);
    };
    const submitted = await l.elements.submit();
    if (submitted.error) return fail(submitted.error.message || words.failed);
    const p = latest.current.purchase;
    const rate = event.shippingRate?.id;
    const body: CheckoutRequest = {
      email: event.billingDetails?.email ?? '',
      ...p.what(),
      ...(p.ships
        ? { shippingAddress: addressOf(event.shippingAddress, event.billingDetails?.phone), ...(rate && rate !== NO_OPTION ? { shippingOptionId: rate } : {}) }
        : {}),
      payment: { provider: 'stripe' },
    };
    const text = JSON.stringify(body);
    // Same body after an unknown outcome: the same attempt, the same key. Anything else: a new attempt.
    if (!attempt.current || attempt.current.body !== text) attempt.current = { key: newKey(), body: text };
    const answer = await checkout(body, attempt.current.key);
    if (!answer.ok) {
      if (!outcomeUnknown(answer)) attempt.current = null;
      return fail(answer.message);
    }
    attempt.current = null;
    const clientSecret = answer.data.payment?.clientSecret;
    if (clientSecret) {
      const result = await l.stripe.confirmPayment({
        elements: l.elements,
        clientSecret,
        confirmParams: { return_url: new URL(answer.data.confirmationUrl, window.location.href).href },
        redirect: 'if_required',
      });
      if (result.error) return setProblem(result.error.message || words.failed);
    }
    navigate(answer.data.confirmationUrl);
  };

  return (
    <div className="express-checkout" hidden={state === 'none'} data-state={state}>
      <div className="express-checkout__element" ref={container} role="group" aria-label={words.label} />
      <p className={problem ? 'field-error' : 'visually-hidden'} role="alert">
        {problem ?? ''}
      </p>
    </div>
  );
}
