// The customer's subscription calls (docs/commerce-api.md "Subscription renewals") on the one API
// client of @tessera/core; the signed token of the page's link names the subscription.
import { type ApiOptions, createApi } from '@tessera/core/api-client';

export interface SubscriptionAnswer {
  readonly subscription: { readonly status: string; readonly paymentMethod: string | null; readonly nextBillingDate: number | null };
  /** After a new payment method on a past-due subscription: the renewal tried at once. */
  readonly renewal?: 'paid' | 'failed' | 'skipped' | null;
  /** A provider whose card form is its own script: the secret it finishes with. */
  readonly clientSecret?: string;
}

export function createSubscriptionApi(options: ApiOptions = {}) {
  const api = createApi(options);
  return {
    cancel: (token: string) => api<SubscriptionAnswer>('POST', '/api/commerce/subscription/cancel', { token }),
    updateMethod: (token: string, payment: Record<string, string>) =>
      api<SubscriptionAnswer>('POST', '/api/commerce/subscription/payment-method', { token, payment }),
    /** After Stripe.js confirmed the SetupIntent: the server reads it from Stripe and keeps the card (as its webhook would). */
    confirmMethod: (token: string, setupIntentId: string) =>
      api<SubscriptionAnswer>('POST', '/api/commerce/subscription/payment-method/confirm', { token, setupIntentId }),
  };
}

export type SubscriptionApi = ReturnType<typeof createSubscriptionApi>;
