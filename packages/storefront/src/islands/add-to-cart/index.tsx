// Entry: the add-to-cart island, one React root beside each engine button
// (`.sqs-add-to-cart-button[data-item-id]`): the engine's markup stays for pages without
// JavaScript and is replaced in its wrapper. The product page's visit is published once, and the
// variant image follows the variant selects.
import { createRoot } from 'react-dom/client';
import { ADD_TO_CART_BUTTON } from '@tessera/core/markup';
import type { TesseraGlobal } from '../../bootstrap.js';
import { events } from '../../events.js';
import { cartStore } from '../shared/cart-store.js';
import { navigation, pageApi, storeOf } from '../shared/site.js';
import { AddToCart } from './AddToCart.js';
import { type ProductMarkup, readProductMarkup } from './markup.js';
import { watchVariantImages } from './variant-image.js';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The indicators follow the store from the first add on (an empty cart's page did not load them). */
const showIndicators = () => void import('../cart-indicators/index.js').then((m) => m.mountIndicators(document, cartStore, window.Tessera ?? null));

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const context = tessera.context;
  const api = pageApi(tessera);
  watchVariantImages(document);
  for (const element of elements) {
    const markup = readProductMarkup(element as HTMLElement, storeOf(context).expressCheckout === true);
    // The product page's visit (storefront.md section 7), for the item the page is about.
    if (context?.pageType === 50 && context.itemId === markup.itemId) events.publish('product-page-visit', { objectIdentifier: markup.itemId });
    const wrapper = element.closest<HTMLElement>(`.${ADD_TO_CART_BUTTON.wrapperClass}`);
    let host = wrapper;
    if (!host) {
      host = document.createElement('div');
      host.className = ADD_TO_CART_BUTTON.wrapperClass;
      element.replaceWith(host);
    }
    host.classList.add('add-to-cart-island');
    createRoot(host).render(
      <AddToCart
        markup={markup}
        api={api}
        navigate={(url) => navigation.assign(url)}
        storage={sessionStorageOrNull()}
        onCartChange={showIndicators}
        strings={context?.localizedStrings}
      />,
    );
    if (context?.pageType === 50 && context.itemId === markup.itemId && walletsFor(markup, context)) void mountWallets(host, markup, tessera);
  }
}

/**
 * The wallets' express checkout beside the product page's own button, when the site turns it on:
 * for a product bought at once (not a subscription, a gift card, a paywall, one whose form must be
 * filled first, or one sold out in every variant); its chunk is fetched only then.
 */
function walletsFor(markup: ProductMarkup, context: TesseraGlobal['context']): boolean {
  const stripe = (context?.storeSettings as { stripe?: { expressCheckout?: boolean } } | undefined)?.stripe;
  // A product without choices writes no variants into the page: its stock is checked on the click.
  const buyable = markup.variants.length === 0 || markup.variants.some((v) => v.unlimited === true || (typeof v.qtyInStock === 'number' && v.qtyInStock > 0));
  return (
    stripe?.expressCheckout === true &&
    buyable &&
    !markup.isSubscription &&
    !markup.form &&
    (markup.productType === 1 || markup.productType === 2 || markup.productType === 3)
  );
}

async function mountWallets(host: HTMLElement, markup: ProductMarkup, tessera: TesseraGlobal): Promise<void> {
  const [{ productPurchase }, { mountExpressAfter }] = await Promise.all([import('../../stripe/express-product.js'), import('../../stripe/express-mount.js')]);
  const first = markup.variants[0];
  const price = first ? (first.onSale ? first.salePrice : first.price) : null;
  mountExpressAfter(host, tessera, productPurchase(markup, pageApi(tessera)), typeof price === 'number' ? price : 0);
}
