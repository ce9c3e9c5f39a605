// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type SignUpGroup, allGroups, restockCalls } from '../../src/pages/restock/calls.js';
import RestockPage, { type RestockContext } from '../../src/pages/restock/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const context: RestockContext = { page: 'restock', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', timeZone: 'America/New_York' };
const PATH = '/api/site-users/account/notifications/restock';
const group = (n: number, extra: Partial<SignUpGroup> = {}): SignUpGroup => ({
  productId: `p${n}`,
  variantId: `v${n}`,
  available: true,
  productTitle: `Product ${n}`,
  productUrl: `/shop/p${n}`,
  imageUrl: null,
  sku: `SKU-${n}`,
  variantText: 'Size: 12 oz',
  qtyInStock: 0,
  unlimited: false,
  inStock: false,
  waitingCount: 2,
  notifiedCount: 0,
  firstSignUpOn: 0,
  lastSignUpOn: 0,
  ...extra,
});
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

describe("the owner's restock page", () => {
  it('fetches the groups page by page until there is no next page', async () => {
    const server = fakeServer()
      .once(`${PATH}/groups`, () => json(200, { signUpGroups: [group(1)], hasNextPage: true, nextPageCursor: 'c1' }))
      .once(`${PATH}/groups?cursor=c1`, () => json(200, { signUpGroups: [group(2)], hasNextPage: true, nextPageCursor: 'c/2' }))
      .once(`${PATH}/groups?cursor=c%2F2`, () => json(200, { signUpGroups: [group(3)], hasNextPage: false, nextPageCursor: null }));
    const groups = await allGroups(restockCalls(createApi({ fetch: server.fetch })));
    expect(groups.map((g) => g.variantId)).toEqual(['v1', 'v2', 'v3']);
    expect(server.requests.map((r) => r.url)).toEqual([`${PATH}/groups`, `${PATH}/groups?cursor=c1`, `${PATH}/groups?cursor=c%2F2`]);
  });

  it("sends a group in stock, shows the outcome and the server's message when sending is refused", async () => {
    const server = fakeServer()
      .once(`${PATH}/groups`, () =>
        json(200, { signUpGroups: [group(1, { inStock: true, qtyInStock: 4 }), group(2)], hasNextPage: false, nextPageCursor: null }),
      )
      .once(`${PATH}/send`, () => json(200, { productId: 'p1', variantId: 'v1', sent: 2 }))
      .once(`${PATH}/groups`, () =>
        json(200, {
          signUpGroups: [group(1, { inStock: true, qtyInStock: 4, waitingCount: 0, notifiedCount: 2 }), group(2)],
          hasNextPage: false,
          nextPageCursor: null,
        }),
      )
      .once('/api/owner/inventory/v2', () =>
        json(409, {
          error: 'x',
          code: 'RESTOCK_OUT_OF_STOCK',
          data: { message: 'This variant is still out of stock: restock it before notifying the visitors waiting for it.' },
        }),
      );
    document.cookie = 'crumb=crumb-9';
    render(<RestockPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Only a variant in stock with visitors waiting can be sent.
    expect(
      within(rows[1]!)
        .getByRole('button', { name: /^Send to 2 waiting/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Send to 2 waiting: Product 1 (Size: 12 oz)' }));
    await settle();
    expect(server.to(`${PATH}/send`)[0]!.body).toEqual({ productId: 'p1', variantId: 'v1' });
    expect(server.to(`${PATH}/send`)[0]!.headers['x-csrf-token']).toBe('crumb-9');
    expect(screen.getByRole('status').textContent).toBe('Sent 2 notices for Product 1 (Size: 12 oz).');
    const stock = within(screen.getAllByRole('row')[2]!).getByLabelText('Stock of Product 2 Size: 12 oz');
    fireEvent.change(stock, { target: { value: '5' } });
    fireEvent.click(within(screen.getAllByRole('row')[2]!).getByRole('button', { name: 'Update stock' }));
    await settle();
    expect(server.to('/api/owner/inventory/v2')[0]!.body).toEqual({ stock: 5 });
    expect(screen.getByRole('status').textContent).toBe('This variant is still out of stock: restock it before notifying the visitors waiting for it.');
  });
});
