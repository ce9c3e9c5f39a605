import { STRIPE_METHOD_TYPES } from '@tessera/core';

/** The provider's id in `store.paymentProviders`, the orders' `payment_provider` and `payment_secrets`. */
export const STRIPE = 'stripe';

export type StripeMode = 'test' | 'live';

/** The payment methods an owner may turn on besides cards (store.stripe.paymentMethods). */
const STRIPE_OPTIONAL_METHODS: readonly string[] = STRIPE_METHOD_TYPES.filter((t) => t !== 'card');

/** The public half of a site's Stripe settings (site.json `store.stripe`); the secrets live in `payment_secrets`. */
export interface StripeSettings {
  testMode: boolean;
  mode: StripeMode;
  testPublishableKey: string;
  livePublishableKey: string;
  /** The active mode's publishable key. */
  publishableKey: string;
  paymentMethods: string[];
  expressCheckout: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** `store.stripe` as the server uses it, with its defaults (test mode on: a new shop starts safe). */
export function stripeSettingsOf(store: Readonly<Record<string, unknown>>): StripeSettings {
  const raw = (store.stripe && typeof store.stripe === 'object' ? store.stripe : {}) as Record<string, unknown>;
  const testMode = raw.testMode !== false;
  const testPublishableKey = text(raw.testPublishableKey);
  const livePublishableKey = text(raw.livePublishableKey);
  const methods = Array.isArray(raw.paymentMethods) ? raw.paymentMethods.filter((m): m is string => STRIPE_OPTIONAL_METHODS.includes(m as string)) : [];
  return {
    testMode,
    mode: testMode ? 'test' : 'live',
    testPublishableKey,
    livePublishableKey,
    publishableKey: testMode ? testPublishableKey : livePublishableKey,
    paymentMethods: methods,
    expressCheckout: raw.expressCheckout === true,
  };
}

/** Where Stripe sends a site's events: the site's origin and the webhook route. */
export const WEBHOOK_PATH = '/api/commerce/webhooks/stripe';
