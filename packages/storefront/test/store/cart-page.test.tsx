// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShoppingCart } from '../../src/api/types.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import { CartPage } from '../../src/pages/cart/CartPage.js';
import { CartWordsContext, cartWords, type CartWords } from '../../src/pages/words.js';
import { stringsForLanguage } from '@tessera/core/strings';
import { type Network, apiOn, cart, entry, format, held, json, network } from './helpers.js';

const ENGRAVING = { id: 'engraving', name: 'Engraving', fields: [{ id: 'engraving-text', type: 'text', title: 'Engraving text', required: true }] };

const MUG = entry({
  id: 'mug',
  title: 'Stoneware Mug',
  quantity: 2,
  subTotalCents: 5600,
  chosenVariant: {
    sku: 'MUG-SND-08',
    attributes: { Colour: 'Sand', Size: '8 oz' },
    optionValues: [
      { optionName: 'Colour', value: 'Sand' },
      { optionName: 'Size', value: '8 oz' },
    ],
  },
  image: { assetUrl: '/assets/mug.svg', altText: 'A mug' },
});
const SCOOP = entry({
  id: 'scoop',
  title: 'Walnut Scoop',
  subTotalCents: 2600,
  additionalFields: JSON.stringify({ 'engraving-text': 'ADA' }),
  fullUrl: '/shop/walnut-scoop',
  image: { assetUrl: '/assets/scoop.jpg?v=ab12', altText: '', systemDataVariants: '1200x1200,100w,300w' },
});
const GUIDE = entry({ id: 'guide', title: 'Brew Guide', subTotalCents: 1200, productType: 2 });

let net: Network;
let root: Root | null = null;
let store: ReturnType<typeof createCartStore>;
let published: { name: string; payload?: unknown }[];

function mount(initial: ShoppingCart, minimumSubtotalCents = 0, words: CartWords = cartWords(undefined)) {
  document.body.innerHTML = '<main><h1 class="page-title">Your cart</h1><div id="tessera-cart"></div></main>';
  store.setCart(initial);
  act(() => {
    root = createRoot(document.getElementById('tessera-cart')!);
    root.render(
      <CartWordsContext.Provider value={words}>
        <CartPage
          api={apiOn(net)}
          store={store}
          bus={{ publish: (name, payload) => published.push({ name, payload }) }}
          format={format}
          minimumSubtotalCents={minimumSubtotalCents}
          heading={() => {
            const h = document.querySelector<HTMLElement>('h1')!;
            h.tabIndex = -1;
            return h;
          }}
        />
      </CartWordsContext.Provider>,
    );
  });
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};
const row = (title: string) => screen.getByText(title).closest('li')!;
const status = () => document.querySelector('[role="status"]')!.textContent;
const answer =
  (c: ShoppingCart, extra: Record<string, unknown> = {}) =>
  () =>
    json(200, { shoppingCart: c, ...extra });

beforeAll(async () => {
  await import('../../src/ui/Dialog.js');
  await import('../../src/islands/additional-fields/FieldsLightbox.js');
});
beforeEach(() => {
  net = network();
  net.always('GET', '/shop/walnut-scoop', () => json(200, { item: { structuredContent: { additionalFieldsForm: ENGRAVING } } }));
  store = createCartStore();
  published = [];
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the cart page', () => {
  it('lists each entry with its image, variant, form answers (by field title), quantity and price, and the totals', async () => {
    mount(cart([MUG, SCOOP]));
    await settle();
    const mug = row('Stoneware Mug');
    expect(mug.querySelector('img')!.getAttribute('src')).toBe('/assets/mug.svg');
    // A drawing has no widths; a photograph offers the image service's, for the 80 px it is shown at.
    expect(mug.querySelector('img')!.hasAttribute('srcset')).toBe(false);
    const scoop = row('Walnut Scoop').querySelector('img')!;
    expect(scoop.getAttribute('srcset')).toBe(
      '/assets/scoop.jpg?v=ab12&format=100w 100w,/assets/scoop.jpg?v=ab12&format=300w 300w,/assets/scoop.jpg?v=ab12&format=original 500w',
    );
    expect(scoop.getAttribute('sizes')).toBe('80px');
    expect(within(mug).getByText('Colour: Sand, Size: 8 oz')).toBeTruthy();
    expect((within(mug).getByLabelText('Quantity of Stoneware Mug') as HTMLInputElement).value).toBe('2');
    expect(within(mug).getByText('$56.00')).toBeTruthy();
    expect(within(row('Walnut Scoop')).getByText('Engraving text').nextSibling!.textContent).toBe('ADA');
    expect(screen.getByText('Total').nextSibling!.textContent).toBe('$82.00');
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe('/checkout');
  });

  it('changes a quantity, shows the recalculating state meanwhile, and announces the new subtotal', async () => {
    const reply = held(answer(cart([{ ...MUG, quantity: 3, subTotalCents: 8400 }])));
    net.on('PUT', '/api/commerce/shopping-cart/entries/mug/quantity', reply.handler);
    mount(cart([MUG]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'One more Stoneware Mug' })));
    expect(net.to('PUT', '/api/commerce/shopping-cart/entries/mug/quantity')[0]!.body).toEqual({ quantity: 3 });
    expect(document.querySelector('.cart-totals')!.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Updating your cart…')).toBeTruthy();
    reply.release();
    await settle();
    expect(document.querySelector('.cart-totals')!.hasAttribute('aria-busy')).toBe(false);
    expect(status()).toBe('Stoneware Mug: quantity 3. Subtotal $84.00.');
    expect(store.getState().cart!.totalQuantity).toBe(3);
  });

  it('types a quantity: a word or a fraction is refused before any call', async () => {
    mount(cart([MUG]));
    const input = screen.getByLabelText('Quantity of Stoneware Mug');
    fireEvent.change(input, { target: { value: '2.5' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(within(row('Stoneware Mug')).getByRole('alert').textContent).toBe('Unable to update quantity Quantity must be a whole number.');
    expect(net.sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it.each([
    ['429', () => json(429, { error: 'Please try again in a few seconds.', code: 'RATE_LIMITED' }), 'Please try again in a few seconds.'],
    ['a network failure', () => 'network-error' as const, 'Please check your internet connection.'],
    [
      'a crumb failure',
      () => json(403, { error: 'x', code: 'CRUMB_FAIL', crumbFail: true }),
      'Your session has expired. Please reload the page and try again.',
    ],
  ])('says Unable to update quantity on %s', async (_name, reply, message) => {
    net.on('PUT', '/api/commerce/shopping-cart/entries/mug/quantity', reply);
    mount(cart([MUG]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'One less Stoneware Mug' })));
    await settle();
    expect(within(row('Stoneware Mug')).getByRole('alert').textContent).toBe(`Unable to update quantity ${message}`);
    expect(store.getState().cart!.entries[0]!.quantity).toBe(2);
  });

  it('removes an entry: focus moves to the next row, announced, and the event is published', async () => {
    net.on('DELETE', '/api/commerce/shopping-cart/entries/mug', answer(cart([SCOOP, GUIDE])));
    mount(cart([MUG, SCOOP, GUIDE]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Stoneware Mug' })));
    await settle();
    expect(screen.queryByText('Stoneware Mug')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Walnut Scoop' }));
    expect(status()).toBe('Stoneware Mug removed from your cart. Subtotal $38.00.');
    expect(published).toContainEqual({ name: 'remove-from-cart', payload: { objectIdentifier: 'item-mug', sku: 'MUG-SND-08', quantity: 2 } });
  });

  it('moves focus to the previous row after removing the last one, and to the heading when the cart is empty', async () => {
    net.on('DELETE', '/api/commerce/shopping-cart/entries/guide', answer(cart([SCOOP])));
    net.on('DELETE', '/api/commerce/shopping-cart/entries/scoop', answer(cart([])));
    mount(cart([SCOOP, GUIDE]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Brew Guide' })));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Walnut Scoop' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Walnut Scoop' })));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your cart' }));
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });

  it('says Unable to remove item when the removal fails', async () => {
    net.on('DELETE', '/api/commerce/shopping-cart/entries/mug', () => json(404, { error: 'That item is no longer in the cart.', code: 'ENTRY_NOT_FOUND' }));
    mount(cart([MUG]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Stoneware Mug' })));
    await settle();
    expect(within(row('Stoneware Mug')).getByRole('alert').textContent).toBe('Unable to remove item That item is no longer in the cart.');
  });

  it('edits an entry’s form in the lightbox and saves it', async () => {
    const saved = { ...SCOOP, additionalFields: JSON.stringify({ 'engraving-text': 'BOB' }) };
    net.on('PUT', '/api/commerce/shopping-cart/entries/scoop/additionalFields', answer(cart([saved]), { updatedEntry: saved }));
    mount(cart([SCOOP]));
    await settle();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit details of Walnut Scoop' })));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Engraving' });
    const text = within(dialog).getByLabelText(/Engraving text/) as HTMLInputElement;
    expect(text.value).toBe('ADA');
    fireEvent.change(text, { target: { value: 'BOB' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await settle();
    expect(net.to('PUT', '/api/commerce/shopping-cart/entries/scoop/additionalFields')[0]!.body).toEqual({
      itemId: 'item-scoop',
      sku: 'SKU-scoop',
      additionalFields: JSON.stringify({ 'engraving-text': 'BOB' }),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(row('Walnut Scoop')).getByText('BOB')).toBeTruthy();
    expect(status()).toBe('Details of Walnut Scoop saved.');
  });

  it('says Unable to open form when the form cannot be read, and Unable to update form when the save fails', async () => {
    net.on(
      'GET',
      '/shop/walnut-scoop',
      () => 'network-error',
      () => 'network-error',
    );
    mount(cart([SCOOP]));
    await settle();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit details of Walnut Scoop' })));
    await settle();
    expect(within(row('Walnut Scoop')).getByRole('alert').textContent).toBe('Unable to open form Please check your internet connection.');
    net.on('PUT', '/api/commerce/shopping-cart/entries/scoop/additionalFields', () =>
      json(404, { error: 'That item is no longer in the cart.', code: 'ENTRY_NOT_FOUND' }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit details of Walnut Scoop' })));
    await settle();
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' })));
    await settle();
    const alert = screen.getByRole('alertdialog', { name: 'Unable to update form' });
    expect(alert.textContent).toContain('That item is no longer in the cart.');
  });

  it('applies and removes coupons, and shows the server’s refusal', async () => {
    net.on(
      'POST',
      '/api/commerce/shopping-cart/coupons',
      () => json(400, { error: 'That coupon code is not valid.', code: 'INVALID_COUPON' }),
      answer(cart([MUG], { coupons: ['WELCOME10'], validCoupons: [{ code: 'WELCOME10', percentOff: 10 }], discountCents: 560, grandTotalCents: 5040 })),
    );
    net.on('DELETE', '/api/commerce/shopping-cart/coupons/WELCOME10', answer(cart([MUG])));
    mount(cart([MUG]));
    const code = screen.getByLabelText('Coupon code');
    fireEvent.change(code, { target: { value: 'NOPE' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('That coupon code is not valid.');
    fireEvent.change(code, { target: { value: 'welcome10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    await settle();
    expect(net.to('POST', '/api/commerce/shopping-cart/coupons').map((r) => r.body)).toEqual([{ code: 'NOPE' }, { code: 'welcome10' }]);
    expect(screen.getByText('Discount').nextSibling!.textContent).toBe('−$5.60');
    expect(status()).toBe('Coupon WELCOME10 applied. Total $50.40.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' })));
    await settle();
    expect(screen.queryByText('Discount')).toBeNull();
  });

  it('estimates shipping and tax from a location and a shipping option', async () => {
    const located = cart([MUG], { shippingLocation: { country: 'US', region: 'NY', postalCode: '12534' }, taxCents: 498, grandTotalCents: 6098 });
    net.on('PUT', '/api/commerce/shopping-cart/shipping-location', answer(located));
    net.on(
      'PUT',
      '/api/commerce/shopping-cart/shipping-option',
      answer({ ...located, selectedShippingOption: located.shippingOptions[0]!, shippingCostCents: 600, grandTotalCents: 6698 }),
    );
    mount(cart([MUG]));
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'us' } });
    fireEvent.change(screen.getByLabelText('State or region'), { target: { value: 'ny' } });
    fireEvent.change(screen.getByLabelText('ZIP or postal code'), { target: { value: '12534' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update estimate' })));
    await settle();
    expect(net.to('PUT', '/api/commerce/shopping-cart/shipping-location')[0]!.body).toEqual({ country: 'US', region: 'NY', postalCode: '12534' });
    expect(screen.getByText('Tax').nextSibling!.textContent).toBe('$4.98');
    await act(async () => fireEvent.change(screen.getByLabelText('Shipping'), { target: { value: 'standard' } }));
    await settle();
    expect(net.to('PUT', '/api/commerce/shopping-cart/shipping-option')[0]!.body).toEqual({ shippingOptionId: 'standard' });
    expect(status()).toBe('Estimate updated. Total $66.98.');
  });

  it('holds the checkout back under the minimum subtotal', () => {
    mount(cart([GUIDE]), 2500);
    expect(screen.getByText('To check out, your order subtotal must be $25.00 or more.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Check out' });
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.hasAttribute('href')).toBe(false);
  });

  it('speaks the page’s language: a French page’s labels, totals, announcements and messages, the server’s known ones too', async () => {
    const french = cartWords({ language: 'fr-FR', localizedStrings: stringsForLanguage('fr-FR') } as never);
    net.on('PUT', '/api/commerce/shopping-cart/entries/mug/quantity', () =>
      json(400, { error: 'Sorry, we do not have enough of that item available.', code: 'INSUFFICIENT_STOCK' }),
    );
    net.on('DELETE', '/api/commerce/shopping-cart/entries/mug', answer(cart([])));
    mount(cart([MUG]), 10_000, french);
    const input = screen.getByLabelText('Quantité de Stoneware Mug');
    fireEvent.change(input, { target: { value: '2.5' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(within(row('Stoneware Mug')).getByRole('alert').textContent).toBe('Impossible de modifier la quantité La quantité doit être un nombre entier.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Un Stoneware Mug de plus' })));
    await settle();
    expect(within(row('Stoneware Mug')).getByRole('alert').textContent).toBe(
      'Impossible de modifier la quantité Désolé, nous n’avons pas assez de cet article en stock.',
    );
    expect(screen.getByText('Sous-total')).toBeTruthy();
    expect(screen.getByText('Passer la commande')).toBeTruthy();
    expect(screen.getByText(/^Pour passer commande, le sous-total doit être d’au moins/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retirer Stoneware Mug' })));
    await settle();
    expect(status()).toMatch(/^Stoneware Mug retiré de votre panier\. Sous-total /);
    expect(screen.getByText('Votre panier est vide.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuer vos achats' })).toBeTruthy();
  });
});
