// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiQuery, canReorder, filtersFromSearch, searchOfFilters } from '../../src/pages/products/filters.js';
import ProductsPage from '../../src/pages/products/page.js';
import type { Choices, ProductSummary } from '../../src/pages/products/types.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/products'));

const context = { page: 'products', siteTitle: 'Shop', language: 'en-US', permissions: ['openConfig', 'manageProducts'] };
const choices: Choices = {
  currency: 'USD',
  collections: [{ urlId: 'shop', title: 'Shop', count: 3, limit: 200 }],
  forms: [],
  membersAreas: [],
  assets: [],
  tags: [],
  categories: [],
  products: [],
};
const row = (n: number, extra: Partial<ProductSummary> = {}): ProductSummary => ({
  id: `p${n}`,
  collection: { urlId: 'shop', title: 'Shop' },
  urlId: `mug-${n}`,
  title: `Mug ${n}`,
  url: `/shop/mug-${n}`,
  productType: 1,
  status: 'published',
  statusLabel: '',
  publishOn: null,
  image: { path: 'assets/shop/mug.svg', url: '/assets/shop/mug.svg' },
  variantCount: 4,
  priceCents: 2400,
  maxPriceCents: 2400,
  onSale: false,
  stock: 12,
  stockState: 'in',
  updatedOn: 1764000000000,
  revision: 1,
  ...extra,
});
const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });
const show = (server: ReturnType<typeof fakeServer>) => render(<ProductsPage context={context} api={createApi({ fetch: server.fetch })} />);
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe("the owner's products list", () => {
  it('shows each product with its status label, type, sale price beside the struck price, stock state and variant count', async () => {
    const server = fakeServer()
      .once('/api/owner/products/choices', () => json(200, choices))
      .once('/api/owner/products?sort=updated', () =>
        json(200, {
          products: [
            row(1, { status: 'draft', statusLabel: 'Draft', onSale: true, priceCents: 1900, maxPriceCents: 2400, stockState: 'low', stock: 2 }),
            row(2, { productType: 2, stockState: 'unlimited', stock: null, variantCount: 1 }),
          ],
          nextCursor: null,
          total: 2,
          currency: 'USD',
        }),
      );
    show(server);
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Loading products…');
    await settle();
    const [first, second] = bodyRows().map((r) => within(r));
    expect(first!.getByRole('link', { name: 'Mug 1' }).getAttribute('href')).toBe('/config/products/p1');
    expect(first!.getByText('Draft')).toBeDefined();
    expect(first!.getByText('$24.00').closest('s')).not.toBeNull();
    expect(first!.getByText('$19.00')).toBeDefined();
    // Low is one of its four variants at or under the threshold, not the product's total.
    expect(first!.getByText('Low on some variants: 2 in all')).toBeDefined();
    expect(first!.getByText('Physical')).toBeDefined();
    expect(second!.getByText('Digital')).toBeDefined();
    expect(second!.getByText('Unlimited')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Import/export' }).getAttribute('href')).toBe('/config/products/import');
  });

  it('keeps the filters in the address and asks the API with them', () => {
    const f = filtersFromSearch('?type=4&status=needs-review&stock=out&collection=shop&sort=-price&bogus=1');
    expect(searchOfFilters(f)).toBe('?type=4&status=needs-review&stock=out&collection=shop&sort=-price');
    expect(apiQuery(filtersFromSearch('?collection=shop')).toString()).toBe('collection=shop&sort=position');
    expect(canReorder(filtersFromSearch('?collection=shop'))).toBe(true);
    expect(canReorder(filtersFromSearch('?collection=shop&q=mug'))).toBe(false);
    expect(canReorder(filtersFromSearch('?sort=position'))).toBe(false);
  });

  it('shows the empty state', async () => {
    const server = fakeServer()
      .once('/api/owner/products/choices', () => json(200, choices))
      .once('/api/owner/products?sort=updated', () => json(200, { products: [], nextCursor: null, total: 0, currency: 'USD' }));
    show(server);
    await settle();
    expect(screen.getByText('No products yet')).toBeDefined();
  });

  it("moves a product in a collection's hand order with Move down and saves the whole order", async () => {
    history.replaceState(null, '', '/config/products?collection=shop');
    const server = fakeServer()
      .once('/api/owner/products/choices', () => json(200, choices))
      .once('/api/owner/products?collection=shop&sort=position&limit=100', () =>
        json(200, { products: [row(1), row(2), row(3)], nextCursor: null, total: 3, currency: 'USD' }),
      )
      .once('/api/owner/products/order', () => json(200, { ok: true }));
    show(server);
    await settle();
    expect(screen.getByRole('button', { name: 'Move up Mug 1' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move down Mug 1' }));
    await settle();
    expect(server.to('/api/owner/products/order')[0]!.body).toEqual({ collection: 'shop', ids: ['p2', 'p1', 'p3'] });
    expect(bodyRows().map((r) => within(r).getAllByRole('link')[0]!.textContent)).toEqual(['Mug 2', 'Mug 1', 'Mug 3']);
    expect(screen.getByText('Moved Mug 1 to place 2 of 3. The order is saved.')).toBeDefined();
    expect(document.activeElement?.textContent).toBe('Move down Mug 1');
  });
});
