import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageJson } from '../helpers/app.js';
import { photo } from '../helpers/images.js';
import { DIALECTS } from '../helpers/store.js';
import { StaffBrowser, signedIn } from '../owner-staff/helpers.js';
import { multipartBody, type Part } from './helpers.js';
import { photoMediaSite } from './replace-helpers.js';

type Site = Awaited<ReturnType<typeof photoMediaSite>>;

describe.each(DIALECTS)('replacing a file everywhere it is used on %s', (dialect) => {
  let site: Site;
  let admin: StaffBrowser;
  let mugId: string;

  beforeAll(async () => {
    // A process that trusts its cached copy of the site for a minute still shows the new file at once.
    // The fixture's files take well under 1 MB: 3 MB leaves room for the photographs here.
    site = await photoMediaSite(dialect, { siteLimitMb: 3 }, { siteCacheMs: 60_000 });
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    const row = await site.store.db.selectFrom('assets').select('id').where('path', '=', 'assets/shop/mug.jpg').executeTakeFirstOrThrow();
    mugId = row.id;
  });
  afterAll(async () => {
    await site?.close();
  });

  const replace = (browser: StaffBrowser, id: string, parts: readonly Part[], headers: Record<string, string> = {}) => {
    const { body, contentType } = multipartBody(parts);
    return browser.request('PUT', `/api/owner/media/${id}/file`, body, { 'content-type': contentType, ...headers });
  };
  const mainImage = async () => (await pageJson(site.app, '/shop/blue-mug', 'shop.test')).json.item.mainImage;

  it('gives a product page the new bytes under a new URL at once, and keeps the name, path, alt text and title', async () => {
    await admin.request('PATCH', `/api/owner/media/${mugId}`, { alt: 'The blue mug', title: 'Mug', focalPoint: { x: 0.2, y: 0.3 } });
    const before = await mainImage();
    expect(before.originalSize).toBe('1200x900');
    const oldRow = await site.store.db.selectFrom('assets').select(['blob_key', 'sha256']).where('id', '=', mugId).executeTakeFirstOrThrow();
    const fresh = await photo(1000, 800);
    const res = await replace(admin, mugId, [{ name: 'new mug.jpg', bytes: fresh, type: 'image/jpeg' }]);
    expect(res.status).toBe(200);
    expect(res.json.asset).toMatchObject({
      id: mugId,
      path: 'assets/shop/mug.jpg',
      name: 'mug.jpg',
      alt: 'The blue mug',
      title: 'Mug',
      // 1000 x 800 against 1200 x 900: the same shape within a fifth, so the focal point stays.
      focalPoint: { x: 0.2, y: 0.3 },
      size: fresh.length,
      width: 1000,
      height: 800,
      processed: true,
    });
    expect(res.json.asset.variants.every((v: { width: number }) => v.width <= 1000)).toBe(true);
    const after = await mainImage();
    expect(after.originalSize).toBe('1000x800');
    expect(after.systemDataVariants).toBe('1000x800,100w,300w,500w,750w,1000w');
    expect(after.assetUrl).not.toBe(before.assetUrl);
    expect(after.assetUrl).toContain(res.json.asset.url.split('?v=')[1]);
    const html = (await site.app.inject({ url: '/shop/blue-mug', headers: { host: 'shop.test' } })).body;
    expect(html).toContain(res.json.asset.url.split('?')[1]);
    const served = await site.app.inject({ url: res.json.asset.url, headers: { host: 'shop.test' } });
    expect(served.rawPayload.equals(fresh)).toBe(true);
    // The old original and its variants are gone; nothing names them.
    const files = await site.blobFiles();
    expect(files).not.toContain(`originals/${oldRow.sha256}`);
    expect(files.some((f) => f.startsWith(`variants/${oldRow.sha256}/`))).toBe(false);
    const newRow = await site.store.db.selectFrom('assets').select('sha256').where('id', '=', mugId).executeTakeFirstOrThrow();
    expect(files.filter((f) => f.startsWith(`variants/${newRow.sha256}/`))).toHaveLength(10);
  });

  it('resets the focal point when the new image has another shape', async () => {
    const res = await replace(admin, mugId, [{ name: 'tall.jpg', bytes: await photo(300, 600) }]);
    expect(res.status).toBe(200);
    expect(res.json.asset).toMatchObject({ width: 300, height: 600, focalPoint: null, alt: 'The blue mug' });
  });

  it('refuses a file of another kind, one that is no known type, or two files, and keeps the old file', async () => {
    const before = await mainImage();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const other = await replace(admin, mugId, [{ name: 'menu.pdf', bytes: pdf }]);
    expect(other.status).toBe(415);
    expect(other.json).toEqual({
      code: 'MEDIA_KIND_MISMATCH',
      error: 'Replace a file with one of the same kind: an image with an image, a video with a video.',
    });
    const text = await replace(admin, mugId, [{ name: 'notes.jpg', bytes: Buffer.from('not a picture at all') }]);
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ code: 'FILE_TYPE_UNSUPPORTED', error: 'The file notes.jpg does not appear to be a supported file.' });
    const jpeg = await photo(200, 100);
    const two = await replace(admin, mugId, [
      { name: 'a.jpg', bytes: jpeg },
      { name: 'b.jpg', bytes: jpeg },
    ]);
    expect(two.status).toBe(400);
    expect(two.json).toEqual({ code: 'MEDIA_REPLACE_ONE_FILE', error: 'Choose one file to replace this one.' });
    const none = await admin.request('PUT', `/api/owner/media/${mugId}/file`, { name: 'x' });
    expect(none.status).toBe(400);
    expect(none.json.code).toBe('MEDIA_REPLACE_ONE_FILE');
    const damaged = await replace(admin, mugId, [{ name: 'cut.jpg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }]);
    expect(damaged.status).toBe(422);
    expect(damaged.json).toMatchObject({ code: 'FILE_PROCESSING_FAILED', error: 'File processing failed' });
    expect(await mainImage()).toEqual(before);
    // Only the current original of the mug is under uploads: nothing of the refused files stayed.
    const uploads = (await site.blobFiles()).filter((f) => f.startsWith('uploads/'));
    const row = await site.store.db.selectFrom('assets').select('blob_key').where('id', '=', mugId).executeTakeFirstOrThrow();
    expect(uploads.map((f) => `sites/${site.websiteId}/${f}`)).toEqual(row.blob_key.includes('/uploads/') ? [row.blob_key] : []);
    expect((await replace(admin, 'no-such-file', [{ name: 'a.jpg', bytes: jpeg }])).status).toBe(404);
  });

  it('counts only the difference against the site limit', async () => {
    const size = Number((await site.store.db.selectFrom('assets').select('size').where('id', '=', mugId).executeTakeFirstOrThrow()).size);
    const used = Number(
      (
        await site.store.db
          .selectFrom('assets')
          .select((eb) => eb.fn.sum<number>('size').as('t'))
          .where('website_id', '=', site.websiteId)
          .executeTakeFirstOrThrow()
      ).t,
    );
    const room = 3_000_000 - used;
    const jpeg = await photo(200, 100);
    // Bigger than the room left, yet within it once the old file's bytes count as free.
    const big = Buffer.concat([jpeg, Buffer.alloc(room + Math.floor(size / 2))]);
    expect(big.length).toBeLessThan(room + size);
    const res = await replace(admin, mugId, [{ name: 'big.jpg', bytes: big }]);
    expect(res.status).toBe(200);
    const tooBig = await replace(admin, mugId, [{ name: 'bigger.jpg', bytes: Buffer.concat([big, Buffer.alloc(size)]) }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.code).toBe('MEDIA_STORAGE_FULL');
  });

  it('lets the last of two concurrent replacements win, answers both truthfully, and leaks no blob', async () => {
    const [a, b] = [await photo(400, 300), await photo(401, 300)];
    const [ra, rb] = await Promise.all([replace(admin, mugId, [{ name: 'a.jpg', bytes: a }]), replace(admin, mugId, [{ name: 'b.jpg', bytes: b }])]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(ra.json.asset.width).toBe(400);
    expect(rb.json.asset.width).toBe(401);
    const row = await site.store.db.selectFrom('assets').select(['blob_key', 'sha256', 'width']).where('id', '=', mugId).executeTakeFirstOrThrow();
    expect([400, 401]).toContain(row.width);
    const files = await site.blobFiles();
    expect(files.filter((f) => f.startsWith('uploads/')).map((f) => `sites/${site.websiteId}/${f}`)).toEqual([row.blob_key]);
    const variantShas = new Set(files.filter((f) => f.startsWith('variants/')).map((f) => f.split('/')[1]));
    const rows = await site.store.db.selectFrom('assets').select('sha256').where('website_id', '=', site.websiteId).execute();
    const named = new Set(rows.map((r) => r.sha256));
    expect([...variantShas].every((s) => named.has(s!))).toBe(true);
    expect(variantShas.has(row.sha256)).toBe(true);
  });

  it('lets editors and store managers replace; 403 for reporting, 401 without a session, 403 without the crumb', async () => {
    const jpeg = await photo(200, 150);
    const editor = await signedIn(site, 'editor@shop.test', WebsiteRole.EDITOR);
    const shop = await signedIn(site, 'shop@shop.test', WebsiteRole.STORE_MANAGER);
    const reporting = await signedIn(site, 'reports@shop.test', WebsiteRole.REPORTING);
    expect((await replace(editor, mugId, [{ name: 'e.jpg', bytes: jpeg }])).status).toBe(200);
    expect((await replace(shop, mugId, [{ name: 's.jpg', bytes: jpeg }])).status).toBe(200);
    const denied = await replace(reporting, mugId, [{ name: 'r.jpg', bytes: jpeg }]);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('PERMISSION_DENIED');
    const anonymous = await replace(new StaffBrowser(site.app), mugId, [{ name: 'n.jpg', bytes: jpeg }]);
    expect(anonymous.status).toBe(401);
    const noCrumb = await replace(admin, mugId, [{ name: 'c.jpg', bytes: jpeg }], { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json.code).toBe('CRUMB_FAIL');
  });
});
