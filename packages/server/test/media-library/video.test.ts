import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpWebsiteVersion } from '../../src/storage/assets.js';
import { photo } from '../helpers/images.js';
import { OembedApi } from '../helpers/oembed-api.js';
import { FIXTURES } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { StaffBrowser, type StaffSite, signedIn } from '../owner-staff/helpers.js';
import { mediaSite, multipartBody } from './helpers.js';

/** A WAV file written by hand: a 44-byte header, then `seconds` of 8 kHz 8-bit mono silence. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const data = Math.round(rate * seconds);
  const b = Buffer.alloc(44 + data, 0x80);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28); // bytes per second
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

describe.each(DIALECTS)('video and audio in the media library on %s', (dialect) => {
  let site: StaffSite;
  let oembed: OembedApi;
  let admin: StaffBrowser;
  let editor: StaffBrowser;
  let reporting: StaffBrowser;
  let nobody: StaffBrowser;
  let video: { id: string; path: string };
  let audio: { id: string };

  const upload = async (browser: StaffBrowser, name: string, bytes: Buffer, url = '/api/owner/media') => {
    const { body, contentType } = multipartBody([{ name, bytes }]);
    return browser.request('POST', url, body, { 'content-type': contentType });
  };

  beforeAll(async () => {
    oembed = await new OembedApi().start();
    // A provider that never answers is given up after a short while here (8 seconds in production).
    site = await mediaSite(dialect, { oembedTimeoutMs: 300 }, { oembedApi: oembed.origin });
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    editor = await signedIn(site, 'editor@shop.test', WebsiteRole.EDITOR);
    reporting = await signedIn(site, 'reports@shop.test', WebsiteRole.REPORTING);
    nobody = new StaffBrowser(site.app);
    const webm = await readFile(path.join(FIXTURES, '..', '..', '..', '..', 'sites/demo/assets/lessons/espresso.webm'));
    video = (await upload(admin, 'Espresso.webm', webm)).json.files[0].asset;
    audio = (await upload(admin, 'Drum.wav', wav(61.5))).json.files[0].asset;
  });
  afterAll(async () => {
    await site?.close();
    await oembed?.close();
  });

  it('reads the duration of uploaded video and audio from their content', async () => {
    const v = (await admin.request('GET', `/api/owner/media/${video.id}`)).json.asset;
    expect(v).toMatchObject({ kind: 'video', contentType: 'video/webm', durationText: '0:07', processingError: null, poster: null, embed: null });
    expect(v.durationMs).toBeGreaterThan(7900);
    expect(v.durationMs).toBeLessThan(8100);
    const a = (await admin.request('GET', `/api/owner/media/${audio.id}`)).json.asset;
    expect(a).toMatchObject({ kind: 'audio', durationMs: 61_500, durationText: '1:01' });
  });

  it('keeps a file whose duration cannot be read, marked, and reads rows stored before durations in its job', async () => {
    const empty = (await upload(admin, 'Empty.wav', wav(0))).json.files[0];
    expect(empty.ok).toBe(true);
    expect(empty.asset).toMatchObject({ durationMs: null, processingError: 'File processing failed: the file does not say how long it is' });
    // A row as it was before durations were read: the job reads it.
    await site.store.db.updateTable('assets').set({ duration_ms: null, processed_on: null }).where('id', '=', audio.id).execute();
    expect((await admin.request('GET', `/api/owner/media/${audio.id}`)).json.asset.durationMs).toBeNull();
    await site.app.jobs.runDue();
    expect((await admin.request('GET', `/api/owner/media/${audio.id}`)).json.asset.durationMs).toBe(61_500);
  });

  it('reads the length of the new bytes when a track is replaced, in the answer already', async () => {
    const track = (await upload(admin, 'Loop.wav', wav(12))).json.files[0].asset;
    expect(track.durationMs).toBe(12_000);
    const { body, contentType } = multipartBody([{ name: 'Longer loop.wav', bytes: wav(95) }]);
    const replaced = await admin.request('PUT', `/api/owner/media/${track.id}/file`, body, { 'content-type': contentType });
    expect(replaced.status).toBe(200);
    expect(replaced.json.asset).toMatchObject({ id: track.id, durationMs: 95_000, durationText: '1:35', processingError: null });
    expect((await admin.request('GET', `/api/owner/media/${track.id}`)).json.asset.durationMs).toBe(95_000);
  });

  it('links a poster from the library, uploads one, lists the video where the image is used, and unlinks it', async () => {
    const image = (await upload(admin, 'Frame.jpg', await photo(640, 360))).json.files[0].asset;
    const put = await editor.request('PUT', `/api/owner/media/${video.id}/poster`, { assetId: image.id });
    expect(put.status).toBe(200);
    expect(put.json.asset.poster).toEqual({ id: image.id, url: image.url });
    const uses = await admin.request('GET', `/api/owner/media/${image.id}/uses`);
    expect(uses.json.uses).toEqual([{ kind: 'media', id: video.id, title: 'Espresso.webm' }]);
    const refused = await admin.request('DELETE', `/api/owner/media/${image.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.uses).toEqual([{ kind: 'media', id: video.id, title: 'Espresso.webm' }]);

    // A frame the studio captured, sent as a JPEG: a new image of the library, with its variants.
    const captured = await upload(admin, 'frame.jpg', await photo(320, 180), `/api/owner/media/${video.id}/poster`);
    expect(captured.status).toBe(200);
    const posterId = captured.json.asset.poster.id;
    expect(posterId).not.toBe(image.id);
    const frame = (await admin.request('GET', `/api/owner/media/${posterId}`)).json.asset;
    expect(frame).toMatchObject({ kind: 'image', width: 320, height: 180, useCount: 1 });
    expect(frame.variants.length).toBeGreaterThan(0);

    // Deleting the poster after confirmation takes it off the video, which stays.
    const forced = await admin.request('DELETE', `/api/owner/media/${posterId}?force=1`);
    expect(forced.json).toMatchObject({ deleted: true, removedFrom: [{ kind: 'media', id: video.id }] });
    expect((await admin.request('GET', `/api/owner/media/${video.id}`)).json.asset.poster).toBeNull();

    await admin.request('PUT', `/api/owner/media/${video.id}/poster`, { assetId: image.id });
    const unlinked = await admin.request('DELETE', `/api/owner/media/${video.id}/poster`);
    expect(unlinked.json.asset.poster).toBeNull();
    expect((await admin.request('GET', `/api/owner/media/${image.id}`)).status).toBe(200);
  });

  it('refuses a poster that is not an image, for a file that is not a video, and bad input', async () => {
    const image = (await admin.request('GET', '/api/owner/media?kind=image&q=frame')).json.assets[0];
    const notImage = await admin.request('PUT', `/api/owner/media/${video.id}/poster`, { assetId: audio.id });
    expect(notImage.status).toBe(400);
    expect(notImage.json).toMatchObject({ code: 'POSTER_NOT_IMAGE', error: 'Choose an image of the library as the poster.' });
    const notMedia = await admin.request('PUT', `/api/owner/media/${image.id}/poster`, { assetId: image.id });
    expect(notMedia.json).toMatchObject({ code: 'POSTER_NOT_MEDIA', error: 'Only a video or audio file has a poster.' });
    const missing = await admin.request('PUT', `/api/owner/media/${video.id}/poster`, {});
    expect(missing.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { assetId: 'Choose an image of the library.' } });
    const text = await upload(admin, 'frame.jpg', Buffer.from('not a picture'), `/api/owner/media/${video.id}/poster`);
    expect(text.status).toBe(415);
    expect(text.json.error).toBe('The file frame.jpg does not appear to be a supported image file.');
    expect((await admin.request('PUT', '/api/owner/media/nope/poster', { assetId: image.id })).status).toBe(404);
  });

  it('adds YouTube, Vimeo, SoundCloud and Spotify links through their oEmbed, with Tessera-built players and the thumbnail as poster', async () => {
    const add = (url: string) => editor.request('POST', '/api/owner/media/embeds', { url });
    const youtube = await add('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtube.status).toBe(200);
    expect(youtube.json.asset).toMatchObject({
      kind: 'video',
      name: 'Pour-over in four steps',
      width: 200,
      height: 113,
      durationMs: null,
      embed: { providerName: 'YouTube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', author: 'Tessera Coffee' },
    });
    const poster = (await admin.request('GET', `/api/owner/media/${youtube.json.asset.poster.id}`)).json.asset;
    expect(poster).toMatchObject({ kind: 'image', width: 480, height: 360 });
    expect(poster.variants.length).toBeGreaterThan(0);

    const vimeo = (await add('https://vimeo.com/76979871')).json.asset;
    expect(vimeo).toMatchObject({
      kind: 'video',
      durationMs: 95_000,
      durationText: '1:35',
      embed: { providerName: 'Vimeo', src: 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e' },
    });
    const soundcloud = (await add('https://soundcloud.com/tessera/roastery-sounds')).json.asset;
    expect(soundcloud).toMatchObject({
      kind: 'audio',
      embed: {
        providerName: 'SoundCloud',
        src: 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&visual=true&show_artwork=true',
      },
    });
    const spotify = (await add('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).json.asset;
    expect(spotify).toMatchObject({ kind: 'audio', embed: { providerName: 'Spotify', src: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC' } });
    // The library lists them with the videos and audio.
    const videos = (await admin.request('GET', '/api/owner/media?kind=video')).json.assets.map((a: { id: string }) => a.id);
    expect(videos).toEqual(expect.arrayContaining([youtube.json.asset.id, vimeo.id, video.id]));
    expect(oembed.calls.some((c) => c.startsWith('/oembed?url=https%3A%2F%2Fwww.youtube.com'))).toBe(true);
  });

  it('refuses Vimeo Basic, private and missing videos, unreachable providers, foreign players and unknown sites', async () => {
    const add = (url: string) => admin.request('POST', '/api/owner/media/embeds', { url });
    const basic = await add('https://vimeo.com/channels/basic/1234');
    expect(basic.status).toBe(422);
    expect(basic.json).toMatchObject({
      code: 'EMBED_VIMEO_BASIC',
      error: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
      errors: { url: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.' },
    });
    for (const id of ['private', 'missing']) {
      const res = await add(`https://www.youtube.com/watch?v=${id}`);
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('EMBED_NOT_FOUND');
    }
    const broken = await add('https://youtu.be/broken');
    expect(broken.status).toBe(502);
    expect(broken.json).toMatchObject({ code: 'EMBED_UNAVAILABLE', error: 'The provider did not answer. Please try again.' });
    const silent = await add('https://www.youtube.com/watch?v=silent');
    expect(silent.status).toBe(502);
    expect(silent.json.code).toBe('EMBED_UNAVAILABLE');
    for (const id of ['foreign', 'script']) expect((await add(`https://www.youtube.com/watch?v=${id}`)).json.code).toBe('EMBED_REFUSED');
    // A thumbnail elsewhere than the provider's hosts is never fetched: the entry has no poster.
    const elsewhere = await add('https://www.youtube.com/watch?v=elsewhere');
    expect(elsewhere.json.asset).toMatchObject({ poster: null, embed: { src: 'https://www.youtube-nocookie.com/embed/elsewhere' } });
    expect(oembed.calls.some((c) => c.includes('evil'))).toBe(false);
    const before = oembed.calls.length;
    const unknown = await add('https://example.com/watch?v=abcdefgh');
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors.url).toBe(
      'Tessera cannot embed links from this site: paste a link to a YouTube or Vimeo video, or to SoundCloud or Spotify audio.',
    );
    const plain = await add('http://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(plain.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { url: 'Enter a link that starts with https://.' } });
    expect((await admin.request('POST', '/api/owner/media/embeds', {})).json.errors).toEqual({ url: 'Enter a link that starts with https://.' });
    // Nothing was asked of any server for the refused links.
    expect(oembed.calls.length).toBe(before);
    const names = (await admin.request('GET', '/api/owner/media?kind=video')).json.assets.map((a: { name: string }) => a.name);
    expect(names.filter((n: string) => n === 'Morning at the roastery')).toHaveLength(1);
  });

  it('gives an item that names a video or audio file the spec’s video object, with Tessera’s own player markup', async () => {
    const named = async (videoPath: string) => {
      const item = await site.store.db.selectFrom('items').select(['id', 'data']).where('url_id', '=', 'hello-world').executeTakeFirstOrThrow();
      const data = { ...JSON.parse(item.data), video: videoPath };
      await site.store.db
        .updateTable('items')
        .set({ data: JSON.stringify(data) })
        .where('id', '=', item.id)
        .execute();
      await bumpWebsiteVersion(site.store.db, site.websiteId);
      const res = await site.app.inject({ url: '/journal/hello-world?format=json', headers: { host: 'shop.test' } });
      return res.json().item.video;
    };
    const youtube = (await admin.request('GET', '/api/owner/media?kind=video&q=Pour-over')).json.assets.find(
      (a: { embed: { src: string } }) => a.embed.src === 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    const embedded = await named(youtube.path);
    expect(embedded).toMatchObject({
      oembed: {
        providerName: 'YouTube',
        html: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Pour-over in four steps" loading="lazy" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" allowfullscreen></iframe>',
      },
      overlay: true,
      mainImageId: youtube.poster.id,
      originalSize: '480x360',
      systemDataVariants: '480x360,100w,300w',
      embedded: true,
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const wavPath = (await admin.request('GET', `/api/owner/media/${audio.id}`)).json.asset.path;
    expect(await named(wavPath)).toMatchObject({
      oembed: {
        providerName: 'Tessera',
        html: expect.stringMatching(
          /^<audio controls preload="metadata"><source src="\/assets\/uploads\/Drum\.wav\?v=[0-9a-f]{12}" type="audio\/(x-)?wav"><\/audio>$/,
        ),
      },
      overlay: false,
      mainImageId: null,
      duration: '1:01',
      inline: true,
    });
    // A path that is no video or audio file gives no video object.
    expect(await named('assets/logo.svg')).toBeUndefined();
  });

  it('exports an entry added from a link as its facts, which an import makes an entry again', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'tessera-embeds-'));
    const copy = await freshStore(dialect);
    try {
      await exportSite(site.store, out);
      const file = JSON.parse(await readFile(path.join(out, 'assets/embeds/morning-at-the-roastery.json'), 'utf8'));
      expect(file).toMatchObject({ provider: 'vimeo', src: 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e', durationMs: 95_000 });
      expect(JSON.stringify(file)).not.toContain('<iframe');
      await importSite(copy, out);
      const row = await copy.db
        .selectFrom('assets')
        .select(['content_type', 'duration_ms', 'embed'])
        .where('path', '=', 'assets/embeds/morning-at-the-roastery.json')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content_type: 'video/x-tessera-embed', duration_ms: 95_000 });
      expect(JSON.parse(row.embed!)).toEqual(file);
    } finally {
      await copy.close();
      await rm(out, { recursive: true, force: true });
    }
  });

  it('lets editors and admins add links and posters; 403 for reporting, 401 without a session, 403 without the crumb', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/owner/media/embeds', { url: 'https://youtu.be/dQw4w9WgXcQ' }],
      ['PUT', `/api/owner/media/${video.id}/poster`, { assetId: video.id }],
      ['DELETE', `/api/owner/media/${video.id}/poster`, undefined],
    ] as const) {
      expect((await reporting.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await nobody.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      expect((await admin.request(method, url, body, { 'x-csrf-token': '' })).json.code, `${method} ${url}`).toBe('CRUMB_FAIL');
    }
    const { body, contentType } = multipartBody([{ name: 'f.jpg', bytes: await photo(32, 32) }]);
    expect((await reporting.request('POST', `/api/owner/media/${video.id}/poster`, body, { 'content-type': contentType })).status).toBe(403);
  });
});
