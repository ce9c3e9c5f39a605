// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeSummary } from '../../src/pages/home/calls.js';
import HomePage, { type HomeContext } from '../../src/pages/home/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const context: HomeContext = {
  page: 'home',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['openConfig', 'viewOrders', 'manageOrders', 'manageProducts', 'viewRestockSignups'],
  timeZone: 'America/New_York',
  currency: 'USD',
};
const usd = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD' });
const side = (from: string, orders: number, cents: number) => ({
  from: Date.parse(from),
  to: Date.parse(from) + 3_600_000,
  orders,
  salesCents: cents,
  salesMoney: usd(cents),
});

function summary(cards: HomeSummary['cards'] = full()): HomeSummary {
  return {
    now: Date.parse('2026-03-11T15:00:00Z'),
    timeZone: 'America/New_York',
    currency: 'USD',
    account: { id: 'acc1', email: 'owner@shop.test', notifyNewOrders: false },
    cards,
  };
}
function full(): HomeSummary['cards'] {
  return {
    sales: {
      today: { current: side('2026-03-11T04:00:00Z', 4, 7000), previous: side('2026-03-04T05:00:00Z', 1, 3000), link: '/config/orders?from=2026-03-11' },
      week: { current: side('2026-03-09T04:00:00Z', 5, 8000), previous: side('2026-03-02T05:00:00Z', 5, 8000), link: '/config/orders?from=2026-03-09' },
    },
    toFulfill: { count: 3, link: '/config/orders?fulfillment=unfulfilled&payment=paid' },
    pendingPayments: { count: 2, amountCents: 3500, amountMoney: usd(3500), link: '/config/orders?payment=pending' },
    lowStock: {
      threshold: 5,
      count: 2,
      variants: [
        { variantId: 'v1', itemId: 'i1', productTitle: 'Blue Mug', sku: 'MUG-16', variantText: 'Size: 16 oz', stock: 0 },
        { variantId: 'v2', itemId: 'i2', productTitle: 'Tee', sku: 'TEE-S', variantText: 'Size: S', stock: 2 },
      ],
      link: '/config/inventory?stock=low',
    },
    reviews: { waiting: false, since: 0, count: 0, latest: [], link: '/config/reviews' },
    formSubmissions: { since: 0, count: 3, forms: [{ formKey: 'contact', formName: 'Contact us', count: 3 }], link: '/config/forms' },
  };
}
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const card = (name: string) => screen.getByRole('region', { name });

describe("the studio's home page", () => {
  it("shows today's and this week's figures against the week before, and each card opens its list", async () => {
    const server = fakeServer().once('/api/owner/home', () => json(200, summary()));
    render(<HomePage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const today = card('Today');
    expect(within(today).getByText('$70.00')).toBeDefined();
    expect(within(today).getByText(/4 orders/)).toBeDefined();
    expect(within(today).getByText('+133%')).toBeDefined();
    expect(within(today).getByText('Last Wednesday until now: $30.00, 1 order')).toBeDefined();
    expect(within(today).getByRole('link', { name: "View today's orders" }).getAttribute('href')).toBe('/config/orders?from=2026-03-11');
    expect(within(card('This week')).getByText('same as before')).toBeDefined();
    expect(within(card('To fulfil')).getByRole('link', { name: 'View orders to fulfil' }).getAttribute('href')).toBe(
      '/config/orders?fulfillment=unfulfilled&payment=paid',
    );
    expect(within(card('Payments to collect')).getByText('Offline payments waiting: $35.00.')).toBeDefined();
    expect(within(card('Payments to collect')).getByRole('link', { name: 'View pending orders' }).getAttribute('href')).toBe('/config/orders?payment=pending');
    const stock = within(card('Low stock')).getByRole('list', { name: 'Variants low on stock' });
    expect(
      within(stock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Blue Mug · Size: 16 ozSold out', 'Tee · Size: S2 left']);
    expect(within(card('Low stock')).getByRole('link', { name: 'View low stock' }).getAttribute('href')).toBe('/config/inventory?stock=low');
    // Empty lists say so.
    expect(within(card('New reviews')).getByText('No review was written in the last 7 days.')).toBeDefined();
    expect(within(card('New reviews')).getByRole('link', { name: 'View reviews' }).getAttribute('href')).toBe('/config/reviews');
    expect(within(card('New form submissions')).getByText('Contact us')).toBeDefined();
    expect(within(card('New form submissions')).getByRole('link', { name: 'View form submissions' }).getAttribute('href')).toBe('/config/forms');
  });

  it('shows the reviews waiting for approval, with the link to them, when the site moderates reviews', async () => {
    const waiting = {
      waiting: true,
      since: null,
      count: 2,
      latest: [{ id: 'r1', itemId: 'i1', productTitle: 'Blue Mug', rating: 4, reviewerName: 'Ada L.', excerpt: 'Keeps coffee hot.', created: 0 }],
      link: '/config/reviews?status=pending',
    };
    const server = fakeServer().once('/api/owner/home', () => json(200, summary({ ...full(), reviews: waiting })));
    render(<HomePage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(within(card('Reviews waiting')).getByText('Waiting for your approval.')).toBeDefined();
    expect(within(card('Reviews waiting')).getByRole('list', { name: 'Reviews waiting' }).textContent).toContain('Ada L. on Blue Mug');
    expect(within(card('Reviews waiting')).getByRole('link', { name: 'Moderate reviews' }).getAttribute('href')).toBe('/config/reviews?status=pending');
  });

  it('links low stock to the inventory only for a role that opens it', async () => {
    const server = fakeServer().once('/api/owner/home', () => json(200, summary()));
    render(<HomePage context={{ ...context, permissions: ['openConfig', 'viewOrders'] }} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(within(card('Low stock')).queryByRole('link')).toBeNull();
    expect(within(card('Low stock')).getByText('Blue Mug')).toBeDefined();
  });

  it('says when the role has no card, and hides the new-order mail switch from who cannot see orders', async () => {
    const server = fakeServer().once('/api/owner/home', () => json(200, summary({})));
    render(<HomePage context={{ ...context, permissions: ['openConfig'] }} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByText('Nothing to sum up for your role yet: the navigation lists the pages you may open.')).toBeDefined();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('turns the new-order mail on with the crumb and says so; shows the error of a failed load and tries again', async () => {
    document.cookie = 'crumb=crumb-home';
    const server = fakeServer()
      .once('/api/owner/home', () => json(503, { error: 'The service is not available right now.', code: 'UNAVAILABLE' }))
      .once('/api/owner/home', () => json(200, summary()))
      .once('/api/owner/staff/acc1', () => json(200, { account: { notifyNewOrders: true } }));
    render(<HomePage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('The service is not available right now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    const box = screen.getByRole('checkbox', { name: 'Email me at owner@shop.test when a new order is placed' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await settle();
    expect(server.to('/api/owner/staff/acc1')[0]).toMatchObject({ method: 'PUT', body: { notifyNewOrders: true }, headers: { 'x-csrf-token': 'crumb-home' } });
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('You will get an email for every new order.');
  });
});
