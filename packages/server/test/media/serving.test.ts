// The asset route with the image service: ?format=<w>w answers the variant (the next wider one, else
// the original), WebP when Accept allows, with Vary, ETag, 304, long-lived caching under the content
// hash, byte ranges for media and downloads, and SVG under a policy that runs nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { pageJson, testConfig } from '../helpers/app.js';
import { photoSite } from '../helpers/media-site.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import fs from 'node:fs/promises';
import path from 'node:path';

const WEBP = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const NO_WEBP = 'image/png,image/*;q=0.8';

describe.each(DIALECTS)('serving images and their variants on %s', (dialect) => {
  let store: Store;
  let app: FastifyInstance;
  let site: Awaited<ReturnType<typeof photoSite>>;
  let jpegUrl: string;
  let original: Buffer;
  beforeAll(async () => {
    store = await freshStore(dialect);
    site = await photoSite();
    await importSite(store, site.dir);
    app = await buildApp(testConfig(), { store });
    await app.ready();
    const { json } = await pageJson(app, '/shop/blue-mug');
    jpegUrl = json.item.mainImage.assetUrl;
    original = await fs.readFile(path.join(site.dir, 'assets/shop/mug.jpg'));
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await site.remove();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('lists the variants in the page context as the spec shapes them', async () => {
    const { json } = await pageJson(app, '/shop/blue-mug');
    const image = json.item.mainImage;
    expect(jpegUrl).toMatch(/^\/assets\/shop\/mug\.jpg\?v=[0-9a-f]{12}$/);
    expect(image).toMatchObject({ originalSize: '1200x900', systemDataVariants: '1200x900,100w,300w,500w,750w,1000w', filename: 'mug.jpg' });
    expect(Object.keys(image.colorData)).toEqual(['topLeftAverage', 'topRightAverage', 'bottomLeftAverage', 'bottomRightAverage', 'centerAverage']);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    const svg = json.item.structuredContent.images.find((i: { filename: string }) => i.filename === 'mug.svg');
    expect(svg).toMatchObject({ systemDataVariants: '', colorData: null });
  });

  it('answers a width with that variant: WebP when the browser takes it, else the original format', async () => {
    const webp = await get(`${jpegUrl}&format=300w`, { accept: WEBP });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toMatch(/Accept/);
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(webp.headers['content-length'])).toBe(webp.rawPayload.length);
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 225 });
    const jpeg = await get(`${jpegUrl}&format=300w`, { accept: NO_WEBP });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 300 });
    expect(jpeg.headers.etag).not.toBe(webp.headers.etag);
    const refused = await get(`${jpegUrl}&format=300w`, { accept: 'image/webp;q=0, image/*' });
    expect(refused.headers['content-type']).toBe('image/jpeg');
  });

  it('answers a width it has no variant of with the next wider one, and the original past the widest', async () => {
    expect((await sharp((await get(`${jpegUrl}&format=400w`, { accept: NO_WEBP })).rawPayload).metadata()).width).toBe(500);
    expect((await sharp((await get(`${jpegUrl}&format=1001w`, { accept: WEBP })).rawPayload).metadata()).format).toBe('jpeg');
    for (const url of [`${jpegUrl}&format=1500w`, `${jpegUrl}&format=original`, jpegUrl, `${jpegUrl}&format=nonsense`]) {
      const res = await get(url, { accept: WEBP });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(original), url).toBe(true);
      expect(res.headers.vary, url).toBeUndefined();
    }
  });

  it('makes PNG variants of a PNG and WebP for browsers that take it', async () => {
    const { json } = await pageJson(app, '/shop/blue-mug');
    const png = json.item.structuredContent.images.find((i: { filename: string }) => i.filename === 'mug-side.png').assetUrl;
    expect((await get(`${png}&format=100w`, { accept: NO_WEBP })).headers['content-type']).toBe('image/png');
    expect((await get(`${png}&format=100w`, { accept: WEBP })).headers['content-type']).toBe('image/webp');
  });

  it('revalidates each variant by its ETag, and caches only briefly without the content hash', async () => {
    const first = await get(`${jpegUrl}&format=500w`, { accept: WEBP });
    const again = await get(`${jpegUrl}&format=500w`, { accept: WEBP, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get(`${jpegUrl}&format=750w`, { accept: WEBP, 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
    const bare = await get('/assets/shop/mug.jpg?format=500w', { accept: WEBP });
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
    expect(bare.headers.etag).toBe(first.headers.etag);
  });

  it('answers byte ranges of media and downloads, and refuses a range past the end', async () => {
    const part = await get(jpegUrl, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${original.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.rawPayload.equals(original.subarray(100, 1100))).toBe(true);
    const tail = await get(jpegUrl, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(original.subarray(original.length - 10))).toBe(true);
    const open = await get(jpegUrl, { range: `bytes=${original.length - 5}-` });
    expect(open.headers['content-range']).toBe(`bytes ${original.length - 5}-${original.length - 1}/${original.length}`);
    const past = await get(jpegUrl, { range: `bytes=${original.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${original.length}`);
    expect(past.json()).toEqual({ error: 'The requested range is not satisfiable.', code: 'RANGE_NOT_SATISFIABLE' });
    const stale = await get(jpegUrl, { range: 'bytes=0-9', 'if-range': '"an-old-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(original)).toBe(true);
    const current = await get(jpegUrl, { range: 'bytes=0-9', 'if-range': String(part.headers.etag) });
    expect(current.statusCode).toBe(206);
    const pdf = await get('/assets/downloads/guide.pdf', { range: 'bytes=0-4' });
    // The fixture's guide is a sold download: never served here, ranges or not.
    expect(pdf.statusCode).toBe(404);
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await app.inject({ method: 'HEAD', url: `${jpegUrl}&format=300w`, headers: { accept: WEBP } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.rawPayload.length).toBe(0);
    const get = await app.inject({ method: 'GET', url: `${jpegUrl}&format=300w`, headers: { accept: WEBP } });
    expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
    const part = await app.inject({ method: 'HEAD', url: jpegUrl, headers: { range: 'bytes=0-99' } });
    expect([part.statusCode, part.headers['content-length']]).toEqual([206, '100']);
  });

  it('serves an SVG whole, under a policy that runs no script', async () => {
    const res = await get('/assets/shop/mug.svg', { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBeUndefined();
  });

  it('answers paths that try to leave the assets with not found, and keeps serving', async () => {
    for (const url of [
      '/assets/../../x',
      '/assets/..%2F..%2Fx',
      '/assets/%2e%2e/%2e%2e/etc/passwd',
      '/assets/shop/..%5C..%5Cx',
      '/assets/shop/mug.jpg%00.png',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get(jpegUrl)).statusCode).toBe(200);
  });
});
