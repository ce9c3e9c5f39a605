// Entry: the cart page (`/cart`, page type 200), React into `#tessera-cart`. The server's markup
// stays until the cart is read, then the island takes the container over; a failed read keeps it
// and says so. The visit of the cart is published once.
import { createRoot } from 'react-dom/client';
import type { TesseraGlobal } from '../../bootstrap.js';
import { events } from '../../events.js';
import { mountIndicators } from '../../islands/cart-indicators/index.js';
import { cartStore } from '../../islands/shared/cart-store.js';
import { minimumSubtotalCents, moneyFormatter, pageApi } from '../../islands/shared/site.js';
import { CartPage } from './CartPage.js';
import { CartWordsContext, cartWords } from '../words.js';
import { stripeSettingsOf } from '../../stripe/load.js';

/** The wallets' express checkout for the cart, fetched only when the site turns it on. */
async function expressFor(tessera: TesseraGlobal) {
  if (!stripeSettingsOf(tessera.context)?.expressCheckout) return undefined;
  const { cartExpress } = await import('../../stripe/express-mount.js');
  return cartExpress(tessera, cartStore);
}

export async function mount(elements: Element[], tessera: TesseraGlobal): Promise<void> {
  const element = elements[0] as HTMLElement;
  const api = pageApi(tessera);
  const words = cartWords(tessera.context);
  mountIndicators(document, cartStore, tessera);
  const [cart, express] = await Promise.all([cartStore.ensure(api), expressFor(tessera).catch(() => undefined)]);
  if (!cart) {
    const note = document.createElement('p');
    note.className = 'notice';
    note.setAttribute('role', 'alert');
    note.textContent = words.M.checkInternetConnection;
    element.prepend(note);
    return;
  }
  events.publish('view-cart', { objectIdentifier: cart.id ?? '', quantity: cart.totalQuantity });
  const heading = () => {
    const h1 = document.querySelector<HTMLElement>('h1');
    if (h1 && !h1.hasAttribute('tabindex')) h1.tabIndex = -1;
    return h1;
  };
  createRoot(element).render(
    <CartWordsContext.Provider value={words}>
      <CartPage
        api={api}
        store={cartStore}
        bus={events}
        format={moneyFormatter(tessera.context)}
        minimumSubtotalCents={minimumSubtotalCents(tessera.context)}
        heading={heading}
        express={express}
      />
    </CartWordsContext.Provider>,
  );
}
