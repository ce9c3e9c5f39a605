// The visitor's side of a page's buttons, quick views and related products, in one small chunk
// (their markers share one line of the bootstrap, whose bytes are tight):
// - census calls (platform.md section 7): `button-render` for each layout button block and
//   `button-click` when one is followed; sent only for a tracked visit (the bootstrap's visit is
//   null for staff and with census off) on a page whose events are tracked (census-calls.ts);
// - a list's quick views: the link to the product opens the quick-view dialog, whose code is
//   fetched on the first activation only;
// - a product page's related products (storefront.md section 7): "display" once when the list
//   scrolls into view, "click" on a card, and their quick views, whose adds are "add". The list's
//   marker is hidden, so the bootstrap fetches this chunk on the visitor's first scroll, focus or
//   press (never for a product page no one touches).
import { QUICK_VIEW } from '@tessera/core/markup';
import type { TesseraGlobal } from '../../bootstrap.js';
import { census } from '../../collectors/census-calls.js';
import { events } from '../../events.js';

const BUTTON_BLOCK = '.layout-block--button';
const RELATED = '[data-tessera-island="related-products"]';

/** A post's like button and comments (islands/comments), which sit below the post: woken with this chunk. */
const POST_EXTRAS = '.sqs-simple-like,[data-tessera-island=comments]';

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const of = (selector: string) => elements.filter((e) => e.matches(selector));
  const post = of(POST_EXTRAS);
  if (post.length > 0) void import('../comments/index.js').then((m) => m.mount(post, tessera));
  const buttons = of(BUTTON_BLOCK);
  if (buttons.length > 0)
    void tessera.visit.then((visit) => {
      if (visit) for (const block of buttons) reportButton(block, (path, fields) => census(path, visit.context, fields));
    });
  for (const list of of('[data-tessera-island="quick-view"]')) offerQuickViews(list, tessera, false);
  for (const marker of of(RELATED)) {
    const list = marker.parentElement;
    if (!list) continue;
    offerQuickViews(list, tessera, true);
    watchRelated(list, tessera);
  }
}

/** `button-render` now, `button-click` when the button is followed: what the button says and where it goes. */
function reportButton(block: Element, send: (path: string, fields: object) => unknown): void {
  const link = block.querySelector('a');
  if (!link) return;
  const fields = {
    blockId: block.getAttribute('data-block-id') ?? '',
    buttonText: (link.textContent ?? '').trim().slice(0, 200),
    url: link.getAttribute('href') ?? '',
  };
  send('button-render', fields);
  link.addEventListener('click', () => send('button-click', fields));
}

/** A quick-view link opens the dialog in place of its page (a click or Enter); a press meant for a new tab keeps its meaning. */
function offerQuickViews(root: Element, tessera: TesseraGlobal, related: boolean): void {
  root.addEventListener('click', (event) => {
    const e = event as MouseEvent;
    const link = (e.target as Element).closest<HTMLAnchorElement>(`a.${QUICK_VIEW.class}`);
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button > 0) return;
    e.preventDefault();
    void import('../quick-view/index.js').then((m) => m.openQuickView(link, tessera, { related }));
  });
  // As every island marks what it took over: until then, a link simply goes to its product.
  (root as HTMLElement).dataset.tesseraMounted = 'quick-view';
}

/** The related products' events: the list seen (once), a card followed. */
function watchRelated(list: Element, tessera: TesseraGlobal): void {
  const pageItem = tessera.context?.itemId ?? '';
  const display = () => events.publish('related-product-display', { objectIdentifier: pageItem, count: list.querySelectorAll('[data-product-id]').length });
  if (typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      display();
    });
    observer.observe(list);
  } else display();
  list.addEventListener('click', (event) => {
    const card = (event.target as Element).closest('.product-card__link');
    const id = card?.closest('[data-product-id]')?.getAttribute('data-product-id');
    if (card && id) events.publish('related-product-click', { objectIdentifier: id, destinationUrl: card.getAttribute('href') ?? '' });
  });
}
