// Replacing a file and a resumable upload with the assets in S3-compatible object storage (a real
// S3-protocol server, s3rver, on a local port): chunks are objects under the session's prefix, read
// back in order at the end and deleted; a replaced original leaves the bucket once no row names it.
import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite } from '../../src/site-dir/index.js';
import { openBlobStore } from '../../src/storage/blobs/index.js';
import { openStore } from '../../src/storage/dialect.js';
import { pageJson, testConfig } from '../helpers/app.js';
import { photo } from '../helpers/images.js';
import { filesUnder, photoSite } from '../helpers/media-site.js';
import { type LocalS3, startLocalS3 } from '../helpers/s3.js';
import { freshDatabaseUrl } from '../helpers/store.js';
import { type StaffBrowser, type StaffSite, signedIn } from '../owner-staff/helpers.js';
import { mediaApp, multipartBody } from './helpers.js';

const CHUNK = 65_536;

describe('replacing files and resumable uploads in S3-compatible object storage', () => {
  let s3: LocalS3;
  let site: StaffSite;
  let admin: StaffBrowser;
  let drop: () => Promise<void>;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    s3 = await startLocalS3();
    const database = await freshDatabaseUrl('sqlite');
    drop = database.drop;
    const config = testConfig({ databaseUrl: database.url, assetsUrl: s3.assetsUrl('tessera') });
    const store = await openStore(database.url, { blobs: openBlobStore(config) });
    const dir = await photoSite();
    remove = dir.remove;
    await importSite(store, dir.dir);
    site = await mediaApp(store, { uploadChunkBytes: CHUNK }, config);
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
  });
  afterAll(async () => {
    await site?.close();
    await drop?.();
    await remove?.();
    await s3?.close();
  });

  /** The keys of the bucket's objects, without the prefix (s3rver keeps each as a file named after it). */
  const objects = async () =>
    (await filesUnder(path.join(s3.directory, s3.bucket)))
      .filter((f) => f.endsWith('._S3rver_object'))
      .map((f) => f.replace(/\._S3rver_object$/, '').replace(/^tessera\//, ''));

  it('assembles a resumable upload from its chunk objects, then deletes them', async () => {
    const jpeg = await photo(1200, 900);
    const opened = await admin.request('POST', '/api/owner/media/uploads', { fileName: 'bucket.jpg', size: jpeg.length });
    const id = opened.json.id as string;
    let last: Awaited<ReturnType<StaffBrowser['request']>> | undefined;
    for (let from = 0; from < jpeg.length; from += CHUNK) {
      const bytes = jpeg.subarray(from, from + CHUNK);
      last = await admin.request('PUT', `/api/owner/media/uploads/${id}`, bytes, {
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${from}-${from + bytes.length - 1}/${jpeg.length}`,
      });
      if (from === CHUNK) expect((await objects()).filter((o) => o.includes(`/upload-sessions/${id}/`))).toHaveLength(2);
    }
    const [file] = last!.json.files;
    expect(file).toMatchObject({ ok: true, asset: { size: jpeg.length, width: 1200, processed: true } });
    const served = await site.app.inject({ url: file.asset.url, headers: { host: 'shop.test' } });
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect((await objects()).some((o) => o.includes('/upload-sessions/'))).toBe(false);
  });

  it('replaces a photograph a product shows, and deletes the old original from the bucket', async () => {
    const row = await site.store.db.selectFrom('assets').select(['id', 'blob_key']).where('path', '=', 'assets/shop/mug.jpg').executeTakeFirstOrThrow();
    expect(await objects()).toContain(row.blob_key);
    const fresh = await photo(640, 480);
    const { body, contentType } = multipartBody([{ name: 'new.jpg', bytes: fresh }]);
    const res = await admin.request('PUT', `/api/owner/media/${row.id}/file`, body, { 'content-type': contentType });
    expect(res.status).toBe(200);
    const image = (await pageJson(site.app, '/shop/blue-mug', 'shop.test')).json.item.mainImage;
    expect(image.originalSize).toBe('640x480');
    const served = await site.app.inject({ url: res.json.asset.url, headers: { host: 'shop.test' } });
    expect(served.rawPayload.equals(fresh)).toBe(true);
    expect(await objects()).not.toContain(row.blob_key);
  });
});
