// Entry: the cart indicators, kept in step with the shared cart store (no React: they are on every
// page that holds a cart). The pill cart (storefront.md sections 2, 4 and 9) is hidden at 0,
// fades in above 0, shows 100+ above 100 with item/items, and links to /cart; the header's
// template indicator shows the count and the subtotal and carries the empty-cart marker at 0.
import { CART_INDICATOR } from '@tessera/core/markup';
import { STOREFRONT_TEXTS, fillText, pillCartLabel } from '@tessera/core/cart';
import { CART_URL } from '@tessera/core/constants';
import type { TesseraGlobal } from '../../bootstrap.js';
import type { ShoppingCart } from '../../api/types.js';
import { type CartStore, cartStore } from '../shared/cart-store.js';
import { moneyFormatter } from '../shared/site.js';

export const PILL_ROOT_ID = 'tessera-pill-cart';

const BAG =
  '<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 8Z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M9 10V6a3 3 0 0 1 6 0v4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/** The count the server rendered into the header indicator, before any cart answer. */
export function renderedQuantity(doc: Document): number {
  const text = doc.querySelector(`[data-cart-indicator] .${CART_INDICATOR.quantityClass}`)?.textContent ?? '0';
  return Number.parseInt(text, 10) || 0;
}

export function renderPill(root: HTMLElement, totalQuantity: number): void {
  const label = pillCartLabel(totalQuantity);
  if (label.hidden) {
    root.replaceChildren();
    return;
  }
  let link = root.querySelector<HTMLAnchorElement>(`.${CART_INDICATOR.pillClass}`);
  if (!link) {
    link = root.ownerDocument.createElement('a');
    link.className = CART_INDICATOR.pillClass;
    link.href = CART_URL;
    link.innerHTML = `${BAG}<span class="pill-cart__count"></span> <span class="pill-cart__noun"></span>`;
    root.replaceChildren(link);
    // Added hidden, shown on the next frame: the fade runs from the first paint.
    requestAnimationFrame(() => link!.classList.add(CART_INDICATOR.pillVisibleClass));
  }
  link.setAttribute('aria-label', fillText(STOREFRONT_TEXTS.cartLinkLabel, { count: label.count, noun: label.noun }));
  link.querySelector('.pill-cart__count')!.textContent = label.count;
  link.querySelector('.pill-cart__noun')!.textContent = label.noun;
}

export function renderHeaderIndicator(
  indicator: HTMLElement,
  cart: Pick<ShoppingCart, 'totalQuantity' | 'subtotalCents'>,
  format: (cents: number) => string,
): void {
  const count = Math.max(0, cart.totalQuantity);
  const quantity = indicator.querySelector(`.${CART_INDICATOR.quantityClass}`);
  if (quantity) quantity.textContent = String(count);
  // The spoken count after the number ("3 items"), as the theme writes it.
  const spoken = quantity?.nextElementSibling;
  if (spoken?.classList.contains('visually-hidden')) spoken.textContent = ` ${pillCartLabel(count).noun}`;
  let subtotal = indicator.querySelector<HTMLElement>(`.${CART_INDICATOR.subtotalClass}`);
  if (count > 0) {
    if (!subtotal) {
      subtotal = indicator.ownerDocument.createElement('span');
      subtotal.className = CART_INDICATOR.subtotalClass;
      indicator.append(subtotal);
    }
    subtotal.textContent = format(cart.subtotalCents);
  } else subtotal?.remove();
  indicator.classList.toggle(CART_INDICATOR.emptyClass, count === 0);
}

const mounted = new WeakSet<CartStore>();

/** Keeps the page's indicators in step with the page's store; once, whoever calls first. */
export function mountIndicators(doc: Document = document, store: CartStore = cartStore, tessera: TesseraGlobal | null = window.Tessera ?? null): void {
  if (mounted.has(store)) return;
  mounted.add(store);
  const format = moneyFormatter(tessera?.context);
  // On the cart and the checkout the pill would only point at the page itself (and cover its buttons).
  const pageType = tessera?.context?.pageType;
  const pill = pageType === 200 || pageType === 201 ? null : doc.getElementById(PILL_ROOT_ID);
  if (pill) renderPill(pill, store.getState().cart?.totalQuantity ?? renderedQuantity(doc));
  let last: ShoppingCart | null = null;
  const update = () => {
    const { cart } = store.getState();
    if (!cart || cart === last) return;
    last = cart;
    if (pill) renderPill(pill, cart.totalQuantity);
    for (const el of doc.querySelectorAll<HTMLElement>('[data-cart-indicator]')) renderHeaderIndicator(el, cart, format);
  };
  store.subscribe(update);
  update();
}

export function mount(_elements: Element[], tessera: TesseraGlobal): void {
  mountIndicators(document, cartStore, tessera);
}
