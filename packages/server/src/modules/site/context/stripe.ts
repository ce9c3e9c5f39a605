import { CollectionType, PageType } from '@tessera/core';
import type { JsonObject } from '../../../site-dir/types.js';

/**
 * What the browser needs of the site's card-network provider (site.json `store.stripe`): the
 * publishable key of the active mode, the mode, the extra payment methods and the wallet switch.
 * Never anything else of those settings: the secret keys live only in the store's secrets table,
 * and a key that is not a publishable one (`pk_…`) is left out, so that a secret pasted into the
 * wrong field never reaches a page.
 */
export interface StripeBrowserSettings {
  readonly publishableKey: string;
  readonly testMode: boolean;
  readonly paymentMethods: string[];
  readonly expressCheckout: boolean;
}

const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9_]+$/;
const EXTRA_METHODS = ['afterpay_clearpay', 'klarna'];

/**
 * The site's settings for the browser, or null when the site does not offer the provider: it is
 * not in `store.paymentProviders`, or the active mode has no publishable key. Read defensively:
 * the store reader checks these settings, but a page must render whatever site.json holds.
 */
export function stripeBrowserSettings(store: JsonObject): StripeBrowserSettings | null {
  // A snapshot's store settings never change (a save makes a new snapshot): read once per snapshot,
  // not at every render's context and again for its policy.
  let settings = readSettings.get(store);
  if (settings === undefined) readSettings.set(store, (settings = readStripe(store)));
  return settings;
}

const readSettings = new WeakMap<JsonObject, StripeBrowserSettings | null>();

function readStripe(store: JsonObject): StripeBrowserSettings | null {
  const providers = store.paymentProviders;
  if (!Array.isArray(providers) || !providers.includes('stripe')) return null;
  const raw = store.stripe;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const stripe = raw as Record<string, unknown>;
  const testMode = stripe.testMode === true;
  const key = testMode ? stripe.testPublishableKey : stripe.livePublishableKey;
  if (typeof key !== 'string' || !PUBLISHABLE_KEY.test(key) || !key.startsWith(testMode ? 'pk_test_' : 'pk_live_')) return null;
  const methods = Array.isArray(stripe.paymentMethods) ? stripe.paymentMethods : [];
  return {
    publishableKey: key,
    testMode,
    paymentMethods: EXTRA_METHODS.filter((m) => methods.includes(m)),
    expressCheckout: stripe.expressCheckout === true,
  };
}

/**
 * Whether a page loads Stripe.js, so that it needs the provider's Content-Security-Policy
 * exceptions: the checkout, a Stripe subscription's page (its card update), and the product and
 * cart pages when the wallets' express checkout is on.
 * The storefront loads the script on exactly these pages (packages/storefront/src/stripe).
 */
export function loadsStripe(settings: StripeBrowserSettings | null, context: Readonly<Record<string, unknown>>): boolean {
  if (!settings) return false;
  const pageType = context.pageType;
  if (pageType === PageType.CHECKOUT) return true;
  const subscription = context.subscription as { formProvider?: unknown } | undefined;
  if (pageType === PageType.ORDER_STATUS && subscription?.formProvider === 'stripe') return true;
  if (!settings.expressCheckout) return false;
  if (pageType === PageType.SHOW_CART || pageType === PageType.CART_V2) return true;
  const collection = context.collection as { type?: unknown } | undefined;
  return pageType === PageType.ITEM && collection?.type === CollectionType.PRODUCTS;
}
