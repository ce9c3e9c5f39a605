// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerDetail, Membership } from '../../src/pages/customer/calls.js';
import CustomerPage, { type CustomerContext } from '../../src/pages/customer/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const KEY = 'user1';
const API = `/api/owner/customers/${KEY}`;
const context = (permissions: string[] = ['viewCustomers', 'manageSiteUsers'], extra: Partial<CustomerContext> = {}): CustomerContext => ({
  page: 'customer',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'shop@shop.test',
  permissions,
  timeZone: 'UTC',
  currency: 'USD',
  customerKey: KEY,
  membersAreas: [
    { collectionId: 'col-lessons', title: 'Lessons', area: 'members' },
    { collectionId: 'col-vip', title: 'VIP Room', area: 'vip' },
  ],
  ...extra,
});
const T = Date.UTC(2026, 2, 7, 15, 30);
const lessons: Membership = {
  area: 'members',
  collections: [{ collectionId: 'col-lessons', title: 'Lessons', url: '/lessons' }],
  grantedBy: 'order',
  order: { id: 'o1', orderNumber: 1042, url: '/config/orders/o1' },
  staffEmail: null,
  pricing: 'one-time',
  grantedOn: T,
  changedOn: T,
  startsOn: T,
  expiresOn: null,
  active: true,
};
const vip: Membership = {
  ...lessons,
  area: 'vip',
  collections: [{ collectionId: 'col-vip', title: 'VIP Room', url: '/vip' }],
  grantedBy: 'staff',
  order: null,
  staffEmail: 'shop@shop.test',
};
const detail = (extra: Partial<CustomerDetail> = {}): CustomerDetail => ({
  customer: { key: KEY, email: 'ada@example.com', name: 'Ada Lovelace', orderCount: 2, totalSpentCents: 4800, lastOrderOn: T, hasAccount: true },
  orders: [
    {
      id: 'o2',
      orderNumber: 1043,
      kind: 'order',
      created: T,
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'PENDING',
      itemCount: 2,
      grandTotalCents: 3000,
      refundedCents: 0,
      url: '/config/orders/o2',
    },
    {
      id: 'o1',
      orderNumber: 1042,
      kind: 'order',
      created: T - 86_400_000,
      paymentStatus: 'PARTIALLY_REFUNDED',
      fulfillmentStatus: 'FULFILLED',
      itemCount: 1,
      grandTotalCents: 5000,
      refundedCents: 200,
      url: '/config/orders/o1',
    },
  ],
  moreOrders: false,
  addresses: [
    {
      address: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Analytical Way', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
      orderCount: 2,
      lastUsedOn: T,
    },
  ],
  memberships: [lessons],
  account: { id: KEY, firstName: 'Ada', lastName: 'Lovelace', created: T, verified: true, verifiedOn: T, activeSessions: 2, lastSignInOn: T },
  currency: 'USD',
  ...extra,
});
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
/** The live region of a section (Memberships, Account): each tells the outcome of its own actions. */
const statusOf = (section: 'Memberships' | 'Account') =>
  within(screen.getByRole('heading', { level: 2, name: section }).closest('section')!).getByRole('status');
const status = (section: 'Memberships' | 'Account') => statusOf(section).textContent;

describe("one customer's page", () => {
  it('shows what they spent, their orders with links, addresses, memberships and account', async () => {
    const server = fakeServer().once(API, () => json(200, detail()));
    render(<CustomerPage context={context()} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('$48.00')).toBeTruthy();
    const orders = within(screen.getByRole('table'));
    expect(orders.getByRole('link', { name: 'Order #1043' }).getAttribute('href')).toBe('/config/orders/o2');
    expect(orders.getByRole('link', { name: 'Order #1042' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(orders.getAllByRole('row')[1]!.textContent).toContain('Awaiting payment');
    expect(orders.getAllByRole('row')[2]!.textContent).toContain('Partly refunded');
    expect(orders.getAllByRole('row')[2]!.textContent).toContain('($2.00 refunded)');
    expect(screen.getByText('1 Analytical Way')).toBeTruthy();
    expect(screen.getByText(/Used for 2 orders/)).toBeTruthy();
    const membership = screen.getByRole('heading', { name: 'Memberships' }).parentElement!;
    expect(within(membership).getByRole('link', { name: 'order #1042' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(membership.textContent).toContain('For good');
    expect(screen.getByText('2 sessions')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All customers' }).getAttribute('href')).toBe('/config/customers');
  });

  it('shows no action to an account without manageSiteUsers', async () => {
    const server = fakeServer().once(API, () => json(200, detail()));
    render(<CustomerPage context={context(['viewCustomers'])} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    for (const name of [/Take back/, /Grant/, /Send password reset/, /Sign out everywhere/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('grants an area the customer does not hold and says so in the live region', async () => {
    const server = fakeServer()
      .once(API, () => json(200, detail()))
      .once(`${API}/memberships`, () => json(200, { memberships: [lessons, vip] }));
    document.cookie = 'crumb=crumb-7';
    render(<CustomerPage context={context()} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const select = screen.getByRole('combobox', { name: "Members' area to grant" });
    // Lessons is held already: only the VIP Room is offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['VIP Room']);
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    await settle();
    expect(server.to(`${API}/memberships`)[0]).toMatchObject({ method: 'POST', body: { collectionId: 'col-vip' } });
    expect(server.to(`${API}/memberships`)[0]!.headers['x-csrf-token']).toBe('crumb-7');
    expect(status('Memberships')).toBe('VIP Room granted to ada@example.com: they can open it now.');
    expect(screen.getByText(/Granted by shop@shop.test/)).toBeTruthy();
    expect(screen.getByText("This customer holds every members' area of the site.")).toBeTruthy();
  });

  it('asks before taking a membership back: Cancel (or Escape) changes nothing, confirming calls and reports', async () => {
    const server = fakeServer()
      .once(API, () => json(200, detail()))
      .once(`${API}/memberships/col-lessons`, () => json(200, { revoked: true, memberships: [] }));
    render(<CustomerPage context={context()} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Take back Lessons' }));
    const question = screen.getByRole('group', { name: 'Take back Lessons' });
    expect(question.textContent).toContain('Take Lessons back from ada@example.com?');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Take it back' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take back Lessons' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take back Lessons' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Take it back' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Take back Lessons' })).toBeNull();
    expect(server.to(`${API}/memberships/col-lessons`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Take back Lessons' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take it back' }));
    await settle();
    expect(server.to(`${API}/memberships/col-lessons`)[0]!.method).toBe('DELETE');
    expect(status('Memberships')).toBe('Lessons taken back from ada@example.com: it closes at their next page.');
    expect(screen.getByText("No members' area yet.")).toBeTruthy();
  });

  it('mails a password reset, and signs out everywhere after confirming', async () => {
    const server = fakeServer()
      .once(API, () => json(200, detail()))
      .once(`${API}/password-reset`, () => json(202, { sent: true, to: 'ada@example.com' }))
      .once(`${API}/sign-out`, () => json(200, { endedSessions: 2 }));
    render(<CustomerPage context={context()} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Send password reset' }));
    await settle();
    expect(server.to(`${API}/password-reset`)[0]!.method).toBe('POST');
    expect(status('Account')).toBe('A password reset link was mailed to ada@example.com. It works once, for an hour.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(server.to(`${API}/sign-out`)).toEqual([]);
    const question = screen.getByRole('group', { name: 'Sign out everywhere' });
    fireEvent.click(within(question).getByRole('button', { name: 'Sign out everywhere' }));
    await settle();
    expect(status('Account')).toBe('ada@example.com was signed out of 2 sessions.');
    expect(screen.getByText('Nowhere now')).toBeTruthy();
  });

  it("shows the server's message when an action is refused, a guest without account actions, and an unknown customer", async () => {
    const server = fakeServer()
      .once(API, () => json(200, detail()))
      .once(`${API}/password-reset`, () => json(403, { error: 'You do not have permission to do this.', code: 'PERMISSION_DENIED' }));
    render(<CustomerPage context={context()} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Send password reset' }));
    await settle();
    expect(status('Account')).toBe('You do not have permission to do this.');
    expect(statusOf('Account').className).toContain('status-error');
    expect(status('Memberships')).toBe('');
    cleanup();

    const guest = detail({
      customer: { key: 'g@example.com', email: 'g@example.com', name: '', orderCount: 0, totalSpentCents: 0, lastOrderOn: null, hasAccount: false },
      orders: [],
      addresses: [],
      memberships: [],
      account: null,
    });
    const guestServer = fakeServer().once('/api/owner/customers/g%40example.com', () => json(200, guest));
    render(<CustomerPage context={context(undefined, { customerKey: 'g@example.com' })} api={createApi({ fetch: guestServer.fetch })} />);
    await settle();
    expect(screen.getByText('No orders yet.')).toBeTruthy();
    expect(screen.getByText('No shipping address yet.')).toBeTruthy();
    expect(screen.getByText('Memberships need an account: this customer ordered as a guest.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sign out everywhere|Send password reset|Grant/ })).toBeNull();
    cleanup();

    const missing = fakeServer().once(API, () => json(404, { error: 'Not found.', code: 'NOT_FOUND' }));
    render(<CustomerPage context={context()} api={createApi({ fetch: missing.fetch })} />);
    await settle();
    expect(screen.getByText('No customer has this address or account: they may have been removed.')).toBeTruthy();
  });
});
