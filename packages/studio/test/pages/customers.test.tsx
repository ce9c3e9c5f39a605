// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CustomerSummary, listUrl } from '../../src/pages/customers/calls.js';
import CustomersPage, { type CustomersContext, queryFromLocation } from '../../src/pages/customers/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/customers'));

const context: CustomersContext = {
  page: 'customers',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['viewCustomers'],
  timeZone: 'UTC',
  currency: 'USD',
};
const API = '/api/owner/customers';
const customer = (n: number, extra: Partial<CustomerSummary> = {}): CustomerSummary => ({
  key: `user${n}`,
  email: `c${n}@example.com`,
  name: `Customer ${n}`,
  orderCount: n,
  totalSpentCents: n * 1250,
  lastOrderOn: Date.UTC(2026, 2, n, 12),
  hasAccount: true,
  accountState: 'verified',
  accountCreated: 0,
  membershipCount: 0,
  ...extra,
});
const page = (customers: CustomerSummary[], nextCursor: string | null = null) => json(200, { customers, nextCursor, currency: 'USD' });
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const status = () => screen.getByRole('status').textContent;

describe("the owner's customer list", () => {
  it('builds the call from the query: only what differs from the defaults, the cursor as given', () => {
    expect(listUrl({ q: '', sort: 'last_order' }, null)).toBe(API);
    expect(listUrl({ q: ' Ada Love ', sort: 'total_spent' }, 'c/1')).toBe(`${API}?q=Ada+Love&sort=total_spent&cursor=c%2F1`);
    expect(queryFromLocation('?q=ada&sort=email')).toEqual({ q: 'ada', sort: 'email' });
    expect(queryFromLocation('?sort=cheapest')).toEqual({ q: '', sort: 'last_order' });
  });

  it('shows each customer with a link to their page, what they spent in the store currency, and their account', async () => {
    const server = fakeServer().once(API, () =>
      page([
        customer(2),
        customer(1, { key: 'bob@example.com', email: 'bob@example.com', name: '', hasAccount: false, accountState: 'none', membershipCount: 0 }),
      ]),
    );
    render(<CustomersPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const table = screen.getByRole('table', { name: 'Customers, by latest order' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Customer 2' }).getAttribute('href')).toBe('/config/customers/user2');
    expect(rows[0]!.textContent).toContain('c2@example.com');
    expect(rows[0]!.textContent).toContain('$25.00');
    expect(rows[0]!.textContent).toContain('Account');
    // A guest without a name is shown by email; its key is the email.
    expect(within(rows[1]!).getByRole('link', { name: 'bob@example.com' }).getAttribute('href')).toBe('/config/customers/bob%40example.com');
    expect(rows[1]!.textContent).toContain('Guest');
    expect(status()).toBe('Page 1: 2 customers.');
    expect(screen.queryByRole('navigation', { name: 'Customer pages' })).toBeNull();
  });

  it('searches and sorts from the first page again, keeping both in the address', async () => {
    const server = fakeServer()
      .once(API, () => page([customer(1)]))
      .once(`${API}?q=ada`, () => page([customer(3)]))
      .once(`${API}?q=ada&sort=total_spent`, () => page([customer(4)]));
    render(<CustomersPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Customer 3' })).toBeTruthy();
    expect(status()).toBe('Page 1: 1 customer matching “ada”.');
    expect(location.search).toBe('?q=ada');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'total_spent' } });
    await settle();
    expect(screen.getByRole('link', { name: 'Customer 4' })).toBeTruthy();
    expect(location.search).toBe('?q=ada&sort=total_spent');
  });

  it('pages forward with the cursor and back to the page before', async () => {
    const server = fakeServer()
      .once(API, () => page([customer(1)], 'next/1'))
      .once(`${API}?cursor=next%2F1`, () => page([customer(2)], null))
      .once(API, () => page([customer(1)], 'next/1'));
    render(<CustomersPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const pager = screen.getByRole('navigation', { name: 'Customer pages' });
    expect(within(pager).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Customer 2' })).toBeTruthy();
    expect(status()).toBe('Page 2: 1 customer.');
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Customer 1' })).toBeTruthy();
    expect(server.requests.map((r) => r.url)).toEqual([API, `${API}?cursor=next%2F1`, API]);
  });

  it('says when there is no customer yet, and when none matches a search', async () => {
    const server = fakeServer()
      .once(API, () => page([]))
      .once(`${API}?q=zed`, () => page([]));
    render(<CustomersPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByText('No customers yet: everyone who orders or makes an account on the site will be listed here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(screen.getByText('No customer matches “zed”.')).toBeTruthy();
  });

  it("shows the server's message for a bad search beside the field, and the network failure with a retry", async () => {
    const server = fakeServer()
      .once(API, () => page([customer(1)]))
      .once(`${API}?q=${'x'.repeat(10)}`, () =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: { q: 'Search with at most 200 characters.' },
        }),
      )
      .once(API, () => 'network-error')
      .once(API, () => page([customer(5)]));
    render(<CustomersPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: 'x'.repeat(10) } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(screen.getByText('Search with at most 200 characters.')).toBeTruthy();
    expect(screen.getByRole('searchbox').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Customer 5' })).toBeTruthy();
  });
});
