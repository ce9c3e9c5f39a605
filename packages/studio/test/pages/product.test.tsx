// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { FREE_LABEL_ERROR } from '@tessera/core/format';
import { afterEach, describe, expect, it } from 'vitest';
import { placeErrors } from '../../src/pages/product/draft.js';
import ProductPage, { type ProductContext } from '../../src/pages/product/page.js';
import type { ProductDoc } from '../../src/pages/product/types.js';
import { buildVariants, combinations } from '../../src/pages/product/variants.js';
import type { Choices } from '../../src/pages/products/types.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const CHOICES = '/api/owner/products/choices';
const choices: Choices = {
  currency: 'USD',
  collections: [{ urlId: 'shop', title: 'Shop', count: 3, limit: 200 }],
  forms: [{ id: 'engraving', name: 'Engraving' }],
  membersAreas: [{ urlId: 'members', title: 'Members' }],
  assets: [{ path: 'assets/shop/mug.svg', url: '/assets/shop/mug.svg', contentType: 'image/svg+xml', width: 100, height: 100, size: 300 }],
  tags: [{ name: 'mugs', count: 2 }],
  categories: [],
  products: [{ ref: 'shop/tee', title: 'Tee' }],
};
const context = (productId: string): ProductContext => ({
  page: 'product',
  siteTitle: 'Shop',
  language: 'en-US',
  permissions: ['openConfig', 'manageProducts'],
  productId,
  currency: 'USD',
  timeZone: 'UTC',
});
const mug: ProductDoc = {
  id: 'p1',
  collection: 'shop',
  revision: 3,
  url: '/shop/blue-mug',
  item: {
    urlId: 'blue-mug',
    title: 'Blue mug',
    status: 'published',
    body: '<p>A mug.</p>',
    tags: ['mugs', 'blue'],
    categories: ['Kitchen', 'Gifts'],
    translations: { 'fr-FR': { title: 'Tasse bleue' } },
    product: {
      productType: 1,
      variantOptionOrdering: ['Size'],
      variants: [
        {
          id: 'v1',
          sku: 'MUG-S',
          attributes: { Size: 'S' },
          priceCents: 2400,
          salePriceCents: 1900,
          onSale: true,
          stock: 3,
          unlimited: false,
          weightGrams: 450,
        },
        { id: 'v2', sku: 'MUG-L', attributes: { Size: 'L' }, priceCents: 2800, salePriceCents: 0, onSale: false, stock: 0, unlimited: false },
      ],
      images: ['assets/shop/mug.svg'],
    },
  },
};
const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });
const show = (server: ReturnType<typeof fakeServer>, id: string) => render(<ProductPage context={context(id)} api={createApi({ fetch: server.fetch })} />);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const variantRows = () =>
  within(screen.getByRole('table', { name: 'Variants' }))
    .getAllByRole('row')
    .slice(1);

describe('variants from options', () => {
  it('makes every combination of one value of each option, and keeps the data of the combinations that stay', () => {
    expect(
      combinations([
        { key: 'c', name: 'Colour', values: ['Blue', 'Red'] },
        { key: 's', name: 'Size', values: ['S', 'M'] },
      ]),
    ).toEqual([
      { Colour: 'Blue', Size: 'S' },
      { Colour: 'Blue', Size: 'M' },
      { Colour: 'Red', Size: 'S' },
      { Colour: 'Red', Size: 'M' },
    ]);
    const one = {
      key: 'k1',
      id: 'v1',
      attributes: {},
      sku: 'MUG',
      price: '24.00',
      salePrice: '',
      onSale: false,
      stock: '3',
      liveStock: 3,
      unlimited: false,
      weight: '450',
      image: '',
      extra: {},
    };
    const built = buildVariants([{ key: 'c', name: 'Colour', values: ['Blue', 'Red'] }], [one], 'MUG');
    // The variant made before the option existed becomes its first value's, with its id and stock.
    expect(built[0]).toMatchObject({ id: 'v1', attributes: { Colour: 'Blue' }, liveStock: 3 });
    // The new one takes the price and weight of the one it grew from, a SKU of its own and no stock.
    expect(built[1]!.id).toBeUndefined();
    expect(built[1]).toMatchObject({ attributes: { Colour: 'Red' }, sku: 'MUG-RED', price: '24.00', weight: '450', stock: '0' });
  });

  it('builds 4 variants from two options of two values in the editor and sends them in minor units with the SKU, prices, sale and stock', async () => {
    history.replaceState(null, '', '/config/products/new?collection=shop&type=1');
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products', () => json(201, { ...mug, id: 'p9' }));
    show(server, 'new');
    await settle();
    type('Title', 'Red Mug');
    expect((screen.getByLabelText('URL slug') as HTMLInputElement).value).toBe('red-mug');
    fireEvent.change(screen.getByLabelText('SKU of Default'), { target: { value: 'MUG' } });
    fireEvent.change(screen.getByLabelText('Price of Default'), { target: { value: '24' } });
    click('Add option');
    type('Name', 'Colour');
    type('Add a value', 'Blue');
    click('Add value to Colour');
    type('Add a value', 'Red');
    click('Add value to Colour');
    expect(variantRows()).toHaveLength(2);
    click('Add option');
    fireEvent.change(screen.getAllByLabelText('Name')[1]!, { target: { value: 'Size' } });
    fireEvent.change(screen.getAllByLabelText('Add a value')[1]!, { target: { value: 'S' } });
    click('Add value to Size');
    fireEvent.change(screen.getAllByLabelText('Add a value')[1]!, { target: { value: 'M' } });
    click('Add value to Size');
    const rows = variantRows();
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Blue / S', 'Blue / M', 'Red / S', 'Red / M']);
    fireEvent.change(screen.getByLabelText('Sale price of Red / M'), { target: { value: '19.5' } });
    fireEvent.click(screen.getByLabelText('Red / M on sale'));
    fireEvent.change(screen.getByLabelText('Starting stock of Blue / M'), { target: { value: '7' } });
    click('Create product');
    await settle();
    const sent = server.to('/api/owner/products')[0]!;
    expect(sent.method).toBe('POST');
    const body = sent.body as {
      collection: string;
      item: { urlId: string; status: string; product: { variantOptionOrdering: string[]; variants: Record<string, unknown>[] } };
    };
    expect(body.collection).toBe('shop');
    expect(body.item.urlId).toBe('red-mug');
    expect(body.item.status).toBe('draft');
    expect(body.item.product.variantOptionOrdering).toEqual(['Colour', 'Size']);
    expect(body.item.product.variants).toHaveLength(4);
    expect(body.item.product.variants.map((v) => v.sku)).toEqual(['MUG', 'MUG-BLUE-M', 'MUG-RED', 'MUG-RED-M']);
    expect(body.item.product.variants[1]).toMatchObject({ attributes: { Colour: 'Blue', Size: 'M' }, priceCents: 2400, stock: 7, unlimited: false });
    expect(body.item.product.variants[3]).toMatchObject({ priceCents: 2400, salePriceCents: 1950, onSale: true, stock: 0 });
    expect(screen.getByText('Product created.')).toBeDefined();
    expect(location.pathname).toBe('/config/products/p9');
  });
});

describe('tags and categories', () => {
  it("says the spec's messages: a tag that exists, a second chip opened while one is edited, a category too long", async () => {
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, mug));
    show(server, 'p1');
    await settle();
    type('Add a tag', 'MUGS');
    fireEvent.click(within(screen.getByRole('group', { name: 'Tags' })).getByRole('button', { name: 'Add' }));
    expect(screen.getByText('This tag already exists')).toBeDefined();
    click('Edit tag mugs');
    click('Edit tag blue');
    expect(screen.getByText('You may only edit one tag at a time')).toBeDefined();
    // Renaming the open one to a value the product has is refused the same way.
    fireEvent.change(screen.getByLabelText('Rename tag mugs'), { target: { value: 'Blue' } });
    click('Done');
    expect(screen.getByText('This tag already exists')).toBeDefined();
    click('Edit category Kitchen');
    click('Edit category Gifts');
    expect(screen.getByText('You may only edit one category at a time')).toBeDefined();
    fireEvent.keyDown(screen.getByLabelText('Rename category Kitchen'), { key: 'Escape' });
    type('Add a category', 'gifts');
    fireEvent.click(within(screen.getByRole('group', { name: 'Categories' })).getByRole('button', { name: 'Add' }));
    expect(screen.getByText('This category already exists')).toBeDefined();
    type('Add a category', 'x'.repeat(26));
    fireEvent.click(within(screen.getByRole('group', { name: 'Categories' })).getByRole('button', { name: 'Add' }));
    expect(screen.getByText(/Categories are at most 25 characters/)).toBeDefined();
    type('Add a tag', 'Stoneware');
    fireEvent.keyDown(screen.getByLabelText('Add a tag'), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Edit tag Stoneware' })).toBeDefined();
  });
});

describe('saving', () => {
  it("keeps the item's other fields and the live stock, sends the revision, and puts a 400's errors beside their fields with the focus on the first", async () => {
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, mug))
      .once('/api/owner/products/p1', () =>
        json(400, {
          error: 'Some fields need attention.',
          code: 'VALIDATION_FAILED',
          errors: {
            'item.product.variants[1].priceCents': 'must be a whole number',
            'item.urlId': 'is used by another item of the collection',
            'item.product.weird': 'odd',
          },
        }),
      );
    show(server, 'p1');
    await settle();
    // The saved variants' stock is shown, not typed: it changes on the inventory page.
    expect(screen.queryByLabelText('Starting stock of S')).toBeNull();
    expect(within(variantRows()[0]!).getByText('3 in stock')).toBeDefined();
    expect(screen.getByRole('link', { name: 'inventory page' }).getAttribute('href')).toBe('/config/inventory?q=MUG-S');
    expect(screen.getByRole('link', { name: 'Adjust the stock of L' }).getAttribute('href')).toBe('/config/inventory?q=MUG-L');
    fireEvent.change(screen.getByLabelText('Price of L'), { target: { value: '29.90' } });
    click('Save');
    await settle();
    const sent = server.to('/api/owner/products/p1')[1]!;
    expect(sent.method).toBe('PUT');
    const body = sent.body as { revision: number; item: Record<string, unknown> & { product: { variants: Record<string, unknown>[] } } };
    expect(body.revision).toBe(3);
    expect(body.item.translations).toEqual({ 'fr-FR': { title: 'Tasse bleue' } });
    expect(body.item.product.variants[0]).toMatchObject({ id: 'v1', stock: 3, priceCents: 2400, salePriceCents: 1900, onSale: true, weightGrams: 450 });
    expect(body.item.product.variants[1]).toMatchObject({ id: 'v2', priceCents: 2990 });
    const price = screen.getByLabelText('Price of L');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!)!.textContent).toBe('must be a whole number');
    const slug = screen.getByLabelText('URL slug');
    expect(slug.getAttribute('aria-describedby')).toContain('f-item-urlId-error');
    expect(screen.getByText('is used by another item of the collection')).toBeDefined();
    // A path the page has no field for is listed above the form.
    expect(screen.getByText('odd').closest('.error-box')?.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(slug);
    expect(screen.getByText('Not saved: 3 fields need attention.')).toBeDefined();
  });

  it('links a digital product to the preview of its delivery, in a new tab; other products have no such link', async () => {
    const guide: ProductDoc = { ...mug, id: 'p2', url: '/shop/guide', item: { ...mug.item, product: { ...mug.item.product, productType: 2 } } };
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p2', () => json(200, guide));
    show(server, 'p2');
    await settle();
    const link = screen.getByRole('link', { name: 'Preview delivery (opens a new tab)' });
    expect(link.getAttribute('href')).toBe('/config/delivery-preview/p2');
    expect(link.getAttribute('target')).toBe('_blank');
    cleanup();
    show(
      fakeServer()
        .once(CHOICES, () => json(200, choices))
        .once('/api/owner/products/p1', () => json(200, mug)),
      'p1',
    );
    await settle();
    expect(screen.queryByRole('link', { name: /Preview delivery/ })).toBeNull();
  });

  it('checks money before sending: a price with too many decimals is refused beside its field, nothing leaves', async () => {
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, mug));
    show(server, 'p1');
    await settle();
    fireEvent.change(screen.getByLabelText('Price of S'), { target: { value: '24.999' } });
    click('Save');
    await settle();
    expect(server.to('/api/owner/products/p1')).toHaveLength(1);
    expect(screen.getByText('Enter at most 2 decimals.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Price of S'));
  });

  it("answers a stale save with the server's conflict message and offers to reload the product", async () => {
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, mug))
      .once('/api/owner/products/p1', () => json(409, { error: 'Someone else saved this product after you opened it.', code: 'PRODUCT_CHANGED' }))
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, { ...mug, revision: 4, item: { ...mug.item, title: 'Blue mug (new)' } }));
    show(server, 'p1');
    await settle();
    type('Title', 'Mine');
    click('Save');
    await settle();
    expect(screen.getByText('Someone else saved this product after you opened it.')).toBeDefined();
    click('Reload the product');
    await settle();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Blue mug (new)');
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, mug));
    show(server, 'p1');
    await settle();
    click('Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });
});

describe('error paths', () => {
  it('places a path on its nearest field, else among the others', () => {
    const known = new Set(['item.tags', 'item.product.variants[0].sku']);
    expect(placeErrors({ 'item.tags[3]': 'too long', 'item.product.variants[0].sku': 'taken', 'item.blocks[2]': 'bad' }, known)).toEqual({
      fields: { 'item.tags': 'too long', 'item.product.variants[0].sku': 'taken' },
      other: ['bad'],
    });
  });
});

describe('product types', () => {
  it("makes a gift card's variants from its amounts, each named and priced by it, never out of stock", async () => {
    history.replaceState(null, '', '/config/products/new?collection=shop&type=4');
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products', () => json(201, { ...mug, id: 'g1' }));
    show(server, 'new');
    await settle();
    type('Title', 'Gift card');
    for (const amount of ['25', '50']) {
      type('Add an amount (USD)', amount);
      click('Add amount');
    }
    type('Add an amount (USD)', '25.00');
    click('Add amount');
    expect(screen.getByText('The gift card already has $25.00.')).toBeDefined();
    expect(variantRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['$25.00', '$50.00']);
    fireEvent.change(screen.getByLabelText('SKU of $25.00'), { target: { value: 'GFT-25' } });
    fireEvent.change(screen.getByLabelText('SKU of $50.00'), { target: { value: 'GFT-50' } });
    // A gift card is never sold by subscription: the spec offers plans to physical and service products only.
    expect(screen.queryByLabelText('Sell as a subscription')).toBeNull();
    click('Create product');
    await settle();
    const body = server.to('/api/owner/products')[0]!.body as { item: { product: Record<string, unknown> & { variants: Record<string, unknown>[] } } };
    expect(body.item.product.giftCard).toEqual({ denominationsCents: [2500, 5000] });
    expect(body.item.product.variantOptionOrdering).toEqual(['Value']);
    expect(body.item.product.isSubscribable).toBe(false);
    expect(body.item.product.variants).toEqual([
      expect.objectContaining({ sku: 'GFT-25', attributes: { Value: '$25.00' }, priceCents: 2500, unlimited: true }),
      expect.objectContaining({ sku: 'GFT-50', attributes: { Value: '$50.00' }, priceCents: 5000, unlimited: true }),
    ]);
  });

  it("needs a digital product's file, and sends a service's subscription plan", async () => {
    history.replaceState(null, '', '/config/products/new?collection=shop&type=2');
    const server = fakeServer().once(CHOICES, () => json(200, choices));
    show(server, 'new');
    await settle();
    type('Title', 'Guide');
    fireEvent.change(screen.getByLabelText('SKU of Default'), { target: { value: 'GDE' } });
    fireEvent.change(screen.getByLabelText('Price of Default'), { target: { value: '9' } });
    click('Create product');
    await settle();
    expect(screen.getByText('Choose the file buyers download.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('File buyers download'));
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    cleanup();

    history.replaceState(null, '', '/config/products/new?collection=shop&type=3');
    const again = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products', () => json(201, { ...mug, id: 's1' }));
    show(again, 'new');
    await settle();
    type('Title', 'Tasting');
    fireEvent.change(screen.getByLabelText('SKU of Default'), { target: { value: 'TST' } });
    fireEvent.change(screen.getByLabelText('Price of Default'), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('Sell as a subscription'));
    type('Bill every', '2');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'WEEK' } });
    type('Number of payments', '0');
    click('Create product');
    await settle();
    const body = again.to('/api/owner/products')[0]!.body as { item: { product: Record<string, unknown> } };
    expect(body.item.product).toMatchObject({ isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 } });
  });
});

describe('related products', () => {
  it('adds, orders and removes related products, at most 8, and saves them in that order', async () => {
    const products = ['tee', 'cap', 'bag', 'pen', 'cup', 'mat', 'pin', 'hat', 'box'].map((u) => ({ ref: `shop/${u}`, title: u.toUpperCase() }));
    const server = fakeServer()
      .once(CHOICES, () => json(200, { ...choices, products: [...products, { ref: 'shop/blue-mug', title: 'Blue mug' }] }))
      .once('/api/owner/products/p1', () => json(200, mug))
      .once('/api/owner/products/p1', () => json(200, { ...mug, revision: 4 }));
    show(server, 'p1');
    await settle();
    expect(screen.getByText('None chosen.')).toBeDefined();
    const picker = screen.getByLabelText('Add a related product') as HTMLSelectElement;
    // The product itself is not offered.
    expect(Array.from(picker.options).map((o) => o.textContent)).not.toContain('Blue mug');
    const add = (ref: string) => {
      fireEvent.change(picker, { target: { value: ref } });
      click('Add product');
    };
    for (const p of products.slice(0, 8)) add(p.ref);
    const list = () =>
      within(screen.getByRole('list', { name: 'Related products' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.related-name')!.textContent);
    expect(list()).toEqual(['TEE', 'CAP', 'BAG', 'PEN', 'CUP', 'MAT', 'PIN', 'HAT']);
    // Eight chosen: the picker waits for a removal.
    expect(picker.disabled).toBe(true);
    expect(screen.getByText('8 products chosen: remove one to add another.')).toBeDefined();
    click('Move CAP up');
    expect(list().slice(0, 2)).toEqual(['CAP', 'TEE']);
    expect(screen.getByText('CAP moved to position 1 of 8.').getAttribute('role')).toBe('status');
    expect((screen.getByRole('button', { name: 'Move CAP up' }) as HTMLButtonElement).disabled).toBe(true);
    click('Move HAT down');
    click('Remove related product PIN');
    expect(list()).toEqual(['CAP', 'TEE', 'BAG', 'PEN', 'CUP', 'MAT', 'HAT']);
    expect(picker.disabled).toBe(false);
    click('Save');
    await settle();
    const body = server.to('/api/owner/products/p1')[1]!.body as { item: { product: { relatedProducts: string[] } } };
    expect(body.item.product.relatedProducts).toEqual(['shop/cap', 'shop/tee', 'shop/bag', 'shop/pen', 'shop/cup', 'shop/mat', 'shop/hat']);
  });
});

describe('free price label', () => {
  it("offers the Free label once a zero price is shown as free, puts the server's error beside it, and sends both", async () => {
    const freeMug: ProductDoc = { ...mug, item: { ...mug.item, product: { ...mug.item.product, showZeroAsFree: true, freeLabel: 'Gratis' } } };
    const server = fakeServer()
      .once(CHOICES, () => json(200, choices))
      .once('/api/owner/products/p1', () => json(200, mug))
      .once('/api/owner/products/p1', () =>
        json(400, { error: 'Some fields need attention.', code: 'VALIDATION_FAILED', errors: { 'item.product.freeLabel': FREE_LABEL_ERROR } }),
      )
      .once('/api/owner/products/p1', () => json(200, { ...freeMug, revision: 4 }))
      .once('/api/owner/products/p1', () => json(200, { ...mug, revision: 5 }));
    show(server, 'p1');
    await settle();
    const toggle = screen.getByLabelText('Show a zero price as free') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.queryByLabelText('Free label')).toBeNull();
    fireEvent.click(toggle);
    const label = screen.getByLabelText('Free label') as HTMLInputElement;
    expect(label.value).toBe('');
    click('Save');
    await settle();
    const sent = (n: number) => (server.to('/api/owner/products/p1')[n]!.body as { item: { product: Record<string, unknown> } }).item.product;
    expect(sent(1)).toMatchObject({ showZeroAsFree: true, freeLabel: '' });
    // The server's message, beside the label's field, which takes the focus.
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(label.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(FREE_LABEL_ERROR);
    expect(document.activeElement).toBe(label);
    type('Free label', ' Gratis ');
    click('Save');
    await settle();
    expect(sent(2)).toMatchObject({ showZeroAsFree: true, freeLabel: 'Gratis' });
    expect((screen.getByLabelText('Free label') as HTMLInputElement).value).toBe('Gratis');
    // Unticked, neither is sent: a zero price shows as an amount again.
    fireEvent.click(screen.getByLabelText('Show a zero price as free'));
    expect(screen.queryByLabelText('Free label')).toBeNull();
    click('Save');
    await settle();
    expect(sent(3)).not.toHaveProperty('showZeroAsFree');
    expect(sent(3)).not.toHaveProperty('freeLabel');
  });
});
