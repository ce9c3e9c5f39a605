// Entry: the product page's reviews (`[data-tessera-island="product-reviews"]`, PRODUCT_REVIEWS in
// @tessera/core). The theme renders the description and the reviews as two tabs that work as plain
// links without script; the island makes them tabs (one panel shown, arrow keys between tabs) and
// sends the reviews tab's and the rating anchor's clicks to the storefront's event bus
// (storefront.md section 7: "reviews tab and anchor clicks").
import { PRODUCT_REVIEWS as P } from '@tessera/core/markup';
import type { TesseraGlobal } from '../../bootstrap.js';
import { events, type EventBus } from '../../events.js';

export interface ReviewTabs {
  select(index: number, focus?: boolean): void;
  readonly selected: number;
}

export function mountProductReviews(container: HTMLElement, bus: Pick<EventBus, 'publish'> = events, doc: Document = document): ReviewTabs {
  const itemId = container.getAttribute(P.attributes.itemId) ?? '';
  const tabs = Array.from(container.querySelectorAll<HTMLElement>('[role="tab"]'));
  const panels = tabs.map((tab) => doc.getElementById(tab.getAttribute('aria-controls') ?? ''));
  const reviewsIndex = Math.max(
    0,
    tabs.findIndex((t) => t.hasAttribute(P.attributes.tab)),
  );
  let selected = Math.max(
    0,
    tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
  );

  const select = (index: number, focus = false) => {
    selected = index;
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
      const panel = panels[i];
      if (panel) {
        panel.hidden = i !== index;
        panel.tabIndex = 0;
      }
    });
    if (focus) tabs[index]?.focus();
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(i);
      if (tab.hasAttribute(P.attributes.tab)) bus.publish(P.tabClickEvent, { objectIdentifier: itemId });
    });
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(next, true);
    });
  });

  // The rating under the title leads to the reviews: their tab is chosen and scrolled to.
  const scope = container.closest('article') ?? doc;
  for (const anchor of Array.from(scope.querySelectorAll<HTMLElement>(`[${P.attributes.anchor}]`))) {
    anchor.addEventListener('click', (event) => {
      event.preventDefault();
      select(reviewsIndex);
      const panel = panels[reviewsIndex];
      const smooth = !doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      panel?.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
      panel?.focus({ preventScroll: true });
      bus.publish(P.anchorClickEvent, { objectIdentifier: itemId });
    });
  }

  select(doc.defaultView?.location.hash === `#${panels[reviewsIndex]?.id}` ? reviewsIndex : selected);
  return {
    select,
    get selected() {
      return selected;
    },
  };
}

/** The bootstrap's entry (ISLANDS in bootstrap.ts). */
export function mount(elements: Element[], _tessera: TesseraGlobal): void {
  for (const element of elements) if (element instanceof HTMLElement) mountProductReviews(element);
}
