// The product page's islands in one chunk: add to cart, the installment badge and the reviews tabs
// are on every product page together, so one file (one request, one gzip dictionary) carries them
// and the rules they share. The bootstrap's registry has one line for their three markers; each
// island gets the elements of its own marker.
import type { TesseraGlobal } from '../../bootstrap.js';
import { mount as addToCart } from '../add-to-cart/index.js';
import { mount as installments } from '../installments/index.js';
import { mount as reviews } from '../reviews/index.js';

// The quick view mounts its button through the same code (islands/quick-view), not a copy of it.
export { mountButton } from '../add-to-cart/index.js';

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const badges = elements.filter((e) => e.classList.contains('installment-badge'));
  const tabs = elements.filter((e) => e.hasAttribute('data-tessera-island'));
  const buttons = elements.filter((e) => !badges.includes(e) && !tabs.includes(e));
  if (buttons.length) addToCart(buttons, tessera);
  if (badges.length) installments(badges, tessera);
  reviews(tabs, tessera);
}
