// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToCart } from '../../src/islands/add-to-cart/AddToCart.js';
import { readProductMarkup } from '../../src/islands/add-to-cart/markup.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import { type Network, apiOn, cart, entry, flush, held, json, network, productItem, renderProduct } from './helpers.js';

const ENGRAVING = {
  id: 'engraving',
  name: 'Engraving',
  captcha: false,
  honeypot: false,
  newsletter: false,
  fields: [
    { id: 'intro', type: 'section', title: 'Your engraving' },
    { id: 'engraving-text', type: 'text', title: 'Engraving text', required: true },
    { id: 'engraving-style', type: 'radio', title: 'Lettering', options: ['Serif capitals', 'Script'], required: true },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'], required: true },
    { id: 'finish', type: 'select', title: 'Finish', options: ['Oil', 'Wax'], required: true },
    { id: 'feel', type: 'likert', title: 'How do you feel?', options: ['Happy'], required: true },
  ],
};

const SCOOP = () =>
  productItem({ id: 'scoop', title: 'Walnut Scoop', customLabel: 'Personalize and Add', form: ENGRAVING, variants: [{ sku: 'SCP', stock: 3 }] });

let net: Network;
let root: Root | null = null;
let store: ReturnType<typeof createCartStore>;

function mount() {
  const button = renderProduct(SCOOP());
  const markup = readProductMarkup(button);
  act(() => {
    root = createRoot(button.closest<HTMLElement>('.sqs-add-to-cart-button-wrapper')!);
    root.render(<AddToCart markup={markup} api={apiOn(net)} store={store} bus={{ publish: () => {} }} navigate={() => {}} />);
  });
}

const settle = async () => {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
};
const addButton = () => screen.getByRole('button', { name: /Personalize and Add|Adding…|Added!/ });
const open = async () => {
  await act(async () => {
    fireEvent.click(addButton());
    await flush();
  });
  await settle();
};
const stock = (qtyInStock: number) => () =>
  json(200, { results: [{ itemId: 'scoop', variantId: 'v', sku: 'SCP', attributes: {}, unlimited: false, qtyInStock }] });
const inCart = (quantity: number) => () =>
  json(200, cart(quantity ? [entry({ id: 'e0', itemId: 'scoop', quantity, chosenVariant: { sku: 'SCP', attributes: {} } })] : []));

beforeAll(async () => {
  await import('../../src/ui/Dialog.js');
  await import('../../src/islands/additional-fields/FieldsLightbox.js');
});
beforeEach(() => {
  vi.useFakeTimers();
  net = network();
  store = createCartStore();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function fill() {
  const dialog = screen.getByRole('dialog', { name: 'Engraving' });
  fireEvent.change(within(dialog).getByLabelText(/Engraving text/), { target: { value: 'ADA' } });
  fireEvent.click(within(dialog).getByLabelText('Script'));
  fireEvent.click(within(dialog).getByLabelText('Card'));
  fireEvent.change(within(dialog).getByLabelText(/Finish/), { target: { value: 'Wax' } });
  return dialog;
}

describe('a button that uses a form', () => {
  it('checks stock first, counting what the cart holds: none left for this cart is out of stock', async () => {
    net.on('GET', '/api/commerce/inventory/stock/', stock(2)).on('GET', '/api/commerce/shopping-cart', inCart(2));
    mount();
    await open();
    expect(net.to('GET', '/api/commerce/inventory/stock/')[0]!.query.get('itemId')).toBe('scoop');
    expect(screen.getByRole('alertdialog', { name: 'Unable to Add Item' }).textContent).toContain('Sorry, we do not have enough of that item available.');
    expect(screen.queryByRole('dialog', { name: 'Engraving' })).toBeNull();
    expect(net.to('POST', '/api/commerce/shopping-cart/entries')).toEqual([]);
  });

  it('says so when the stock cannot be read', async () => {
    net.on('GET', '/api/commerce/inventory/stock/', () => 'network-error').on('GET', '/api/commerce/shopping-cart', inCart(0));
    mount();
    await open();
    expect(screen.getByRole('alertdialog').textContent).toContain('Please check your internet connection.');
  });

  it('opens the form in a lightbox that locks scrolling: empty required fields say Required, likert and sections never', async () => {
    net.on('GET', '/api/commerce/inventory/stock/', stock(3)).on('GET', '/api/commerce/shopping-cart', inCart(2));
    mount();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Engraving' });
    expect(document.body.style.overflow).toBe('hidden');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    const errors = Array.from(dialog.querySelectorAll('[data-field-id]'), (f) => [
      f.getAttribute('data-field-id'),
      f.querySelector('.field-error:not([hidden])')?.textContent ?? null,
    ]);
    expect(errors).toEqual([
      ['intro', null],
      ['engraving-text', 'Required'],
      ['engraving-style', 'Required'],
      ['extras', 'Required'],
      ['finish', 'Required'],
      ['feel', null],
    ]);
    expect(within(dialog).getByRole('alert').textContent).toBe('Update the missing or invalid information above.');
    expect(net.to('POST', '/api/commerce/shopping-cart/entries')).toEqual([]);
  });

  it('saves the answers with the add (Saving… meanwhile), closes, and the button says Added! 1 s after', async () => {
    const answer = held(() => json(200, { shoppingCart: cart([entry({ id: 'e1', itemId: 'scoop' })]), newlyAdded: entry({ id: 'e1', itemId: 'scoop' }) }));
    net
      .on('GET', '/api/commerce/inventory/stock/', stock(3))
      .on('GET', '/api/commerce/shopping-cart', inCart(0))
      .on('POST', '/api/commerce/shopping-cart/entries', answer.handler);
    mount();
    await open();
    const dialog = fill();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeTruthy();
    const [sent] = net.to('POST', '/api/commerce/shopping-cart/entries');
    expect(sent!.body).toMatchObject({ itemId: 'scoop', quantity: 1 });
    expect(JSON.parse((sent!.body as { additionalFields: string }).additionalFields)).toEqual({
      'engraving-text': 'ADA',
      'engraving-style': 'Script',
      extras: ['Card'],
      finish: 'Wax',
      feel: { Happy: [] },
    });
    answer.release();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(addButton().textContent).toBe('Added!');
  });

  it('shows the server’s field errors in the form', async () => {
    net
      .on('GET', '/api/commerce/inventory/stock/', stock(3))
      .on('GET', '/api/commerce/shopping-cart', inCart(0))
      .on('POST', '/api/commerce/shopping-cart/entries', () =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: { 'engraving-text': 'Twelve letters at most' },
        }),
      );
    mount();
    await open();
    const dialog = fill();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await settle();
    expect(dialog.querySelector('[data-field-id="engraving-text"] .field-error')!.textContent).toBe('Twelve letters at most');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    ['its close button', (d: HTMLElement) => fireEvent.click(within(d).getByRole('button', { name: 'Close' }))],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
    ['a click outside', (d: HTMLElement) => fireEvent.mouseDown(d.parentElement!)],
  ])('closes by %s, gives focus back and unlocks the page', async (_how, close) => {
    net.on('GET', '/api/commerce/inventory/stock/', stock(3)).on('GET', '/api/commerce/shopping-cart', inCart(0));
    mount();
    addButton().focus();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Engraving' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => close(dialog));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(addButton());
    expect(addButton().textContent).toBe('Personalize and Add');
  });

  it('keeps focus inside: Tab from the last control goes to the first, Shift+Tab back', async () => {
    net.on('GET', '/api/commerce/inventory/stock/', stock(3)).on('GET', '/api/commerce/shopping-cart', inCart(0));
    mount();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Engraving' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    save.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
    // Focus that lands outside comes back.
    act(() => addButton().focus());
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
