// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { AddToCart } from '../../src/islands/add-to-cart/AddToCart.js';
import { EXPRESS_CHECKOUT_KEY } from '../../src/islands/add-to-cart/express.js';
import { readProductMarkup } from '../../src/islands/add-to-cart/markup.js';
import { watchVariantImages } from '../../src/islands/add-to-cart/variant-image.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import { type Network, apiOn, cart, entry, flush, json, network, productItem, renderProduct } from './helpers.js';

const MUG = () =>
  productItem({
    id: 'mug',
    options: ['Colour', 'Size'],
    variants: [
      { sku: 'MUG-BLU-08', attributes: { Colour: 'Blue', Size: '8 oz' }, stock: 14, image: '/assets/blue.svg?v=3' },
      { sku: 'MUG-SND-08', attributes: { Colour: 'Sand', Size: '8 oz' }, stock: 9, image: '/assets/sand.svg?v=2' },
      { sku: 'MUG-SND-12', attributes: { Colour: 'Sand', Size: '12 oz' }, stock: 0 },
    ],
  });

let net: Network;
let root: Root | null = null;
let navigate: Mock<(url: string) => void>;
let published: { name: string; payload?: unknown }[];
let store: ReturnType<typeof createCartStore>;
let storage: Map<string, string>;
let stopImages: () => void = () => {};

function mount(item = MUG(), options: { express?: boolean; cookiesEnabled?: boolean; strings?: Record<string, string> } = {}) {
  const button = renderProduct(item);
  const markup = readProductMarkup(button, options.express ?? false);
  const host = button.closest<HTMLElement>('.sqs-add-to-cart-button-wrapper')!;
  stopImages = watchVariantImages(document);
  act(() => {
    root = createRoot(host);
    root.render(
      <AddToCart
        markup={markup}
        api={apiOn(net, { cookiesEnabled: options.cookiesEnabled })}
        store={store}
        bus={{ publish: (name, payload) => published.push({ name, payload }) }}
        navigate={navigate}
        storage={{ setItem: (k, v) => storage.set(k, v) }}
        strings={options.strings}
      />,
    );
  });
}

const button = () => document.querySelector<HTMLButtonElement>('.sqs-add-to-cart-button')!;
const choose = (label: string, value: string) =>
  act(() => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
/** Lets answers, React and lazily loaded parts (the dialog) arrive, without moving the clock. */
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
};
const click = async () => {
  await act(async () => {
    fireEvent.click(button());
    await flush();
  });
  await settle();
};
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const added = (quantity = 1, sku = 'MUG-SND-08') =>
  json(200, {
    shoppingCart: cart([entry({ id: 'e1', itemId: 'mug', quantity, chosenVariant: { sku, attributes: {} } })]),
    newlyAdded: entry({ id: 'e1', itemId: 'mug', quantity, chosenVariant: { sku, attributes: {} } }),
  });

// The parts the island loads lazily, loaded once here: under fake timers a first import would outlast the test's waits.
beforeAll(async () => {
  await import('../../src/ui/Dialog.js');
  await import('../../src/islands/additional-fields/FieldsLightbox.js');
});

beforeEach(() => {
  vi.useFakeTimers();
  net = network();
  navigate = vi.fn();
  published = [];
  store = createCartStore();
  storage = new Map();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  stopImages();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the add-to-cart button', () => {
  it('is a real button with the storefront label: Add to Cart, Subscribe, Purchase or the custom label', () => {
    mount();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    mount(productItem({ variants: [{ sku: 'SUB', unlimited: true }], subscribable: true }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    mount(productItem({ variants: [{ sku: 'ONE' }] }), { express: true });
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeTruthy();
    mount(productItem({ variants: [{ sku: 'ONE' }], customLabel: 'Join the Club' }), { express: true });
    expect(screen.getByRole('button', { name: 'Join the Club' })).toBeTruthy();
  });

  it('adds the chosen variant and quantity: Adding…, Added! 1 s after adding started, idle 2 s later', async () => {
    net.on('POST', '/api/commerce/shopping-cart/entries', () => added(2));
    mount();
    choose('Select Colour', 'Sand');
    choose('Select Size', '8 oz');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await click();
    expect(button().textContent).toBe('Adding…');
    expect(net.to('POST', '/api/commerce/shopping-cart/entries')).toEqual([
      expect.objectContaining({
        body: { itemId: 'mug', sku: 'MUG-SND-08', quantity: 2 },
        headers: expect.objectContaining({ 'x-csrf-token': 'crumb-1', 'content-type': 'application/json' }),
      }),
    ]);
    await advance(999);
    expect(button().textContent).toBe('Adding…');
    await advance(1);
    expect(button().textContent).toBe('Added!');
    expect(screen.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    // A click while added does nothing.
    await click();
    expect(net.to('POST', '/api/commerce/shopping-cart/entries')).toHaveLength(1);
    await advance(1999);
    expect(button().textContent).toBe('Added!');
    await advance(1);
    expect(button().textContent).toBe('Add to Cart');
    expect(store.getState().cart?.totalQuantity).toBe(2);
    expect(published).toContainEqual({
      name: 'add-to-cart',
      payload: { objectIdentifier: 'mug', variantId: 'var-MUG-SND-08', sku: 'MUG-SND-08', quantity: 2 },
    });
  });

  it('speaks the page’s language when the site context carries its words', async () => {
    net.on('POST', '/api/commerce/shopping-cart/entries', () => added(1));
    const strings = {
      storefrontAddToCartText: 'Ajouter au panier',
      addToCartAddingText: 'Ajout…',
      addToCartAddedText: 'Ajouté !',
      viewCartText: 'Voir le panier',
    };
    mount(MUG(), { strings });
    expect(button().textContent).toBe('Ajouter au panier');
    choose('Select Colour', 'Sand');
    choose('Select Size', '8 oz');
    await click();
    expect(button().textContent).toBe('Ajout…');
    await advance(1000);
    expect(button().textContent).toBe('Ajouté !');
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toBeTruthy();
  });

  it('ignores clicks while adding', async () => {
    let answer!: () => void;
    net.on('POST', '/api/commerce/shopping-cart/entries', () => new Promise<Response>((r) => (answer = () => r(added()))));
    mount();
    choose('Select Colour', 'Sand');
    choose('Select Size', '8 oz');
    await click();
    await click();
    expect(net.to('POST', '/api/commerce/shopping-cart/entries')).toHaveLength(1);
    await act(async () => answer());
    await advance(1000);
    expect(button().textContent).toBe('Added!');
  });

  it.each([
    [{}, 'Please select the Colour and Size options.'],
    [{ Colour: 'Sand' }, 'Please select the Size option.'],
  ])('names the unselected options in its dialog (%j), sends nothing and is idle again after 1 s', async (chosen, message) => {
    mount();
    for (const [option, value] of Object.entries(chosen)) choose(`Select ${option}`, value);
    await click();
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(button().classList.contains('cart-error')).toBe(true);
    await advance(1000);
    expect(button().textContent).toBe('Add to Cart');
    expect(button().classList.contains('cart-error')).toBe(false);
    expect(net.sent).toEqual([]);
  });

  it('names three or more options with commas and "and"', async () => {
    mount(
      productItem({
        options: ['Size', 'Colour', 'Material'],
        variants: [
          { sku: 'A', attributes: { Size: 'S', Colour: 'Red', Material: 'Oak' } },
          { sku: 'B', attributes: { Size: 'M', Colour: 'Red', Material: 'Oak' } },
        ],
      }),
    );
    await click();
    expect(screen.getByRole('alertdialog').textContent).toContain('Please select the Size, Colour and Material options.');
  });

  it('refuses an unavailable variant and an out-of-stock one', async () => {
    mount(
      productItem({
        options: ['Colour', 'Size'],
        variants: [
          { sku: 'B8', attributes: { Colour: 'Blue', Size: '8 oz' } },
          { sku: 'S12', attributes: { Colour: 'Sand', Size: '12 oz' }, stock: 0 },
        ],
      }),
    );
    choose('Select Colour', 'Blue');
    choose('Select Size', '12 oz');
    await click();
    expect(screen.getByRole('alertdialog').textContent).toContain('Sorry, that item variant is unavailable. Please select another variant.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1000);
    choose('Select Colour', 'Sand');
    await click();
    expect(screen.getByRole('alertdialog').textContent).toContain('Sorry, we do not have enough of that item available.');
    expect(net.sent).toEqual([]);
  });

  it.each([
    ['abc', 'Quantity must be a number.'],
    ['1.5', 'Quantity must be a whole number.'],
  ])('refuses the quantity %s', async (value, message) => {
    mount(productItem({ variants: [{ sku: 'ONE' }] }));
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    // jsdom keeps a number input's invalid text out of its value, as browsers do: "abc" reads "".
    fireEvent.change(input, { target: { value } });
    await click();
    expect(screen.getByRole('alertdialog', { name: 'Unable to Add Item' }).textContent).toContain(message);
    expect(net.sent).toEqual([]);
  });

  it.each([
    [
      'a crumb failure with cookies on',
      () => json(403, { error: 'x', code: 'CRUMB_FAIL', crumbFail: true }),
      true,
      'Your session has expired. Please reload the page and try again.',
    ],
    [
      'a crumb failure with cookies off',
      () => json(403, { error: 'x', code: 'CRUMB_FAIL', crumbFail: true }),
      false,
      'Please enable cookies in your browser, reload the page, and try again.',
    ],
    [
      'a 429',
      () => json(429, { error: 'Please try again in a few seconds.', code: 'RATE_LIMITED' }, { 'Retry-After': '30' }),
      true,
      'Please try again in a few seconds.',
    ],
    [
      'a server refusal',
      () => json(409, { error: 'Sorry, we do not have enough of that item available.', code: 'OUT_OF_STOCK' }),
      true,
      'Sorry, we do not have enough of that item available.',
    ],
    ['a network failure', () => 'network-error' as const, true, 'Please check your internet connection.'],
  ])('shows %s in its dialog and is idle 1 s later', async (_name, answer, cookiesEnabled, message) => {
    net.on('POST', '/api/commerce/shopping-cart/entries', answer);
    mount(productItem({ variants: [{ sku: 'ONE' }] }), { cookiesEnabled });
    await click();
    const dialog = screen.getByRole('alertdialog', { name: 'Unable to Add Item' });
    expect(dialog.textContent).toContain(message);
    await advance(1000);
    expect(button().textContent).toBe('Add to Cart');
    expect(screen.queryByRole('link', { name: 'View Cart' })).toBeNull();
    expect(store.getState().cart).toBeNull();
  });

  it('sends a gift card to the gift-card page with its denomination, and asks for one first', async () => {
    mount(
      productItem({
        id: 'gift',
        productType: 4,
        options: ['Value'],
        variants: [
          { sku: 'GFT-025', attributes: { Value: '$25' }, unlimited: true },
          { sku: 'GFT-050', attributes: { Value: '$50' }, unlimited: true },
        ],
      }),
    );
    await click();
    expect(screen.getByRole('alertdialog', { name: 'Unable to purchase Gift Card' }).textContent).toContain('Select a denomination for the Gift Card.');
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1000);
    choose('Select Value', '$50');
    await click();
    expect(navigate).toHaveBeenCalledWith('/checkout/gift-card?itemId=gift&sku=GFT-050');
    expect(net.sent).toEqual([]);
  });

  it('buys at once with express checkout: the checkout page gets the item, variant and quantity', async () => {
    mount(productItem({ id: 'kettle', title: 'Gooseneck Kettle', variants: [{ sku: 'KTL', price: 9500 }] }), { express: true });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    await click();
    expect(navigate).toHaveBeenCalledWith('/checkout?itemId=kettle&quantity=3');
    expect(JSON.parse(storage.get(EXPRESS_CHECKOUT_KEY)!)).toMatchObject({ itemId: 'kettle', quantity: 3, title: 'Gooseneck Kettle', productType: 1 });
    expect(net.sent).toEqual([]);
  });

  it('titles express checkout errors Unable to Purchase Item', async () => {
    mount(
      productItem({
        options: ['Size'],
        variants: [
          { sku: 'S', attributes: { Size: 'S' } },
          { sku: 'M', attributes: { Size: 'M' } },
        ],
      }),
      { express: true },
    );
    await click();
    expect(screen.getByRole('alertdialog', { name: 'Unable to Purchase Item' }).textContent).toContain('Please select the Size option.');
  });

  it('subscribes through a cart of its own and goes to the subscription page with its token', async () => {
    net.on('POST', '/api/3/commerce/cart/subscription', () => json(200, { cartToken: 'tok/en' }));
    mount(
      productItem({
        id: 'beans',
        options: ['Size'],
        subscribable: true,
        variants: [
          { sku: 'SUB-250', attributes: { Size: '250 g' }, unlimited: true },
          { sku: 'SUB-500', attributes: { Size: '500 g' }, unlimited: true },
        ],
      }),
    );
    choose('Select Size', '250 g');
    await click();
    expect(net.to('POST', '/api/3/commerce/cart/subscription')[0]!.body).toEqual({ itemId: 'beans', sku: 'SUB-250', qty: 1 });
    expect(navigate).toHaveBeenCalledWith('/checkout/subscription?cartToken=tok%2Fen');
  });

  it('shows the chosen variant’s image in the product gallery and reports the change', () => {
    mount();
    const changes: unknown[] = [];
    document.addEventListener('tessera:variant-change', (e) => changes.push((e as CustomEvent).detail));
    choose('Select Colour', 'Blue');
    choose('Select Size', '8 oz');
    const first = document.querySelector('.product-gallery__item')!;
    expect(first.getAttribute('data-image-url')).toBe('/assets/blue.svg?v=3');
    expect(first.classList.contains('product-gallery__item--active')).toBe(true);
    choose('Select Colour', 'Sand');
    expect(document.querySelector('.product-gallery__item')!.getAttribute('data-image-url')).toBe('/assets/sand.svg?v=2');
    expect(document.querySelector('.product-gallery__item img')!.hasAttribute('loading')).toBe(false);
    expect(changes.at(-1)).toMatchObject({ itemId: 'mug', variant: { sku: 'MUG-SND-08' }, mainImage: { assetUrl: '/assets/sand.svg?v=2' } });
  });
});
