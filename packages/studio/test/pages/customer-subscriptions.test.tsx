// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerDetail } from '../../src/pages/customer/calls.js';
import CustomerPage, { type CustomerContext } from '../../src/pages/customer/page.js';
import type { Subscription } from '../../src/pages/customer/subscriptions-calls.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const KEY = 'ada@example.com';
const API = `/api/owner/customers/${encodeURIComponent(KEY)}`;
const T = Date.UTC(2026, 2, 7, 15, 30);
const context = (permissions: string[]): CustomerContext => ({
  page: 'customer',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'shop@shop.test',
  permissions,
  timeZone: 'UTC',
  currency: 'USD',
  customerKey: KEY,
  membersAreas: [],
});
const detail: CustomerDetail = {
  customer: { key: KEY, email: KEY, name: '', orderCount: 2, totalSpentCents: 3600, lastOrderOn: T, hasAccount: false },
  orders: [],
  moreOrders: false,
  addresses: [],
  memberships: [],
  account: null,
  currency: 'USD',
};
const club: Subscription = {
  id: 'sub1',
  title: 'Coffee Club',
  quantity: 1,
  status: 'active',
  priceText: '$18.00 every month',
  numBillingCycles: 0,
  cyclesBilled: 2,
  startedOn: T,
  nextBillingDate: Date.UTC(2026, 4, 7, 15, 30),
  retryOn: null,
  failedAttempts: 0,
  paymentMethod: 'Card ending 4242',
  paused: null,
  resumed: null,
  canceled: null,
  ended: null,
  orders: [
    { id: 'o2', orderNumber: 1043, created: T + 1, grandTotalCents: 1800, paymentStatus: 'PAID', renewal: true, cycle: 2 },
    { id: 'o1', orderNumber: 1042, created: T, grandTotalCents: 1800, paymentStatus: 'PAID', renewal: false, cycle: null },
  ],
};
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const section = () => within(screen.getByRole('heading', { level: 2, name: 'Subscriptions' }).closest('section')!);

describe("the customer's subscriptions in the studio", () => {
  it('lists each subscription with its status, next billing, method, cycles billed and orders linked; no action without manageOrders', async () => {
    const server = fakeServer()
      .once(API, () => json(200, detail))
      .once(`${API}/subscriptions`, () => json(200, { subscriptions: [club] }));
    render(<CustomerPage context={context(['viewCustomers'])} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const s = section();
    expect(s.getByText('Coffee Club')).toBeTruthy();
    expect(s.getByText('Active')).toBeTruthy();
    expect(s.getByText('Card ending 4242')).toBeTruthy();
    expect(s.getByText('$18.00 every month')).toBeTruthy();
    expect(s.getByText(/May 7, 2026/)).toBeTruthy();
    expect(s.getByRole('link', { name: '#1043' }).getAttribute('href')).toBe('/config/orders/o2');
    expect(s.getByText(/\(renewal\)/)).toBeTruthy();
    expect(s.queryByRole('button')).toBeNull();
  });

  it('pauses, then cancels after confirmation, each outcome in the live region, with the crumb', async () => {
    const paused: Subscription = { ...club, status: 'paused', nextBillingDate: null, paused: { on: T, by: 'shop@shop.test' } };
    const canceled: Subscription = { ...paused, status: 'canceled', paused: null, canceled: { on: T, by: 'shop@shop.test' } };
    const server = fakeServer()
      .once(API, () => json(200, detail))
      .once(`${API}/subscriptions`, () => json(200, { subscriptions: [club] }))
      .once('/api/owner/subscriptions/sub1/pause', () => json(200, { subscription: paused }))
      .once('/api/owner/subscriptions/sub1/cancel', () => json(200, { subscription: canceled }));
    document.cookie = 'crumb=crumb-9';
    render(<CustomerPage context={context(['viewCustomers', 'manageOrders'])} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(section().getByRole('button', { name: 'Pause Coffee Club' }));
    await settle();
    expect(server.to('/api/owner/subscriptions/sub1/pause')[0]).toMatchObject({ method: 'POST' });
    expect(server.to('/api/owner/subscriptions/sub1/pause')[0]!.headers['x-csrf-token']).toBe('crumb-9');
    expect(section().getByRole('status').textContent).toBe('Coffee Club paused: it will not renew until it is resumed.');
    expect(section().getByText(/by shop@shop.test/)).toBeTruthy();
    expect(section().getByRole('button', { name: 'Resume Coffee Club' })).toBeTruthy();

    fireEvent.click(section().getByRole('button', { name: 'Cancel Coffee Club' }));
    const question = section().getByRole('group', { name: 'Cancel Coffee Club' });
    expect(question.textContent).toContain('It will not renew');
    expect(server.to('/api/owner/subscriptions/sub1/cancel')).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel the subscription' }));
    await settle();
    expect(server.to('/api/owner/subscriptions/sub1/cancel')).toHaveLength(1);
    expect(section().getByRole('status').textContent).toBe('Coffee Club canceled: it will not renew, and the customer was mailed.');
    expect(section().getAllByText('Canceled')).toHaveLength(2);
    expect(section().queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
  });

  it('tells a refused action in the live region', async () => {
    const server = fakeServer()
      .once(API, () => json(200, detail))
      .once(`${API}/subscriptions`, () => json(200, { subscriptions: [club] }))
      .once('/api/owner/subscriptions/sub1/pause', () =>
        json(409, {
          code: 'SUBSCRIPTION_NOT_CHANGEABLE',
          error: 'This subscription cannot be changed that way now: it was paused, canceled or ended already.',
        }),
      );
    render(<CustomerPage context={context(['viewCustomers', 'manageOrders'])} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(section().getByRole('button', { name: 'Pause Coffee Club' }));
    await settle();
    expect(section().getByRole('status').textContent).toBe('This subscription cannot be changed that way now: it was paused, canceled or ended already.');
  });
});
