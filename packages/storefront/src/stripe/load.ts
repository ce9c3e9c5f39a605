// Stripe.js, loaded only where a page asks for it (the checkout; the product and cart pages with
// the wallets' express checkout), through Stripe's own loader package, which injects the script
// from Stripe's domain as Stripe requires. The loader is a seam: the islands take a StripeLoader,
// and their tests hand in a stand-in.
import type { TesseraGlobal } from '../bootstrap.js';
import type { StripeJs, StripeLoader, StripeSettings } from './types.js';

/** The page's Stripe settings, or null on a site that does not offer Stripe. */
export function stripeSettingsOf(context: TesseraGlobal['context'] | undefined): StripeSettings | null {
  const raw = (context?.storeSettings as { stripe?: unknown } | undefined)?.stripe;
  if (!raw || typeof raw !== 'object') return null;
  const s = raw as Partial<StripeSettings>;
  if (typeof s.publishableKey !== 'string' || s.publishableKey === '') return null;
  return {
    publishableKey: s.publishableKey,
    testMode: s.testMode === true,
    paymentMethods: Array.isArray(s.paymentMethods) ? s.paymentMethods.filter((m) => typeof m === 'string') : [],
    expressCheckout: s.expressCheckout === true,
  };
}

/** One Stripe object per key and page: the loader package itself injects the script at most once. */
const loaded = new Map<string, Promise<StripeJs | null>>();

/** The real loader: `@stripe/stripe-js/pure` injects Stripe.js only when called (never on import). */
export const loadStripeJs: StripeLoader = (publishableKey) => {
  let pending = loaded.get(publishableKey);
  if (!pending) {
    pending = import('@stripe/stripe-js/pure')
      .then((m) => m.loadStripe(publishableKey) as unknown as Promise<StripeJs | null>)
      .catch((error: unknown) => {
        // A later attempt may load it (the shopper's network came back).
        loaded.delete(publishableKey);
        throw error;
      });
    loaded.set(publishableKey, pending);
  }
  return pending;
};
