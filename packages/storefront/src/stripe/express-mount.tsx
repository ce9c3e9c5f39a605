// The express element's page wiring, one chunk for the cart and product pages (each fetches it
// only when the site turns the wallets on): Stripe.js's loader, the API's checkout call, the words
// in the page's language; the cart's element for the cart page, and a root of its own beside a
// product's button.
import { checkoutTexts } from '@tessera/core/cart';
import { createRoot } from 'react-dom/client';
import type { TesseraGlobal } from '../bootstrap.js';
import type { ReactNode } from 'react';
import type { ShoppingCart } from '../api/types.js';
import type { ProductMarkup } from '../islands/add-to-cart/markup.js';
import type { CartStore } from '../islands/shared/cart-store.js';
import { navigation, pageApi } from '../islands/shared/site.js';
import { cartPurchase } from './express-cart.js';
import { type MarkupReaders, productPurchase } from './express-product.js';
import { ExpressCheckout, type ExpressCheckoutProps, type ExpressPurchase } from './ExpressCheckout.js';
import { loadStripeJs, stripeSettingsOf } from './load.js';

/** The element's props on this page, or null when the site does not offer the wallets. */
function expressProps(tessera: TesseraGlobal, purchase: ExpressPurchase): Omit<ExpressCheckoutProps, 'amountCents'> | null {
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

/** The cart page's element for the cart as it is now (none for an empty cart), or undefined without the wallets. */
export function cartExpress(tessera: TesseraGlobal, store: CartStore): ((cart: ShoppingCart) => ReactNode) | undefined {
  const props = expressProps(tessera, cartPurchase(pageApi(tessera), store));
  if (!props) return undefined;
  return (cart) => (cart.entries.length > 0 ? <ExpressCheckout {...props} amountCents={cart.grandTotalCents} /> : null);
}

/**
 * Whether a product is bought at once with a wallet: physical, digital or a service; not a
 * subscription, one whose form must be filled first, or one sold out in every variant.
 */
function walletsFor(m: ProductMarkup): boolean {
  // A product without choices writes no variants into the page: its stock is checked on the click.
  const left = m.variants.length === 0 || m.variants.some((v) => v.unlimited === true || Number(v.qtyInStock) > 0);
  return left && !m.isSubscription && !m.form && m.productType >= 1 && m.productType <= 3;
}

/** Mounts a product's element right after `anchor` (its add-to-cart button), showing the first variant's price until a click. */
export function mountProductExpress(anchor: HTMLElement, markup: ProductMarkup, tessera: TesseraGlobal, readers: MarkupReaders): void {
  if (!walletsFor(markup)) return;
  const props = expressProps(tessera, productPurchase(markup, pageApi(tessera), readers));
  if (!props) return;
  const first = markup.variants[0];
  const price = first ? (first.onSale ? first.salePrice : first.price) : null;
  const amountCents = typeof price === 'number' ? price : 0;
  const host = document.createElement('div');
  host.className = 'express-checkout-host';
  anchor.after(host);
  createRoot(host).render(<ExpressCheckout {...props} amountCents={amountCents} />);
}
