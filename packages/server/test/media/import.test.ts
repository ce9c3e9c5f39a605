// Importing a site with photographs: files and variants go to the blob store before the transaction,
// rows name them, a re-import reuses what it made, blobs no row names are deleted, export gives the
// very same bytes back; bad image files fail the import with a clear message and leave nothing behind.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite, SiteDirectoryError } from '../../src/site-dir/index.js';
import { DirectoryBlobStore, readAll } from '../../src/storage/blobs/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { photo, pngBomb, SCRIPTED_SVG } from '../helpers/images.js';
import { filesUnder, photoSite } from '../helpers/media-site.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

const WEBSITE = websiteIdOf('fixture-shop');

/** The folder of the test store's blobs (a directory blob store, on both dialects). */
function blobRoot(store: Store): string {
  if (!(store.blobs instanceof DirectoryBlobStore)) throw new Error('the test stores keep their blobs in a folder');
  return path.dirname(store.blobs.fileOf('root'));
}

async function blobKeys(store: Store): Promise<string[]> {
  const assets = await store.db.selectFrom('assets').select('blob_key').execute();
  const variants = await store.db.selectFrom('asset_variants').select('blob_key').execute();
  return [...new Set([...assets, ...variants].map((r) => r.blob_key))].sort();
}

describe.each(DIALECTS)('importing photographs on %s', (dialect) => {
  let store: Store;
  let site: Awaited<ReturnType<typeof photoSite>>;
  beforeAll(async () => {
    store = await freshStore(dialect);
    site = await photoSite();
  });
  afterAll(async () => {
    await store.close();
    await site.remove();
  });

  it('stores every file in the blob store and the variants of each raster image, oriented', async () => {
    await importSite(store, site.dir);
    const jpeg = await store.db.selectFrom('assets').selectAll().where('path', '=', 'assets/shop/mug.jpg').executeTakeFirstOrThrow();
    expect(jpeg).toMatchObject({ content_type: 'image/jpeg', width: 1200, height: 900, media_error: null });
    expect(jpeg.blob_key).toBe(`sites/${WEBSITE}/originals/${jpeg.sha256}`);
    expect(jpeg.processed_on).toBeGreaterThan(0);
    expect(JSON.parse(jpeg.color_data!)).toMatchObject({ topLeftAverage: expect.stringMatching(/^[0-9a-f]{6}$/) });
    expect(jpeg.placeholder).toMatch(/^data:image\/webp;base64,/);
    const variants = await store.db.selectFrom('asset_variants').selectAll().where('asset_id', '=', jpeg.id).orderBy('width').orderBy('format').execute();
    expect(variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual(
      ['100x75', '300x225', '500x375', '750x563', '1000x750'].flatMap((s) => [`${s}.jpeg`, `${s}.webp`]),
    );
    const v750 = variants.find((v) => v.width === 750 && v.format === 'webp')!;
    const bytes = await readAll((await store.blobs.get(v750.blob_key))!.stream);
    expect(bytes.length).toBe(v750.size);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 750, height: 563 });

    const svg = await store.db.selectFrom('assets').selectAll().where('path', '=', 'assets/shop/mug.svg').executeTakeFirstOrThrow();
    expect(svg).toMatchObject({ content_type: 'image/svg+xml', processed_on: null, color_data: null });
    expect(await store.blobs.exists(svg.blob_key)).toBe(true);
    const png = await store.db
      .selectFrom('asset_variants')
      .innerJoin('assets', 'assets.id', 'asset_variants.asset_id')
      .select(['asset_variants.width', 'asset_variants.format'])
      .where('assets.path', '=', 'assets/shop/mug-side.png')
      .execute();
    expect(png.map((v) => `${v.width}.${v.format}`).sort()).toEqual(['100.png', '100.webp', '300.png', '300.webp']);
  });

  it('re-imports without making the variants again, and deletes the blobs no row names any more', async () => {
    const before = await store.db.selectFrom('assets').select(['path', 'processed_on']).where('processed_on', 'is not', null).orderBy('path').execute();
    await importSite(store, site.dir);
    expect(await store.db.selectFrom('assets').select(['path', 'processed_on']).where('processed_on', 'is not', null).orderBy('path').execute()).toEqual(
      before,
    );

    // The PNG goes, the JPEG is drawn anew: their old original and variants leave the blob store.
    const oldKeys = await blobKeys(store);
    await fs.rm(path.join(site.dir, 'assets/shop/mug-side.png'));
    const shopFile = path.join(site.dir, 'collections/shop.json');
    const shop = JSON.parse(await fs.readFile(shopFile, 'utf8'));
    shop.items.find((i: { urlId: string }) => i.urlId === 'blue-mug').product.images.splice(1, 1);
    await fs.writeFile(shopFile, JSON.stringify(shop));
    await fs.writeFile(path.join(site.dir, 'assets/shop/mug.jpg'), await photo(640, 480));
    await importSite(store, site.dir);
    const newKeys = await blobKeys(store);
    const removed = oldKeys.filter((k) => !newKeys.includes(k));
    expect(removed.length).toBe(1 + 10 + 1 + 4); // old JPEG and its 10 variants, the PNG and its 4
    for (const key of removed) expect(await store.blobs.exists(key), key).toBe(false);
    for (const key of newKeys) expect(await store.blobs.exists(key), key).toBe(true);
    const jpeg = await store.db.selectFrom('assets').select(['id', 'width', 'height']).where('path', '=', 'assets/shop/mug.jpg').executeTakeFirstOrThrow();
    expect([jpeg.width, jpeg.height]).toEqual([640, 480]);
    expect(await store.db.selectFrom('asset_variants').select('width').where('asset_id', '=', jpeg.id).execute()).toHaveLength(6); // 100, 300, 500 wide
  });

  it('exports the very same bytes it imported', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-export-'));
    try {
      await exportSite(store, out);
      for (const file of ['assets/shop/mug.jpg', 'assets/shop/mug.svg', 'assets/downloads/guide.pdf']) {
        expect((await fs.readFile(path.join(out, file))).equals(await fs.readFile(path.join(site.dir, file))), file).toBe(true);
      }
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });
});

describe.each(DIALECTS)('bad image files at import on %s', (dialect) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(dialect);
  });
  afterAll(async () => {
    await store.close();
  });

  it('lists every bad file with its message and stores nothing', async () => {
    const whole = await photo(600, 400);
    const site = await photoSite({
      'assets/bad/truncated.jpg': whole.subarray(0, Math.floor(whole.length / 2)),
      'assets/bad/bomb.png': pngBomb(),
      'assets/bad/empty.jpg': Buffer.alloc(0),
      'assets/bad/notes.png': Buffer.from('not a picture at all'),
      'assets/bad/scripted.svg': SCRIPTED_SVG,
    });
    try {
      const error = await importSite(store, site.dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SiteDirectoryError);
      const issues = (error as SiteDirectoryError).issues.map((i) => `${i.file}: ${i.message}`).sort();
      expect(issues).toEqual([
        'assets/bad/bomb.png: File processing failed: the image is 60000 x 60000 pixels, larger than 100 megapixels',
        'assets/bad/empty.jpg: The file empty.jpg does not appear to be a supported image file.',
        'assets/bad/notes.png: The file notes.png does not appear to be a supported image file.',
        expect.stringMatching(/^assets\/bad\/truncated\.jpg: File processing failed: the image is damaged or incomplete \(.+\)$/),
      ]);
      expect(await store.db.selectFrom('assets').select('id').execute()).toEqual([]);
      expect(await store.db.selectFrom('websites').select('id').execute()).toEqual([]);
      // The good photographs were made into variants before the bad files were found: those are gone again.
      expect(await filesUnder(path.join(blobRoot(store), 'sites'))).toEqual([]);
    } finally {
      await site.remove();
    }
  });

  it('deletes the blobs it put when its transaction is refused', async () => {
    const first = await photoSite();
    const clash = await photoSite();
    try {
      await importSite(store, first.dir);
      const before = await blobKeys(store);
      const site = JSON.parse(await fs.readFile(path.join(clash.dir, 'site.json'), 'utf8'));
      Object.assign(site, { identifier: 'clash', hosts: ['shop.test'] });
      await fs.writeFile(path.join(clash.dir, 'site.json'), JSON.stringify(site));
      await expect(importSite(store, clash.dir)).rejects.toThrow(/already belongs to another site/);
      expect(await blobKeys(store)).toEqual(before);
      expect((await filesUnder(path.join(blobRoot(store), 'sites'))).filter((f) => f.startsWith(websiteIdOf('clash')))).toEqual([]);
    } finally {
      await first.remove();
      await clash.remove();
    }
  });

  it('imports an SVG with a script as a file (never rasterised)', async () => {
    const site = await photoSite({ 'assets/drawings/scripted.svg': SCRIPTED_SVG });
    try {
      await importSite(store, site.dir);
      const row = await store.db.selectFrom('assets').selectAll().where('path', '=', 'assets/drawings/scripted.svg').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content_type: 'image/svg+xml', width: 40, height: 40, processed_on: null });
      expect(await store.db.selectFrom('asset_variants').select('width').where('asset_id', '=', row.id).execute()).toEqual([]);
    } finally {
      await site.remove();
    }
  });
});
