// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import MediaPage from '../../src/pages/media/page.js';
import { fakeServer, json } from '../helpers.js';
import { MEDIA_CONTEXT, mediaAsset } from './media-fixtures.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const context = MEDIA_CONTEXT;
const asset = mediaAsset;
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

describe("the studio's media page", () => {
  it('lists the files, searches and filters them, and switches between grid and list', async () => {
    const server = fakeServer()
      .once('/api/owner/media', () =>
        json(200, {
          assets: [asset('a1', 'mug.jpg', { useCount: 2 }), asset('a2', 'guide.pdf', { kind: 'document', width: null, height: null })],
          nextCursor: null,
        }),
      )
      .once('/api/owner/media?q=mug', () => json(200, { assets: [asset('a1', 'mug.jpg')], nextCursor: null }))
      .once('/api/owner/media?q=mug&kind=image', () => json(200, { assets: [asset('a1', 'mug.jpg')], nextCursor: null }));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const files = screen.getByRole('list', { name: 'Files' });
    expect(within(files).getAllByRole('listitem')).toHaveLength(2);
    expect(within(files).getByText(/Used in 2 places/)).toBeTruthy();
    expect(files.className).toBe('media-grid');
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('list', { name: 'Files' }).className).toBe('media-list');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'mug' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'image' } });
    await settle();
    expect(server.requests.map((r) => r.url)).toEqual(['/api/owner/media', '/api/owner/media?q=mug', '/api/owner/media?q=mug&kind=image']);
    expect(within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('renames a file: an empty name shows the message beside the field, then the change is saved with the crumb', async () => {
    document.cookie = 'crumb=crumb-media';
    const server = fakeServer()
      .once('/api/owner/media', () => json(200, { assets: [asset('a1', 'mug.jpg')], nextCursor: null }))
      .once('/api/owner/media/a1', () =>
        json(400, { error: 'Please enter a file name', code: 'FILE_NAME_REQUIRED', errors: { name: 'Please enter a file name' } }),
      )
      .once('/api/owner/media/a1', (r) => json(200, { asset: asset('a1', 'mug.jpg', { name: (r.body as { name: string }).name }) }))
      .once('/api/owner/media', () => json(200, { assets: [asset('a1', 'mug.jpg', { name: 'Blue mug' })], nextCursor: null }));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit mug.jpg' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit mug.jpg' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle();
    expect(within(screen.getByRole('dialog')).getByText('Please enter a file name')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Blue mug' } });
    fireEvent.change(screen.getByLabelText('Alt text'), { target: { value: 'A blue mug' } });
    fireEvent.keyDown(screen.getByRole('button', { name: /Focal point/ }), { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const patch = server.to('/api/owner/media/a1')[1]!;
    expect(patch.method).toBe('PATCH');
    expect(patch.headers['x-csrf-token']).toBe('crumb-media');
    expect(patch.body).toEqual({ name: 'Blue mug', alt: 'A blue mug', title: '', focalPoint: { x: 0.55, y: 0.5 } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Blue mug was saved.');
  });

  it('asks before deleting, names the places that use the file, and deletes it from them when confirmed', async () => {
    const server = fakeServer()
      .once('/api/owner/media', () => json(200, { assets: [asset('a1', 'mug.jpg', { useCount: 1 })], nextCursor: null }))
      .once('/api/owner/media/a1/uses', () => json(200, { uses: [{ kind: 'product', id: 'p1', title: 'Blue Mug' }] }))
      .once('/api/owner/media/a1?force=1', () => json(200, { deleted: true }))
      .once('/api/owner/media', () => json(200, { assets: [], nextCursor: null }));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete mug.jpg' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Delete mug.jpg?' });
    expect(within(dialog).getByText('Blue Mug (product)')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete and remove from these places' }));
    await settle();
    expect(server.to('/api/owner/media/a1?force=1')[0]!.method).toBe('DELETE');
    expect(screen.getByText('No files match.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('mug.jpg was deleted.');
  });
});
