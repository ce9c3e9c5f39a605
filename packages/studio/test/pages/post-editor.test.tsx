// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '../../src/pages/page-editor/calls.js';
import PageEditorPage from '../../src/pages/page-editor/page.js';
import { fakeServer, json } from '../helpers.js';
import { CONTENT_URL, content, EDITOR_CONTEXT, section, text } from './page-editor-fixtures.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => history.replaceState(null, '', '/config/pages/item-1/edit'));

type Server = ReturnType<typeof fakeServer>;
const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });
const AUTHORS = [
  { id: 'a-1', name: 'Owner', email: 'owner@shop.test' },
  { id: 'a-2', name: 'Ada', email: 'ada@shop.test' },
];

function postContent(kind: 'post' | 'event', fields: Partial<ContentDocument>) {
  const c = content({ kind, collectionId: 'c-journal', url: '/journal/spring' });
  const document = { ...c.draft!.document, title: 'Spring cupping notes', sections: [section('s-1', [text('b-1', '<p>Notes</p>')])], ...fields };
  return { ...c, draft: { ...c.draft!, document } };
}

async function show(kind: 'post' | 'event', fields: Partial<ContentDocument>) {
  const server = fakeServer()
    .once(CONTENT_URL, () => json(200, postContent(kind, fields)))
    .once('/api/owner/content/authors', () => json(200, { authors: AUTHORS }));
  vi.stubGlobal('fetch', server.fetch);
  render(<PageEditorPage context={EDITOR_CONTEXT} api={createApi({ fetch: server.fetch })} />);
  await settle();
  return server;
}
const saves = (server: Server) =>
  server.requests.filter((r) => r.url === `${CONTENT_URL}/draft` && r.method === 'PUT').map((r) => r.body as { document: ContentDocument });
const saved = (server: Server, revision: number) =>
  server.once(`${CONTENT_URL}/draft`, (r) => json(200, { revision, document: (r.body as { document: unknown }).document, updatedOn: 1, warnings: [] }));

describe('a post in the editor', () => {
  it('shows Post settings, goes back to its list, and takes tags by keyboard: Enter adds, a duplicate and a long one are refused, Backspace removes', async () => {
    const server = await show('post', { tags: ['coffee'], categories: [], author: null, commentsOn: false, mainImage: { asset: null, alt: '' } });
    saved(server, 8);
    expect(screen.getByRole('link', { name: 'All posts' }).getAttribute('href')).toBe('/config/pages/collections/c-journal');
    expect(screen.getByRole('heading', { name: 'Post settings' })).toBeDefined();
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'Cupping ' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['coffee×', 'Cupping×']);
    expect(screen.getByText('Cupping added.')).toBeDefined();
    fireEvent.change(tags, { target: { value: 'COFFEE' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('This tag already exists');
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    const long = 'x'.repeat(51);
    fireEvent.change(tags, { target: { value: long } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(`Tags are at most 50 characters: "${long}" is too long.`);
    fireEvent.change(tags, { target: { value: '' } });
    fireEvent.keyDown(tags, { key: 'Backspace' });
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag coffee' }));
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    const categories = screen.getByRole('textbox', { name: 'Categories' });
    fireEvent.change(categories, { target: { value: 'c'.repeat(26) } });
    fireEvent.keyDown(categories, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(`Categories are at most 25 characters: "${'c'.repeat(26)}" is too long.`);
    fireEvent.change(categories, { target: { value: 'Tasting' } });
    fireEvent.keyDown(categories, { key: 'Enter' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Author' }), { target: { value: 'a-2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Comments on' }));
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    expect(saves(server)[0]!.document).toMatchObject({ tags: [], categories: ['Tasting'], author: { id: 'a-2', name: 'Ada' }, commentsOn: true });
  });

  it('undoes a change of its fields like any other', async () => {
    await show('post', { tags: ['coffee'], categories: [], author: null, commentsOn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag coffee' }));
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('coffee')).toBeDefined();
  });
});

describe('an event in the editor', () => {
  it('edits its times in its own zone, its location, and shows the calendar link in UTC', async () => {
    const server = await show('event', {
      tags: [],
      categories: [],
      author: null,
      commentsOn: false,
      startDate: Date.parse('2030-04-01T17:00:00Z'),
      endDate: Date.parse('2030-04-01T19:00:00Z'),
      timeZone: 'America/Los_Angeles',
      location: { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null },
    });
    saved(server, 8);
    expect(screen.getByRole('heading', { name: 'Event settings' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'All events' })).toBeDefined();
    expect((screen.getByLabelText('Starts') as HTMLInputElement).value).toBe('2030-04-01T10:00');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement).value).toBe('America/Los_Angeles');
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-04-01T13:00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Place name' }), { target: { value: 'Pier Studio' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Latitude' }), { target: { value: '-' } });
    expect((screen.getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement).value).toBe('-');
    fireEvent.change(screen.getByRole('textbox', { name: 'Latitude' }), { target: { value: '-37.5' } });
    const link = screen.getByRole('link', { name: 'Add to Google Calendar' });
    expect(link.getAttribute('href')).toContain('dates=20300401T170000Z/20300401T200000Z');
    await waitFor(() => expect(saves(server)).toHaveLength(1), { timeout: 3000 });
    expect(saves(server)[0]!.document).toMatchObject({
      startDate: Date.parse('2030-04-01T17:00:00Z'),
      endDate: Date.parse('2030-04-01T20:00:00Z'),
      timeZone: 'America/Los_Angeles',
      location: { addressTitle: 'Pier Studio', mapLat: -37.5 },
    });
  });
});
