// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIndicators } from '../../src/islands/cart-indicators/index.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import type { TesseraGlobal } from '../../src/bootstrap.js';
import { cart, entry } from './helpers.js';

// The header indicator as the default theme renders it (blocks/cart-indicator.block), and the pill root.
const HEADER = (count: number) => `<header><a class="cart-indicator${count ? '' : ' cart-empty'}" href="/cart" data-cart-indicator>
  <span class="visually-hidden">Cart,</span><span class="sqs-cart-quantity">${count}</span><span class="visually-hidden"> ${count === 1 ? 'item' : 'items'}</span>${count ? '<span class="cart-subtotal">$28.00</span>' : ''}
</a></header><div id="tessera-pill-cart" class="pill-cart-root" data-tessera-island="pill-cart"></div>`;

const tessera = { context: { language: 'en-US', currency: 'USD', storeSettings: { selectedCurrency: 'USD' } } } as unknown as TesseraGlobal;
const withQuantity = (quantity: number, subtotalCents = 2800 * quantity) => cart([entry({ id: 'a', quantity, subTotalCents: subtotalCents })]);

let store: ReturnType<typeof createCartStore>;
const pill = () => document.querySelector<HTMLAnchorElement>('#tessera-pill-cart a');
const header = () => document.querySelector<HTMLElement>('[data-cart-indicator]')!;

beforeEach(() => {
  vi.useFakeTimers();
  store = createCartStore();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function page(count: number, context = tessera) {
  // Each test is a new page (a new document body): the indicators mount once per document.
  const doc = document.implementation.createHTMLDocument('shop');
  doc.body.innerHTML = HEADER(count);
  document.replaceChild(document.adoptNode(doc.documentElement), document.documentElement);
  mountIndicators(document, store, context);
}

describe('the pill cart', () => {
  it('is hidden while the cart is empty', () => {
    page(0);
    expect(pill()).toBeNull();
    expect(document.getElementById('tessera-pill-cart')!.childElementCount).toBe(0);
  });

  it('shows the server’s count at once, then fades in, linking to /cart', () => {
    page(3);
    expect(pill()!.getAttribute('href')).toBe('/cart');
    expect(pill()!.textContent).toBe('3 items');
    expect(pill()!.getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(pill()!.classList.contains('pill-cart--visible')).toBe(false);
    vi.advanceTimersToNextFrame();
    expect(pill()!.classList.contains('pill-cart--visible')).toBe(true);
  });

  it('follows the store: item for one, 100 exactly, 100+ above, hidden again at 0', () => {
    page(0);
    store.setCart(withQuantity(1));
    expect(pill()!.textContent).toBe('1 item');
    store.setCart(withQuantity(100));
    expect(pill()!.textContent).toBe('100 items');
    store.setCart(withQuantity(101));
    expect(pill()!.textContent).toBe('100+ items');
    store.setCart(withQuantity(0, 0));
    expect(pill()).toBeNull();
  });

  it('stays away from the cart and checkout pages, whose own buttons it would cover', () => {
    page(2, { context: { ...tessera.context!, pageType: 200 } } as TesseraGlobal);
    store.setCart(withQuantity(3));
    expect(pill()).toBeNull();
    expect(header().querySelector('.sqs-cart-quantity')!.textContent).toBe('3');
  });
});

describe('the header cart indicator', () => {
  it('shows the count and the subtotal, and carries the empty-cart marker at 0', () => {
    page(0);
    expect(header().classList.contains('cart-empty')).toBe(true);
    store.setCart(withQuantity(2, 5600));
    expect(header().classList.contains('cart-empty')).toBe(false);
    expect(header().querySelector('.sqs-cart-quantity')!.textContent).toBe('2');
    expect(header().querySelector('.cart-subtotal')!.textContent).toBe('$56.00');
    expect(header().querySelectorAll('.visually-hidden')[1]!.textContent).toBe(' items');
    store.setCart(withQuantity(0, 0));
    expect(header().classList.contains('cart-empty')).toBe(true);
    expect(header().querySelector('.sqs-cart-quantity')!.textContent).toBe('0');
    expect(header().querySelector('.cart-subtotal')).toBeNull();
  });

  it('agrees with the pill after every change: one store for the page', () => {
    page(1);
    store.setCart(withQuantity(4));
    expect(pill()!.textContent).toBe('4 items');
    expect(header().querySelector('.sqs-cart-quantity')!.textContent).toBe('4');
  });
});
