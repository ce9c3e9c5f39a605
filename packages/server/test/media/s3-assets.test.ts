// Site assets on S3-compatible object storage (ASSETS_URL; a real S3-protocol server, s3rver, on a
// local port): an import puts files and variants in the bucket, and another server process on the
// same database and bucket serves them, byte ranges included.
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import { openBlobStore } from '../../src/storage/blobs/index.js';
import { openStore, type Store } from '../../src/storage/dialect.js';
import { pageJson, testConfig } from '../helpers/app.js';
import { filesUnder, photoSite } from '../helpers/media-site.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { DIALECTS, freshDatabaseUrl } from '../helpers/store.js';
import path from 'node:path';

describe.each(DIALECTS)('assets in S3-compatible object storage on %s', (dialect) => {
  let s3: LocalS3;
  let drop: () => Promise<void>;
  let importer: Store;
  let server: Store;
  let app: FastifyInstance;
  let site: Awaited<ReturnType<typeof photoSite>>;

  beforeAll(async () => {
    s3 = await startLocalS3();
    const database = await freshDatabaseUrl(dialect);
    drop = database.drop;
    const config = testConfig({ databaseUrl: database.url, assetsUrl: s3.assetsUrl('tessera') });
    // Two processes' stores: the one `tessera import` opens, and the serving one, sharing database and bucket.
    importer = await openStore(database.url, { blobs: openBlobStore(config) });
    server = await openStore(database.url, { blobs: openBlobStore(config) });
    site = await photoSite();
    await importSite(importer, site.dir);
    app = await buildApp(config, { store: server });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    await importer?.close();
    await drop?.();
    await site?.remove();
    await s3?.close();
  });

  it('keeps every file and variant in the bucket under the prefix', async () => {
    expect(server.blobs.description).toMatch(/^s3:\/\/tessera-assets\/tessera at http:\/\/127\.0\.0\.1:\d+$/);
    const objects = (await filesUnder(path.join(s3.directory, s3.bucket))).filter((f) => f.endsWith('._S3rver_object'));
    expect(objects.every((f) => f.startsWith('tessera/sites/'))).toBe(true);
    expect(objects.filter((f) => f.includes('/variants/'))).toHaveLength(10 + 4);
  });

  it('serves the originals, variants and byte ranges from the bucket in another process', async () => {
    const { json } = await pageJson(app, '/shop/blue-mug');
    const url: string = json.item.mainImage.assetUrl;
    const original = await fs.readFile(path.join(site.dir, 'assets/shop/mug.jpg'));
    const whole = await app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(original)).toBe(true);
    const variant = await app.inject({ url: `${url}&format=750w`, headers: { accept: 'image/webp' } });
    expect(variant.headers['content-type']).toBe('image/webp');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(750);
    const part = await app.inject({ url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${original.length}`);
    expect(part.rawPayload.equals(original.subarray(10, 20))).toBe(true);
  });
});
