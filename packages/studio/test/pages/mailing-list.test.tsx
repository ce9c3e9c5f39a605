// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Subscriber, exportUrl, filtersFromSearch } from '../../src/pages/mailing-list/calls.js';
import MailingListPage, { type MailingListContext } from '../../src/pages/mailing-list/page.js';
import { fakeServer, json, live, settle } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/mailing-list'));

const context: MailingListContext = {
  page: 'mailing-list',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['manageMailingList'],
  timeZone: 'UTC',
  sources: ['newsletter-form', 'restock'],
};
const API = '/api/owner/mailing-list';
const at = Date.UTC(2026, 10, 2, 12);
const subscriber = (email: string, extra: Partial<Subscriber> = {}): Subscriber => ({
  id: email.split('@')[0]!,
  email,
  status: 'subscribed',
  source: 'newsletter-form',
  created: at,
  updatedOn: at,
  confirmedOn: at + 60_000,
  unsubscribedOn: null,
  ...extra,
});

describe("the owner's mailing list page", () => {
  it('reads its filters from the address and links the export with the same filters', () => {
    expect(filtersFromSearch('?q=%20ada%20&status=pending&source=restock')).toEqual({ q: 'ada', status: 'pending', source: 'restock' });
    expect(filtersFromSearch('?status=gone')).toEqual({ q: '', status: '', source: '' });
    expect(exportUrl({ q: '', status: '', source: '' })).toBe(`${API}/export.csv`);
    expect(exportUrl({ q: 'ada', status: 'pending', source: '' })).toBe(`${API}/export.csv?q=ada&status=pending`);
  });

  it('lists each address with its state in words, source and date, the counts per state, and the export link', async () => {
    const server = fakeServer().once(API, () =>
      json(200, {
        subscribers: [
          subscriber('ada@example.com', { status: 'pending', confirmedOn: null, source: 'restock' }),
          subscriber('grace@example.com'),
          subscriber('linus@example.com', { status: 'unsubscribed', unsubscribedOn: at + 120_000 }),
        ],
        nextCursor: 'c2',
        counts: { pending: 1, subscribed: 1, unsubscribed: 1 },
      }),
    );
    render(<MailingListPage context={context} api={createApi({ fetch: server.fetch })} />);
    expect(live()).toBe('Loading the mailing list…');
    await settle();
    const table = screen.getByRole('table', { name: 'Mailing list, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['ada@example.com', 'grace@example.com', 'linus@example.com']);
    expect(within(rows[0]!).getByText('Waiting for confirmation')).toBeDefined();
    expect(within(rows[0]!).getByText('Restock sign-up')).toBeDefined();
    expect(within(rows[1]!).getByText('Subscribed')).toBeDefined();
    expect(within(rows[1]!).getByText('Newsletter form')).toBeDefined();
    expect(within(rows[1]!).getByText('Nov 2, 2026, 12:00 PM')).toBeDefined();
    expect(within(rows[2]!).getByText('Unsubscribed')).toBeDefined();
    expect(within(rows[2]!).getByText('Left Nov 2, 2026, 12:02 PM')).toBeDefined();
    const counts = screen.getByRole('list', { name: 'Addresses by state' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Waiting for confirmation1', 'Subscribed1', 'Unsubscribed1']);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`${API}/export.csv`);
    expect(live()).toBe('Showing 3 addresses, more to load.');

    server.once(`${API}?cursor=c2`, () =>
      json(200, { subscribers: [subscriber('old@example.com')], nextCursor: null, counts: { pending: 1, subscribed: 2, unsubscribed: 1 } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more addresses' }));
    await settle();
    expect(screen.getByRole('rowheader', { name: 'old@example.com' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Load more addresses' })).toBeNull();
  });

  it('searches and filters through the address; the export follows; an empty result offers to clear', async () => {
    const server = fakeServer().once(API, () => json(200, { subscribers: [], nextCursor: null, counts: { pending: 0, subscribed: 0, unsubscribed: 0 } }));
    render(<MailingListPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByText('No one has joined the mailing list yet')).toBeDefined();
    server.once(`${API}?q=ada&status=pending&source=restock`, () =>
      json(200, { subscribers: [], nextCursor: null, counts: { pending: 0, subscribed: 0, unsubscribed: 0 } }),
    );
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' ada ' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'pending' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'restock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(location.search).toBe('?q=ada&status=pending&source=restock');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(`${API}/export.csv?q=ada&status=pending&source=restock`);
    expect(screen.getByText('No addresses match these filters')).toBeDefined();
    server.once(API, () =>
      json(200, { subscribers: [subscriber('ada@example.com')], nextCursor: null, counts: { pending: 0, subscribed: 1, unsubscribed: 0 } }),
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await settle();
    expect(location.search).toBe('');
    expect(screen.getByRole('rowheader', { name: 'ada@example.com' })).toBeDefined();
  });

  it('removes an address only after its confirmation, and says so', async () => {
    document.cookie = 'crumb=crumb-2';
    const server = fakeServer().once(API, () =>
      json(200, {
        subscribers: [subscriber('ada@example.com'), subscriber('grace@example.com')],
        nextCursor: null,
        counts: { pending: 0, subscribed: 2, unsubscribed: 0 },
      }),
    );
    render(<MailingListPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this address?' });
    expect(within(dialog).getByText(/ada@example\.com is deleted from the mailing list for good/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.to(`${API}/ada`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
    server.once(`${API}/ada`, () => json(200, { deleted: true, counts: { pending: 0, subscribed: 1, unsubscribed: 0 } }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove address' }));
    await settle();
    expect(server.to(`${API}/ada`)[0]).toMatchObject({ method: 'DELETE', headers: { 'x-csrf-token': 'crumb-2' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'ada@example.com' })).toBeNull();
    expect(live()).toBe('Removed ada@example.com from the mailing list.');
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(within(screen.getByRole('list', { name: 'Addresses by state' })).getAllByRole('listitem')[1]!.textContent).toBe('Subscribed1');
  });
});
