// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureTime } from '../../src/pages/media/capture.js';
import MediaPage from '../../src/pages/media/page.js';
import { fakeServer, json } from '../helpers.js';
import { MEDIA_CONTEXT, mediaAsset } from './media-fixtures.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context = MEDIA_CONTEXT;
const asset = mediaAsset;
const video = asset('v1', 'talk.webm', {
  contentType: 'video/webm',
  kind: 'video',
  width: null,
  height: null,
  variants: [],
  durationMs: 61_500,
  durationText: '1:01',
  poster: null,
});
const youtube = asset('e1', 'Pour-over in four steps', {
  contentType: 'video/x-tessera-embed',
  kind: 'video',
  durationMs: null,
  durationText: null,
  poster: { id: 'p1', url: '/assets/uploads/poster.jpg?v=abc' },
  embed: { providerName: 'YouTube', url: 'https://youtu.be/abcdefghijk', src: 'https://www.youtube-nocookie.com/embed/abcdefghijk', author: null },
});
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

describe("the media page's video and audio", () => {
  it('shows a video’s length as m:ss and a link’s provider and poster on its tile', async () => {
    const server = fakeServer().once('/api/owner/media', () => json(200, { assets: [video, youtube], nextCursor: null }));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const files = screen.getByRole('list', { name: 'Files' });
    const [first, second] = within(files).getAllByRole('listitem');
    expect(first!.textContent).toContain('Length 1:01');
    expect(first!.querySelector('.media-thumb')?.textContent).toBe('video');
    expect(second!.textContent).toContain('YouTube');
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('/assets/uploads/poster.jpg?v=abc');
  });

  it('adds a link: the refusal shows at the field, then the entry is added and listed', async () => {
    document.cookie = 'crumb=crumb-media';
    const basic = 'Vimeo Basic accounts are unsupported. Please share a video from a different account.';
    const server = fakeServer()
      .once('/api/owner/media', () => json(200, { assets: [], nextCursor: null }))
      .once('/api/owner/media/embeds', () => json(422, { error: basic, code: 'EMBED_VIMEO_BASIC', errors: { url: basic } }))
      .once('/api/owner/media/embeds', () => json(200, { asset: youtube }))
      .once('/api/owner/media', () => json(200, { assets: [youtube], nextCursor: null }));
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const form = screen.getByRole('form', { name: 'Add from a link' });
    const field = within(form).getByLabelText('Link to a video or track');
    fireEvent.change(field, { target: { value: ' https://vimeo.com/1234 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await settle();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe(basic);
    fireEvent.change(field, { target: { value: 'https://youtu.be/abcdefghijk' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await settle();
    expect(server.to('/api/owner/media/embeds').map((r) => [r.method, r.body, r.headers['x-csrf-token']])).toEqual([
      ['POST', { url: 'https://vimeo.com/1234' }, 'crumb-media'],
      ['POST', { url: 'https://youtu.be/abcdefghijk' }, 'crumb-media'],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Pour-over in four steps was added.');
    expect((field as HTMLInputElement).value).toBe('');
    expect(within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sets a video’s poster from the library, uploads one, and removes it, each saying so', async () => {
    document.cookie = 'crumb=crumb-media';
    const photo = asset('i1', 'frame.jpg');
    const withPoster = { ...video, poster: { id: 'i1', url: photo.url } };
    const server = fakeServer()
      .once('/api/owner/media', () => json(200, { assets: [video], nextCursor: null }))
      .once('/api/owner/media?kind=image&limit=100', () => json(200, { assets: [photo], nextCursor: null }))
      .once('/api/owner/media/v1/poster', () => json(200, { asset: withPoster }))
      .once('/api/owner/media', () => json(200, { assets: [withPoster], nextCursor: null }))
      .once('/api/owner/media/v1/poster', () => json(200, { asset: withPoster }))
      .once('/api/owner/media', () => json(200, { assets: [withPoster], nextCursor: null }))
      .once('/api/owner/media/v1/poster', () => json(200, { asset: video }))
      .once('/api/owner/media', () => json(200, { assets: [video], nextCursor: null }));
    vi.stubGlobal('fetch', server.fetch);
    render(<MediaPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit talk.webm' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit talk.webm' });
    const poster = within(dialog).getByRole('group', { name: 'Poster' });
    expect(within(poster).getByRole('button', { name: 'Capture from video' })).toBeTruthy();
    expect(within(poster).getByLabelText('Upload image')).toBeTruthy();
    fireEvent.click(within(poster).getByRole('button', { name: 'Choose from library' }));
    await settle();
    fireEvent.click(within(poster).getByRole('button', { name: 'Use frame.jpg' }));
    await settle();
    expect(within(poster).getByRole('status').textContent).toBe('frame.jpg is the poster.');
    expect(within(poster).getByRole('img', { name: 'The poster of talk.webm' })).toBeTruthy();

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'still.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(poster).getByLabelText('Upload image'), { target: { files: [file] } });
    await settle();
    expect(within(poster).getByRole('status').textContent).toBe('still.jpg is the poster.');

    fireEvent.click(within(poster).getByRole('button', { name: 'Remove poster' }));
    await settle();
    expect(within(poster).getByRole('status').textContent).toBe('The poster was removed.');
    expect(server.to('/api/owner/media/v1/poster').map((r) => [r.method, r.headers['x-csrf-token']])).toEqual([
      ['PUT', 'crumb-media'],
      ['POST', 'crumb-media'],
      ['DELETE', 'crumb-media'],
    ]);
    expect(server.to('/api/owner/media/v1/poster')[0]!.body).toEqual({ assetId: 'i1' });
    expect((server.to('/api/owner/media/v1/poster')[1]!.body as FormData).get('file')).toBeTruthy();
  });

  it('takes the frame at a tenth of the video, or at 1 s when its length is unknown', () => {
    expect(captureTime(60)).toBe(6);
    expect(captureTime(0.5)).toBeCloseTo(0.05);
    expect(captureTime(Number.NaN)).toBe(1);
    expect(captureTime(Number.POSITIVE_INFINITY)).toBe(1);
  });
});
