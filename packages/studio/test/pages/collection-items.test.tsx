// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ItemsPage, { type ItemsContext } from '../../src/pages/collection-items/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });
const CONTEXT: ItemsContext = {
  page: 'collection-items',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['openConfig', 'editContent'],
  collectionId: 'c-journal',
  collection: { title: 'Journal', type: 'blog', url: '/journal' },
  timeZone: 'America/New_York',
};
const LIST = '/api/owner/collections/c-journal/items';
const post = (over: Record<string, unknown>) => ({
  itemId: 'i-1',
  title: 'Spring cupping notes',
  urlId: 'spring-cupping-notes',
  url: '/journal/spring-cupping-notes',
  status: 'published',
  statusLabel: 'Published',
  publishOn: Date.parse('2026-11-20T15:00:00Z'),
  author: 'Ada',
  updatedOn: 1,
  hasDraft: false,
  ...over,
});

async function show(server: ReturnType<typeof fakeServer>, context: ItemsContext = CONTEXT) {
  render(<ItemsPage context={context} api={createApi({ fetch: server.fetch })} />);
  await settle();
}

describe('the posts of a blog', () => {
  it('lists them with status, date, author and draft changes; filters by status and searches by title', async () => {
    const server = fakeServer()
      .once(LIST, () =>
        json(200, {
          items: [
            post({}),
            post({ itemId: 'i-2', title: 'Kiln day', status: 'draft', statusLabel: 'Draft', publishOn: null, author: undefined, hasDraft: true }),
          ],
          nextCursor: null,
        }),
      )
      .once(`${LIST}?status=draft`, () => json(200, { items: [], nextCursor: null }))
      .once(`${LIST}?status=draft&q=kiln`, () => json(200, { items: [post({ itemId: 'i-2', title: 'Kiln day' })], nextCursor: null }));
    await show(server);
    expect(screen.getByRole('heading', { name: 'Journal' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('2 posts shown.');
    const rows = within(screen.getByRole('table', { name: 'Journal' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Spring cupping notesPublishedNov 20, 2026, 10:00 AMAdaDelete', 'Kiln dayDraft changesDraft——Delete']);
    expect(within(rows[0]!).getByRole('link', { name: 'Spring cupping notes' }).getAttribute('href')).toBe('/config/pages/i-1/edit');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'draft' } });
    await settle();
    expect(screen.getByText('No post matches')).toBeDefined();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by title' }), { target: { value: 'kiln' } });
    await waitFor(() => expect(server.to(`${LIST}?status=draft&q=kiln`)).toHaveLength(1));
    await settle();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('makes a new post from a title, showing the server’s field error, then opens the editor', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, assign });
    const server = fakeServer()
      .once(LIST, () => json(200, { items: [], nextCursor: null }))
      .once(LIST, () => json(400, { code: 'VALIDATION_FAILED', error: 'Check the fields.', errors: { title: 'Enter a title of at most 500 characters.' } }))
      .once(LIST, (r) => json(201, post({ itemId: 'i-9', title: (r.body as { title: string }).title, status: 'draft' })));
    await show(server);
    expect(screen.getByText('No posts yet')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = screen.getByRole('dialog', { name: 'New post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create post' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a title.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create post' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a title of at most 500 characters.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Spring cupping notes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create post' }));
    await settle();
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({ title: 'Spring cupping notes' });
    expect(assign).toHaveBeenCalledWith('/config/pages/i-9/edit');
  });

  it('deletes a post only after the owner confirms, and says so', async () => {
    const server = fakeServer()
      .once(LIST, () => json(200, { items: [post({})], nextCursor: null }))
      .once('/api/owner/content/i-1', () => new Response(null, { status: 204 }));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring cupping notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring cupping notes' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete post' }));
    await settle();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/owner/content/i-1']);
    expect(screen.getByRole('status').textContent).toBe('Spring cupping notes deleted.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an event’s start in the event’s own zone', async () => {
    const server = fakeServer().once('/api/owner/collections/c-events/items', () =>
      json(200, { items: [post({ startDate: Date.parse('2030-04-01T17:00:00Z'), timeZone: 'America/Los_Angeles' })], nextCursor: null }),
    );
    await show(server, { ...CONTEXT, collectionId: 'c-events', collection: { title: 'Events', type: 'events', url: '/events' } });
    expect(screen.getByRole('button', { name: 'New event' })).toBeDefined();
    expect(screen.getByRole('cell', { name: /Apr 1, 2030, 10:00 AM PDT/ })).toBeDefined();
  });
});
