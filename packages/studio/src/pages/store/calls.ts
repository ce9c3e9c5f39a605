// The store settings page's calls (docs/owner-api.md "Store settings"), on the one API client of
// @tessera/core. Each resolves with its data or throws the ApiError: the page handles every failure
// in one place (a 409 conflict, field errors, a lost session).
import { type Api, unwrap } from '@tessera/core/api-client';

/** site.json's `store` object, as stored: the page edits the fields it knows and keeps the others. */
export type StoreObject = Record<string, unknown>;

interface CurrencyChoice {
  readonly code: string;
  readonly name: string;
  readonly fractionDigits: number;
}

export interface StoreSettings {
  /** Opaque: sent back with a save, which is refused (409) when the settings changed since. */
  readonly version: string;
  readonly currency: string;
  readonly store: StoreObject;
  readonly currencies: readonly CurrencyChoice[];
  readonly paymentProviders: readonly { readonly id: string; readonly name: string }[];
  /** Upper-cased coupon code -> orders that used it. */
  readonly couponUses: Readonly<Record<string, number>>;
}

const PATH = '/api/owner/store-settings';

export function storeSettingsCalls(api: Api) {
  return {
    load: () => api<StoreSettings>('GET', PATH).then(unwrap),
    save: (body: { version: string; currency: string; store: StoreObject }) => api<StoreSettings>('PUT', PATH, body).then(unwrap),
  };
}

/** What the owner may know of the site's Stripe secrets (docs/owner-api.md "Stripe"): whether each is set, its last four characters. */
export interface StripeKeys {
  readonly testMode: boolean;
  readonly secretKeySet: { readonly test: boolean; readonly live: boolean };
  readonly secretKeyHint: { readonly test: string | null; readonly live: string | null };
  readonly webhookSecretSet: { readonly test: boolean; readonly live: boolean };
  readonly webhookSecretHint: { readonly test: string | null; readonly live: string | null };
  /** Where Stripe sends the site's events: the site's origin and the webhook route. */
  readonly webhookUrl: string;
}

export type StripeSecretField = 'testSecretKey' | 'liveSecretKey' | 'testWebhookSecret' | 'liveWebhookSecret';

const STRIPE_PATH = '/api/owner/payments/stripe';

export function stripeKeyCalls(api: Api) {
  return {
    load: () => api<StripeKeys>('GET', STRIPE_PATH).then(unwrap),
    /** Sets a secret (a string) or removes it (null); the secret is never answered back. */
    save: (field: StripeSecretField, value: string | null) => api<StripeKeys>('PUT', STRIPE_PATH, { [field]: value }).then(unwrap),
  };
}
