// Entry: the checkout (page type 201), React into `#tessera-checkout`: the cart's checkout
// (`/checkout`), express checkout of one item (`/checkout?itemId=&sku=&quantity=`), a
// subscription (`/checkout/subscription`, the container's data-cart-token) and a gift card
// (`/checkout/gift-card`, the container's data-item-id and data-sku).
import { createRoot } from 'react-dom/client';
import type { TesseraGlobal } from '../../bootstrap.js';
import { mountIndicators } from '../../islands/cart-indicators/index.js';
import { cartStore, createCartStore } from '../../islands/shared/cart-store.js';
import { moneyFormatter, navigation, pageApi, storeOf } from '../../islands/shared/site.js';
import { CheckoutPage } from './CheckoutPage.js';
import { CheckoutWordsContext, checkoutWords } from '../words.js';
import { readPurchase } from './purchase.js';
import { loadStripeJs, stripeSettingsOf } from '../../stripe/load.js';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const element = elements[0] as HTMLElement;
  const purchase = readPurchase(element, window.location.search, sessionStorageOrNull());
  if (!purchase) return;
  // The visitor's own cart is the page's cart; a subscription or a single item are not.
  const store = purchase.kind === 'cart' ? cartStore : createCartStore();
  if (purchase.kind === 'cart') mountIndicators(document, cartStore, tessera);
  const providers = storeOf(tessera.context).paymentProviders ?? ['offline'];
  createRoot(element).render(
    <CheckoutWordsContext.Provider value={checkoutWords(tessera.context)}>
      <CheckoutPage
        purchase={purchase}
        api={pageApi(tessera)}
        store={store}
        providers={providers}
        format={moneyFormatter(tessera.context)}
        navigate={(url) => navigation.assign(url)}
        stripe={{
          settings: stripeSettingsOf(tessera.context),
          load: loadStripeJs,
          currency: tessera.context?.currency ?? 'USD',
          installments: storeOf(tessera.context).installments,
        }}
      />
    </CheckoutWordsContext.Provider>,
  );
}
