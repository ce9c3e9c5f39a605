// The express element's page wiring, shared by the cart and product pages (each fetches this
// chunk only when the site turns the wallets on): Stripe.js's loader, the API's checkout call, the
// words in the page's language, and a root of its own beside the product's button.
import { checkoutTexts } from '@tessera/core/cart';
import { createRoot } from 'react-dom/client';
import type { TesseraGlobal } from '../bootstrap.js';
import { navigation, pageApi } from '../islands/shared/site.js';
import { ExpressCheckout, type ExpressCheckoutProps, type ExpressPurchase } from './ExpressCheckout.js';
import { loadStripeJs, stripeSettingsOf } from './load.js';

/** The element's props on this page, or null when the site does not offer the wallets. */
export function expressProps(tessera: TesseraGlobal, purchase: ExpressPurchase): Omit<ExpressCheckoutProps, 'amountCents'> | null {
  const settings = stripeSettingsOf(tessera.context);
  if (!settings?.expressCheckout) return null;
  const T = checkoutTexts(tessera.context?.language);
  const api = pageApi(tessera);
  return {
    settings,
    load: loadStripeJs,
    currency: tessera.context?.currency ?? 'USD',
    purchase,
    checkout: api.checkout,
    navigate: (url) => navigation.assign(url),
    words: { label: T.expressCheckout, failed: T.paymentNotCompleted },
  };
}

/** Mounts the element right after `anchor` (the product's add-to-cart button). */
export function mountExpressAfter(anchor: HTMLElement, tessera: TesseraGlobal, purchase: ExpressPurchase, amountCents: number): void {
  const props = expressProps(tessera, purchase);
  if (!props) return;
  const host = document.createElement('div');
  host.className = 'express-checkout-host';
  anchor.after(host);
  createRoot(host).render(<ExpressCheckout {...props} amountCents={amountCents} />);
}
