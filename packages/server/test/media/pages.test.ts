// The demo shop with the default theme, as a fresh install serves it: its photographs get their
// variants at import, and the pages write srcset and sizes from them, loading and fetchpriority by the
// spec's priority rule, and alt text with the spec's fallback; every srcset URL answers an image no
// wider than it says.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURES } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

const REPO = path.resolve(FIXTURES, '..', '..', '..', '..');
const DEMO = path.join(REPO, 'sites', 'demo');

/** Every <img> tag of a page, as attribute maps. */
function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])));
}

const decode = (s: string) => s.replace(/&amp;/g, '&');

describe('the demo shop’s pages with its photographs', () => {
  let store: Store;
  let app: FastifyInstance;
  let importMs: number;
  beforeAll(async () => {
    store = await freshStore('sqlite');
    const started = performance.now();
    await importSite(store, DEMO);
    importMs = performance.now() - started;
    app = await buildApp(testConfig({ siteDir: DEMO, themesDir: path.join(REPO, 'themes') }), { store });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('imports the demo with its photographs made into variants in a few seconds', async () => {
    const photos = await store.db.selectFrom('assets').select(['path', 'processed_on']).where('path', 'like', 'assets/shop/photos/%').execute();
    expect(photos.length).toBeGreaterThanOrEqual(12);
    for (const p of photos) expect(p.processed_on, p.path).not.toBeNull();
    expect(importMs).toBeLessThan(60_000);
  });

  it('writes srcset with sizes, the opening picture eager with a high priority, the others lazy', async () => {
    const res = await app.inject({ url: '/shop/pour-over-dripper' });
    expect(res.statusCode).toBe(200);
    const gallery = images(res.body).filter((img) => img.src?.startsWith('/assets/shop/'));
    const photo = gallery[0]!;
    expect(photo.src).toMatch(/^\/assets\/shop\/photos\/pour-over-dripper\.jpg\?v=[0-9a-f]{12}$/);
    expect(decode(photo.srcset!).split(',')).toEqual([
      ...[100, 300, 500, 750, 1000].map((w) => `${decode(photo.src!)}&format=${w}w ${w}w`),
      `${decode(photo.src!)}&format=original 1500w`,
    ]);
    // The only picture: as wide as the gallery's column on a desktop, the whole width on a phone.
    expect(photo.sizes).toBe('(min-width: 1240px) 644px, (min-width: 900px) calc(56vw - 54px), calc(80vw - 6px)');
    expect([photo.loading, photo.fetchpriority]).toEqual(['eager', 'high']);
    expect(photo.alt).toBe('A photograph of the white pour-over dripper on its saucer');
    expect([photo.width, photo.height]).toEqual(['1200', '1200']);
    const drawing = gallery[1]!;
    expect(drawing.srcset).toBeUndefined(); // an SVG has no variants: no srcset
    expect([drawing.loading, drawing.fetchpriority]).toEqual(['lazy', undefined]);
  });

  it('gives every image that has a srcset a sizes, on the shop list too', async () => {
    for (const url of ['/shop', '/shop/linen-apron', '/']) {
      const res = await app.inject({ url });
      const served = images(res.body).filter((img) => 'srcset' in img);
      expect(served.length, url).toBeGreaterThan(0);
      for (const img of served) {
        expect(img.sizes, `${url}: ${img.src}`).toMatch(/\S/);
        expect(img.loading, `${url}: ${img.src}`).toMatch(/^(lazy|eager)$/);
        if (img.fetchpriority === 'high') expect(img.loading).toBe('eager');
        // The browser lays out a lazy picture before choosing its width; an eager one is chosen before layout.
        if (img.sizes!.startsWith('auto')) expect(img.loading, `${url}: ${img.src}`).toBe('lazy');
        if (img.fetchpriority === 'low' || img.fetchpriority === undefined) expect(img.loading).toBe('lazy');
      }
    }
  });

  it('answers each srcset entry with an image no wider than it says, WebP for browsers that take it', async () => {
    const res = await app.inject({ url: '/shop/glass-carafe' });
    const photo = images(res.body).find((img) => img.src?.includes('/photos/'))!;
    for (const entry of decode(photo.srcset!).split(',')) {
      const [url, descriptor] = entry.split(' ');
      const served = await app.inject({ url: url!, headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(served.statusCode, url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.width!, url).toBeLessThanOrEqual(Number(descriptor!.replace('w', '')));
      if (!url!.endsWith('format=original')) expect(meta.format, url).toBe('webp');
    }
  });

  it('shows the journal’s video post: the spec’s video object, a facade with its poster, the length, and players framed from their hosts only', async () => {
    // Durations are read by the media-durations job (a fresh install runs it at start).
    await app.jobs.runDue();
    const json = (await app.inject({ url: '/journal/a-beginners-guide-to-pour-over?format=json' })).json();
    const video = json.item.video;
    expect(video).toMatchObject({
      oembed: { providerName: 'Tessera' },
      overlay: true,
      kind: 'video',
      duration: '0:07',
      assetUrl: expect.stringMatching(/^\/assets\/journal\/morning-brew-poster\.jpg\?v=[0-9a-f]{12}$/),
      originalSize: '640x360',
      systemDataVariants: '640x360,100w,300w,500w',
      colorData: { topLeftAverage: expect.stringMatching(/^[0-9a-f]{6}$/) },
    });
    expect(video.mainImageId).toBe(video.id);
    expect(video.oembed.html).toMatch(
      /^<video controls preload="metadata" playsinline poster="\/assets\/journal\/morning-brew-poster\.jpg\?v=[0-9a-f]{12}"><source src="\/assets\/journal\/morning-brew\.webm\?v=[0-9a-f]{12}" type="video\/webm"><\/video>$/,
    );
    const page = await app.inject({ url: '/journal/a-beginners-guide-to-pour-over' });
    expect(page.body).toContain(`aria-label="Play video: A beginner's guide to pour-over"`);
    expect(page.body).toMatch(/<span class="post-video__duration"><span class="visually-hidden">Length <\/span>0:07<\/span>/);
    const facade = /<div class="video-facade" data-tessera-island="video" data-html="([^"]*)"/.exec(page.body);
    expect(facade?.[1]).toContain('&lt;video controls');
    // The poster is written with its srcset and sizes, and no frame or player loads before a click.
    const poster = images(page.body).find((img) => img.src?.startsWith('/assets/journal/morning-brew-poster.jpg'));
    expect(poster).toMatchObject({ alt: '', loading: 'eager', fetchpriority: 'high', sizes: '(min-width: 760px) 720px, 100vw' });
    // The video takes the place of the post's picture, the one the page opens on.
    expect(images(page.body).filter((img) => img.fetchpriority === 'high')).toHaveLength(1);
    expect(page.body).not.toMatch(/<iframe|<video/);
    expect(String(page.headers['content-security-policy'])).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://w.soundcloud.com https://open.spotify.com;",
    );
    // The lessons' members-only videos stay closed.
    expect((await app.inject({ url: '/assets/lessons/espresso.webm' })).statusCode).not.toBe(200);
  });
});
