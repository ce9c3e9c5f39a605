// Entry: the add-to-cart island, one React root beside each engine button
// (`.sqs-add-to-cart-button[data-item-id]`): the engine's markup stays for pages without
// JavaScript and is replaced in its wrapper. The product page's visit is published once, and the
// variant image follows the variant selects.
import { createRoot, type Root } from 'react-dom/client';
import { ADD_TO_CART_BUTTON } from '@tessera/core/markup';
import type { TesseraGlobal } from '../../bootstrap.js';
import { type EventBus, events } from '../../events.js';
import { cartStore } from '../shared/cart-store.js';
import { navigation, pageApi, storeOf } from '../shared/site.js';
import { AddToCart } from './AddToCart.js';
import { chosenOptions, productData, readProductMarkup } from './markup.js';
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
  watchVariantImages(document);
  for (const element of elements) mountButton(element as HTMLElement, tessera);
}

/**
 * One engine button becomes the island (the quick view's too, whose adds from a product page's
 * related products go to `bus` under their own name).
 */
export function mountButton(element: HTMLElement, tessera: TesseraGlobal, bus?: Pick<EventBus, 'publish'>): Root {
  const context = tessera.context;
  const markup = readProductMarkup(element, storeOf(context).expressCheckout === true);
  // The product page's visit (storefront.md section 7), for the item the page is about.
  const ownPage = context?.pageType === 50 && context.itemId === markup.itemId;
  if (ownPage) events.publish('product-page-visit', { objectIdentifier: markup.itemId });
  const wrapper = element.closest<HTMLElement>(`.${ADD_TO_CART_BUTTON.wrapperClass}`);
  let host = wrapper;
  if (!host) {
    host = document.createElement('div');
    host.className = ADD_TO_CART_BUTTON.wrapperClass;
    element.replaceWith(host);
  }
  host.classList.add('add-to-cart-island');
  const root = createRoot(host);
  root.render(
    <AddToCart
      markup={markup}
      api={pageApi(tessera)}
      bus={bus}
      navigate={(url) => navigation.assign(url)}
      storage={sessionStorageOrNull()}
      onCartChange={showIndicators}
      strings={context?.localizedStrings}
    />,
  );
  // The wallets' express checkout beside the page's own product, on a site that turns it on: its
  // chunk (which decides whether this product can be bought at once) is fetched only then.
  if (ownPage && (context.storeSettings as { stripe?: { expressCheckout?: boolean } }).stripe?.expressCheckout)
    void import('../../stripe/express-mount.js').then((m) => m.mountProductExpress(host, markup, tessera, { productData, chosenOptions }));
  return root;
}
