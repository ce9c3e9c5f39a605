// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../src/pages/orders/calls.js';
import { apiQuery, dayStart, filtersFromSearch, searchOfFilters } from '../../src/pages/orders/filters.js';
import OrdersPage, { type OrdersContext } from '../../src/pages/orders/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/orders'));

const API = '/api/owner/orders';
const context: OrdersContext = {
  page: 'orders',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'shop@shop.test',
  permissions: ['openConfig', 'viewOrders', 'manageOrders'],
  timeZone: 'America/New_York',
  currency: 'USD',
  products: [
    { id: 'item-mug', title: 'Blue Mug' },
    { id: 'item-tee', title: 'Tee' },
  ],
};
const row = (n: number, extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id: `o${n}`,
  orderNumber: 1000 + n,
  created: Date.parse('2026-11-26T02:30:00Z'),
  customerEmail: `buyer${n}@example.com`,
  customerName: `Buyer ${n}`,
  paymentStatus: 'PAID',
  fulfillmentStatus: 'PENDING',
  paymentProvider: 'test',
  itemCount: 2,
  grandTotalCents: 4200,
  refundedCents: 0,
  ...extra,
});
const page =
  (orders: OrderSummary[], nextCursor: string | null = null, currency = 'USD') =>
  () =>
    json(200, { orders, nextCursor, currency });
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const show = (server: ReturnType<typeof fakeServer>, c: OrdersContext = context) => render(<OrdersPage context={c} api={createApi({ fetch: server.fetch })} />);
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe("the owner's orders list", () => {
  it('shows each order with its number linking to its page, the buyer, both states in words and the total in the store currency', async () => {
    const server = fakeServer().once(
      API,
      page(
        [
          row(1),
          row(2, { paymentStatus: 'PENDING', paymentProvider: 'offline', customerName: '', grandTotalCents: 1999 }),
          row(3, { paymentStatus: 'PARTIALLY_REFUNDED', fulfillmentStatus: 'FULFILLED', grandTotalCents: 123456, refundedCents: 1200 }),
        ],
        null,
        'JPY',
      ),
    );
    show(server);
    expect(screen.getByRole('status').textContent).toBe('Loading orders…');
    await settle();
    const rows = bodyRows();
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: '#1001' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(first.getByText('Buyer 1')).toBeDefined();
    expect(first.getByText('buyer1@example.com')).toBeDefined();
    expect(first.getByText('Paid')).toBeDefined();
    expect(first.getByText('Unfulfilled')).toBeDefined();
    // JPY has no fraction digits.
    expect(first.getByText('¥4,200')).toBeDefined();
    expect(first.getByText('Nov 25, 2026')).toBeDefined();
    expect(first.getByText(/^9:30\sPM$/)).toBeDefined();
    expect(within(rows[1]!).getByText('Payment pending')).toBeDefined();
    expect(within(rows[2]!).getByText('Partially refunded')).toBeDefined();
    expect(within(rows[2]!).getByText('Fulfilled')).toBeDefined();
    expect(within(rows[2]!).getByText('¥1,200 refunded')).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Showing 3 orders.');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/owner/orders/export.csv');
  });

  it('says there are no orders yet when the shop has none', async () => {
    const server = fakeServer().once(API, page([]));
    show(server);
    await settle();
    expect(screen.getByText('No orders yet')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('reads its filters from the address, sends them to the API in the site time zone, and links the CSV export of the same filters', async () => {
    history.replaceState(null, '', '/config/orders?q=ada&payment=pending&from=2026-11-01&to=2026-11-01&product=item-mug&sort=total_desc&junk=1');
    const from = Date.parse('2026-11-01T04:00:00Z'); // midnight in New York, still summer time
    const to = Date.parse('2026-11-02T05:00:00Z'); // the next midnight, winter time
    const query = `q=ada&payment=pending&from=${from}&to=${to}&product=item-mug&sort=total_desc`;
    const server = fakeServer().once(`${API}?${query}`, page([]));
    show(server);
    await settle();
    expect(server.requests.map((r) => r.url)).toEqual([`${API}?${query}`]);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('ada');
    expect((screen.getByLabelText('Payment') as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByLabelText('Product') as HTMLSelectElement).value).toBe('item-mug');
    expect((screen.getByLabelText('Placed from') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('total_desc');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`/api/owner/orders/export.csv?${query}`);
    // Filtered and empty: says so, and clears them in one click.
    expect(screen.getByText('No orders match these filters')).toBeDefined();
    server.once(`${API}?sort=total_desc`, page([row(1)]));
    fireEvent.click(within(screen.getByText('No orders match these filters').parentElement!).getByRole('button', { name: 'Clear filters' }));
    await settle();
    expect(location.pathname + location.search).toBe('/config/orders?sort=total_desc');
    expect(bodyRows()).toHaveLength(1);
  });

  it('applies the filters together, keeps them in the address, and the back button brings the previous ones back', async () => {
    const server = fakeServer()
      .once(API, page([row(1), row(2)]))
      .once(`${API}?fulfillment=unfulfilled&product=item-tee`, page([row(2)]))
      .once(API, page([row(1), row(2)]));
    show(server);
    await settle();
    fireEvent.change(screen.getByLabelText('Fulfilment'), { target: { value: 'unfulfilled' } });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'item-tee' } });
    // Nothing is asked before Apply.
    expect(server.requests).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(location.search).toBe('?fulfillment=unfulfilled&product=item-tee');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Showing 1 order matching the filters.');
    history.back();
    await settle();
    await settle();
    expect(location.search).toBe('');
    expect(server.requests.map((r) => r.url)).toEqual([API, `${API}?fulfillment=unfulfilled&product=item-tee`, API]);
    expect(bodyRows()).toHaveLength(2);
    expect((screen.getByLabelText('Fulfilment') as HTMLSelectElement).value).toBe('');
  });

  it('loads the next page with the cursor and the same filters, appending its orders', async () => {
    history.replaceState(null, '', '/config/orders?payment=paid');
    const server = fakeServer()
      .once(`${API}?payment=paid`, page([row(1), row(2)], 'c/2'))
      .once(`${API}?payment=paid&cursor=c%2F2`, page([row(3)], null));
    show(server);
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Showing 2 orders matching the filters, more to load.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    await settle();
    expect(bodyRows().map((r) => r.getAttribute('data-order-id'))).toEqual(['o1', 'o2', 'o3']);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it("shows the server's message when the list cannot be read, and tries again", async () => {
    const server = fakeServer()
      .once(API, () => json(400, { error: 'Choose a day on or after 2000-01-01.', code: 'VALIDATION_FAILED' }))
      .once(API, page([row(1)]));
    show(server);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Choose a day on or after 2000-01-01.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(bodyRows()).toHaveLength(1);
  });
});

describe("the orders list's filters", () => {
  it('drop what they do not know and leave the default sort out of the address', () => {
    const f = filtersFromSearch('?payment=lost&fulfillment=fulfilled&from=yesterday&sort=newest&q=%20%231042%20');
    expect(f).toEqual({ q: '#1042', payment: '', fulfillment: 'fulfilled', from: '', to: '', product: '', sort: 'newest' });
    expect(searchOfFilters(f)).toBe('?q=%231042&fulfillment=fulfilled');
    expect(apiQuery(f, 'UTC').toString()).toBe('q=%231042&fulfillment=fulfilled');
  });

  it('turn a day into the instant it starts in the time zone', () => {
    expect(dayStart('2026-03-08', 'America/New_York')).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(dayStart('2026-03-09', 'America/New_York')).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(dayStart('2026-06-01', 'Asia/Tokyo')).toBe(Date.parse('2026-05-31T15:00:00Z'));
    expect(dayStart('2026-06-01', 'Not/AZone')).toBe(Date.parse('2026-06-01T00:00:00Z'));
  });
});
