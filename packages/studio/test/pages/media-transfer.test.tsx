// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaAsset } from '../../src/pages/media/calls.js';
import MediaPage from '../../src/pages/media/page.js';
import { fakeServer, json } from '../helpers.js';
import { MEDIA_CONTEXT, mediaAsset } from './media-fixtures.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Server = ReturnType<typeof fakeServer>;

/**
 * XMLHttpRequest answered by the same fake server as the page's fetch calls: uploads and chunks go
 * through XHR for their progress, the rest through the API client.
 */
function xhrOf(server: Server) {
  return class {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      void server.fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit }).then(
        async (res) => {
          this.status = res.status;
          this.responseText = await res.text();
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}

const context = MEDIA_CONTEXT;
const asset = (id: string, name: string, extra: Partial<MediaAsset> = {}): MediaAsset => mediaAsset(id, name, { variants: [], useCount: 3, ...extra });
const CHUNK = 8 * 1024 * 1024;
const SIZE = CHUNK + 611_392;
/** Lets the page's promises and timers run, the test clock moved on by `ms`. */
const tick = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 10; i++) await Promise.resolve();
    await vi.advanceTimersByTimeAsync(0);
  });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the media page's large uploads and replacements", () => {
  it('sends a large file in chunks, resumes by itself after a growing wait, then offers Resume, which goes on from the server offset', async () => {
    const session = '/api/owner/media/uploads/s1';
    const server = fakeServer()
      .once('/api/owner/media', () => json(200, { assets: [], nextCursor: null }))
      .once('/api/owner/media/uploads', () => json(200, { id: 's1', fileName: 'film.mp4', size: SIZE, offset: 0, chunkSize: CHUNK }))
      .once(session, () => json(200, { id: 's1', fileName: 'film.mp4', size: SIZE, offset: CHUNK, chunkSize: CHUNK }))
      .once(session, () => 'network-error')
      // The three automatic resumptions find no network either.
      .once(session, () => 'network-error')
      .once(session, () => 'network-error')
      .once(session, () => 'network-error')
      // Resume: the server's offset, then the last chunk completes the file.
      .once(session, () => json(200, { id: 's1', fileName: 'film.mp4', size: SIZE, offset: CHUNK, chunkSize: CHUNK }))
      .once(session, () => json(200, { files: [{ fileName: 'film.mp4', ok: true, asset: asset('v1', 'film.mp4', { kind: 'video' }) }] }))
      .once('/api/owner/media', () => json(200, { assets: [asset('v1', 'film.mp4', { kind: 'video' })], nextCursor: null }));
    vi.stubGlobal('XMLHttpRequest', xhrOf(server));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await tick();
    const file = new File([new Uint8Array(SIZE)], 'film.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [file] } });
    await tick();
    expect(server.to('/api/owner/media/uploads')[0]!.body).toEqual({ fileName: 'film.mp4', size: SIZE });
    const progress = screen.getByRole('progressbar', { name: 'film.mp4 uploaded' }) as HTMLProgressElement;
    expect(progress.value).toBeCloseTo(CHUNK / SIZE, 2);
    expect(screen.queryByRole('button', { name: 'Resume film.mp4' })).toBeNull();
    // 1 s, then 3 s, then 9 s: each automatic resumption asks the server where it stands.
    await tick(1000);
    expect(server.to(session)).toHaveLength(3);
    await tick(3000);
    expect(server.to(session)).toHaveLength(4);
    await tick(9000);
    expect(server.to(session)).toHaveLength(5);
    expect(screen.getByRole('alert').textContent).toBe('File upload failed to complete');
    fireEvent.click(screen.getByRole('button', { name: 'Resume film.mp4' }));
    await tick();
    const sent = server.to(session);
    expect(sent.map((r) => [r.method, r.headers['content-range'] ?? ''])).toEqual([
      ['PUT', `bytes 0-${CHUNK - 1}/${SIZE}`],
      ['PUT', `bytes ${CHUNK}-${SIZE - 1}/${SIZE}`],
      ['GET', ''],
      ['GET', ''],
      ['GET', ''],
      ['GET', ''],
      ['PUT', `bytes ${CHUNK}-${SIZE - 1}/${SIZE}`],
    ]);
    expect((sent[6]!.body as Blob).size).toBe(SIZE - CHUNK);
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Files' })).getByText('film.mp4')).toBeTruthy();
  });

  it('replaces a file from the edit dialog: names the places that use it, shows an error, then the new file with the fields kept', async () => {
    document.cookie = 'crumb=crumb-media';
    const replaced = asset('a1', 'mug.jpg', { url: '/assets/uploads/mug.jpg?v=def', width: 800, height: 600 });
    const server = fakeServer()
      .once('/api/owner/media', () => json(200, { assets: [asset('a1', 'mug.jpg')], nextCursor: null }))
      .once('/api/owner/media/a1/uses', () =>
        json(200, {
          uses: [
            { kind: 'product', id: 'p1', title: 'Blue Mug' },
            { kind: 'item', id: 'i1', title: 'About us' },
            { kind: 'site', id: 's', title: 'Site settings' },
          ],
        }),
      )
      .once('/api/owner/media/a1/file', () =>
        json(415, { code: 'MEDIA_KIND_MISMATCH', error: 'Replace a file with one of the same kind: an image with an image, a video with a video.' }),
      )
      .once('/api/owner/media/a1/file', () => json(200, { asset: replaced }))
      .once('/api/owner/media', () => json(200, { assets: [replaced], nextCursor: null }));
    vi.stubGlobal('XMLHttpRequest', xhrOf(server));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Edit mug.jpg' }));
    await tick();
    const dialog = screen.getByRole('dialog', { name: 'Edit mug.jpg' });
    expect(within(dialog).getByText(/Used in 3 places: Blue Mug \(product\), About us \(item\), Site settings \(site\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Alt text'), { target: { value: 'A blue mug' } });
    const pdf = new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Replace file'), { target: { files: [pdf] } });
    await tick();
    expect(within(dialog).getByText('Replace a file with one of the same kind: an image with an image, a video with a video.')).toBeTruthy();
    const photo = new File([new Uint8Array(300)], 'new mug.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(dialog).getByLabelText('Replace file'), { target: { files: [photo] } });
    await tick();
    const put = server.to('/api/owner/media/a1/file')[1]!;
    expect(put.method).toBe('PUT');
    expect(put.headers['x-csrf-token']).toBe('crumb-media');
    expect(((put.body as FormData).get('file') as File).name).toBe('new mug.jpg');
    const shown = screen.getByRole('dialog', { name: 'Edit mug.jpg' });
    expect((within(shown).getByAltText('The current file') as HTMLImageElement).getAttribute('src')).toBe('/assets/uploads/mug.jpg?v=def');
    expect(within(shown).getByText('mug.jpg now holds new mug.jpg.')).toBeTruthy();
    expect((within(shown).getByLabelText('Alt text') as HTMLTextAreaElement).value).toBe('A blue mug');
    expect(within(shown).getByText(/800 × 600/)).toBeTruthy();
  });
});
