// processImage, the image service's one entry for an asset already in the blob store (an upload, a
// row moved by migration 0015), and the media-variants job that runs it for images without variants.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { processImage } from '../../src/media/index.js';
import { importSite } from '../../src/site-dir/index.js';
import { originalKey, type BlobStore } from '../../src/storage/blobs/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { newId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { pageJson, testConfig } from '../helpers/app.js';
import { photo, pngBomb } from '../helpers/images.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

const WEBSITE = websiteIdOf('fixture-shop');

/** An asset as an upload leaves it: its bytes stored, its row written, no variants yet. */
async function storedAsset(store: Store, path: string, bytes: Buffer, contentType = 'image/jpeg'): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = originalKey(WEBSITE, sha256);
  await store.blobs.put(key, bytes);
  const id = newId();
  await store.db
    .insertInto('assets')
    .values({ id, website_id: WEBSITE, path, content_type: contentType, size: bytes.length, sha256, width: null, height: null, blob_key: key })
    .execute();
  return id;
}

const variantCount = async (store: Store, id: string) =>
  (await store.db.selectFrom('asset_variants').select('width').where('asset_id', '=', id).execute()).length;

/** The store's blobs, but every put after the first `allowed` fails: a disk that fills, a bucket that goes away. */
function failingAfter(blobs: BlobStore, allowed: number): { blobs: BlobStore; deleted: string[] } {
  let puts = 0;
  const deleted: string[] = [];
  return {
    deleted,
    blobs: {
      description: blobs.description,
      get: (key, range) => blobs.get(key, range),
      exists: (key) => blobs.exists(key),
      close: () => blobs.close(),
      delete: async (key) => {
        deleted.push(key);
        await blobs.delete(key);
      },
      put: async (key, body, options) => {
        if (++puts > allowed) throw new Error('no space left on device');
        return blobs.put(key, body, options);
      },
    },
  };
}

describe.each(DIALECTS)('processImage on %s', (dialect) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(dialect);
    await importSite(store, FIXTURE_SITE);
  });
  afterAll(async () => {
    await store.close();
  });

  it('makes the variants of a stored image once, and bumps the site version', async () => {
    const id = await storedAsset(store, 'assets/uploads/kiln.jpg', await photo(800, 600));
    const version = (await store.db.selectFrom('websites').select('version').where('id', '=', WEBSITE).executeTakeFirstOrThrow()).version;
    expect(await processImage(store, id)).toEqual({ ok: true, status: 'processed', variants: 8 });
    expect(await variantCount(store, id)).toBe(8);
    const row = await store.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ width: 800, height: 600, media_error: null });
    expect((await store.db.selectFrom('websites').select('version').where('id', '=', WEBSITE).executeTakeFirstOrThrow()).version).toBe(version + 1);
    expect(await processImage(store, id)).toEqual({ ok: true, status: 'already', variants: 0 });
    expect(await processImage(store, 'no-such-asset')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('leaves other files alone', async () => {
    const id = await storedAsset(store, 'assets/uploads/notes.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf');
    expect(await processImage(store, id)).toEqual({ ok: true, status: 'not-an-image', variants: 0 });
  });

  it('marks a damaged image or a PNG bomb with the reason, once, and makes nothing', async () => {
    const whole = await photo(600, 400);
    const truncated = await storedAsset(store, 'assets/uploads/cut.jpg', whole.subarray(0, whole.length >> 1));
    const result = await processImage(store, truncated);
    expect(result).toMatchObject({ ok: false, code: 'FILE_PROCESSING_FAILED', reason: expect.stringMatching(/^the image is damaged or incomplete/) });
    const row = await store.db.selectFrom('assets').select(['media_error', 'processed_on']).where('id', '=', truncated).executeTakeFirstOrThrow();
    expect(row).toEqual({ media_error: (result as { reason: string }).reason, processed_on: null });
    expect(await variantCount(store, truncated)).toBe(0);
    const bomb = await storedAsset(store, 'assets/uploads/bomb.png', pngBomb(), 'image/png');
    expect(await processImage(store, bomb)).toEqual({
      ok: false,
      code: 'FILE_PROCESSING_FAILED',
      reason: 'the image is 60000 x 60000 pixels, larger than 100 megapixels',
    });
  });

  it('answers FILE_PROCESSING_INCOMPLETE when storing the variants fails, and leaves nothing half-made', async () => {
    const id = await storedAsset(store, 'assets/uploads/shelf.jpg', await photo(700, 500));
    const failing = failingAfter(store.blobs, 3);
    const result = await processImage({ ...store, blobs: failing.blobs }, id);
    expect(result).toEqual({ ok: false, code: 'FILE_PROCESSING_INCOMPLETE', reason: 'the variants could not be stored: no space left on device' });
    expect(failing.deleted).toHaveLength(3);
    for (const key of failing.deleted) expect(await store.blobs.exists(key)).toBe(false);
    expect(await variantCount(store, id)).toBe(0);
    const row = await store.db.selectFrom('assets').select(['processed_on', 'media_error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ processed_on: null, media_error: null });
    // Tried again with a working store, it completes.
    expect(await processImage(store, id)).toMatchObject({ ok: true, status: 'processed' });
  });

  it('answers FILE_PROCESSING_INCOMPLETE when the original is missing from the blob store', async () => {
    const id = await storedAsset(store, 'assets/uploads/gone.jpg', await photo(200, 100));
    const row = await store.db.selectFrom('assets').select('blob_key').where('id', '=', id).executeTakeFirstOrThrow();
    await store.blobs.delete(row.blob_key);
    expect(await processImage(store, id)).toMatchObject({ ok: false, code: 'FILE_PROCESSING_INCOMPLETE' });
  });
});

describe('the media-variants job', () => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore('sqlite');
    await importSite(store, FIXTURE_SITE);
  });
  afterAll(async () => {
    await store.close();
  });

  it("makes the variants of images that have none, and the site's pages list them at once", async () => {
    const id = await storedAsset(store, 'assets/shop/mug.jpg', await photo(1000, 1000));
    const mug = await store.db.selectFrom('items').select(['id', 'data']).where('url_id', '=', 'blue-mug').executeTakeFirstOrThrow();
    const data = { ...JSON.parse(mug.data), mainImage: 'assets/shop/mug.jpg' };
    await store.db
      .updateTable('items')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', mug.id)
      .execute();
    const app = await buildApp(testConfig(), { store, jobs: { timers: false } });
    try {
      await app.ready();
      expect((await pageJson(app, '/shop/blue-mug')).json.item.mainImage).toMatchObject({ originalSize: null, systemDataVariants: '' });
      expect(await app.jobs.runDue()).toContain('media-variants');
      expect(await variantCount(store, id)).toBe(10);
      expect((await pageJson(app, '/shop/blue-mug')).json.item.mainImage).toMatchObject({
        originalSize: '1000x1000',
        systemDataVariants: '1000x1000,100w,300w,500w,750w,1000w',
      });
      expect((await app.media.processImage(id)).ok).toBe(true);
    } finally {
      await app.close();
    }
  });
});
