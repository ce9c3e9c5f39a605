import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../helpers/images.js';
import { DIALECTS } from '../helpers/store.js';
import { StaffBrowser, type StaffSite, signedIn } from '../owner-staff/helpers.js';
import { mediaSite, multipartBody } from './helpers.js';

describe.each(DIALECTS)('the media library on %s', (dialect) => {
  let site: StaffSite;
  let admin: StaffBrowser;
  let editor: StaffBrowser;
  let reporting: StaffBrowser;
  let nobody: StaffBrowser;
  let uploaded: { id: string; path: string };

  beforeAll(async () => {
    site = await mediaSite(dialect);
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    editor = await signedIn(site, 'editor@shop.test', WebsiteRole.EDITOR);
    reporting = await signedIn(site, 'reports@shop.test', WebsiteRole.REPORTING);
    nobody = new StaffBrowser(site.app);
    site.clock.now += 1000;
    const { body, contentType } = multipartBody([{ name: 'Kiln photo.jpg', bytes: await photo(640, 480) }]);
    const res = await admin.request('POST', '/api/owner/media', body, { 'content-type': contentType });
    uploaded = res.json.files[0].asset;
  });
  afterAll(async () => {
    await site?.close();
  });

  const list = async (browser: StaffBrowser, query = '') => browser.request('GET', `/api/owner/media${query}`);

  it('lists the files newest first, with their URL, size, type, dimensions, variants and use count', async () => {
    const res = await list(editor);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.assets[0]).toMatchObject({ id: uploaded.id, name: 'Kiln photo.jpg', kind: 'image', width: 640, height: 480, useCount: 0 });
    expect(res.json.assets[0].variants.length).toBeGreaterThan(0);
    const mug = res.json.assets.find((a: { path: string }) => a.path === 'assets/shop/mug.svg');
    expect(mug).toMatchObject({ contentType: 'image/svg+xml', kind: 'image', name: 'mug.svg', url: expect.stringMatching(/^\/assets\/shop\/mug\.svg\?v=/) });
    expect(mug.useCount).toBeGreaterThan(0);
    const logo = res.json.assets.find((a: { path: string }) => a.path === 'assets/logo.svg');
    expect(logo.useCount).toBe(1);
  });

  it('searches name, title and alt text, filters by kind, sorts and pages with a cursor', async () => {
    expect((await list(admin, '?q=KILN')).json.assets.map((a: { path: string }) => a.path)).toEqual(
      ['assets/uploads/Kiln-photo.jpg', 'assets/gallery/kiln.svg'].slice(0, 2),
    );
    const docs = await list(admin, '?kind=document');
    expect(docs.json.assets.map((a: { path: string }) => a.path)).toEqual(['assets/downloads/guide.pdf']);
    const byName = await list(admin, '?sort=name&limit=2');
    expect(byName.json.assets).toHaveLength(2);
    const seen = byName.json.assets.map((a: { name: string }) => a.name);
    let cursor = byName.json.nextCursor;
    while (cursor) {
      const next = await list(admin, `?sort=name&limit=2&cursor=${cursor}`);
      seen.push(...next.json.assets.map((a: { name: string }) => a.name));
      cursor = next.json.nextCursor;
    }
    const all = (await list(admin, '?sort=name')).json.assets.map((a: { name: string }) => a.name);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    const badSort = await list(admin, '?sort=size');
    expect(badSort.status).toBe(400);
    expect(badSort.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { sort: 'Choose one of newest, oldest, name.' } });
    const badLimit = await list(admin, '?limit=500');
    expect(badLimit.json.errors).toEqual({ limit: 'Enter a whole number from 1 to 100.' });
    const badKind = await list(admin, '?kind=movie');
    expect(badKind.json.errors).toEqual({ kind: 'Choose one of image, video, audio, document, file.' });
    const otherSort = await list(admin, `?sort=newest&cursor=${byName.json.nextCursor}`);
    expect(otherSort.json.code).toBe('CURSOR_INVALID');
  });

  it('renames a file and sets its alt text, title and focal point', async () => {
    const res = await editor.request('PATCH', `/api/owner/media/${uploaded.id}`, {
      name: '  The kiln  ',
      alt: 'The kiln at dusk',
      title: 'Kiln',
      focalPoint: { x: 0.25, y: 0.75 },
    });
    expect(res.status).toBe(200);
    expect(res.json.asset).toMatchObject({ name: 'The kiln', alt: 'The kiln at dusk', title: 'Kiln', focalPoint: { x: 0.25, y: 0.75 }, path: uploaded.path });
    expect((await list(admin, '?q=dusk')).json.assets.map((a: { id: string }) => a.id)).toEqual([uploaded.id]);
    const cleared = await editor.request('PATCH', `/api/owner/media/${uploaded.id}`, { focalPoint: null });
    expect(cleared.json.asset.focalPoint).toBeNull();
  });

  it("refuses an empty name with the spec's message and a focal point outside the image", async () => {
    const empty = await admin.request('PATCH', `/api/owner/media/${uploaded.id}`, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ code: 'FILE_NAME_REQUIRED', error: 'Please enter a file name', errors: { name: 'Please enter a file name' } });
    const outside = await admin.request('PATCH', `/api/owner/media/${uploaded.id}`, { focalPoint: { x: 1.5, y: 0 } });
    expect(outside.status).toBe(400);
    expect(outside.json.errors).toMatchObject({ 'focalPoint.x': 'Enter a number from 0 to 1.' });
    const missing = await admin.request('PATCH', '/api/owner/media/nope', { title: 'x' });
    expect(missing.status).toBe(404);
  });

  it('lists where a file is used', async () => {
    const mug = (await list(admin, '?q=mug.svg')).json.assets[0];
    const res = await admin.request('GET', `/api/owner/media/${mug.id}/uses`);
    expect(res.status).toBe(200);
    expect(res.json.uses).toEqual([expect.objectContaining({ kind: 'product', title: expect.any(String) })]);
    const logo = (await list(admin, '?q=logo')).json.assets[0];
    expect((await admin.request('GET', `/api/owner/media/${logo.id}/uses`)).json.uses).toEqual([
      { kind: 'site', id: site.websiteId, title: expect.any(String) },
    ]);
  });

  it('refuses to delete a file in use, listing its uses, and with force removes it from them', async () => {
    const mug = (await list(admin, '?q=mug.svg')).json.assets[0];
    const refused = await admin.request('DELETE', `/api/owner/media/${mug.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'MEDIA_IN_USE', uses: [expect.objectContaining({ kind: 'product' })] });
    const forced = await admin.request('DELETE', `/api/owner/media/${mug.id}?force=1`);
    expect(forced.status).toBe(200);
    expect(forced.json.removedFrom).toHaveLength(1);
    expect((await list(admin, '?q=mug.svg')).json.assets).toEqual([]);
    const items = await site.store.db.selectFrom('items').select(['data', 'body']).where('website_id', '=', site.websiteId).execute();
    expect(items.some((i) => i.data.includes('assets/shop/mug.svg') || i.body.includes('assets/shop/mug.svg'))).toBe(false);
    const variants = await site.store.db.selectFrom('product_variants').select('image').where('image', '=', 'assets/shop/mug.svg').execute();
    expect(variants).toEqual([]);
    const products = await site.store.db.selectFrom('products').select('data').execute();
    expect(products.some((p) => p.data.includes('assets/shop/mug.svg'))).toBe(false);
    // The shop's page still renders.
    const page = await site.app.inject({ url: '/shop', headers: { host: 'shop.test' } });
    expect(page.statusCode).toBe(200);
  });

  it('deletes an unused file and its bytes', async () => {
    const row = await site.store.db.selectFrom('assets').select('blob_key').where('id', '=', uploaded.id).executeTakeFirstOrThrow();
    const res = await admin.request('DELETE', `/api/owner/media/${uploaded.id}`);
    expect(res.status).toBe(200);
    expect(await site.store.blobs.exists(row.blob_key)).toBe(false);
    expect((await admin.request('GET', `/api/owner/media/${uploaded.id}`)).status).toBe(404);
    expect((await site.store.db.selectFrom('asset_variants').select('asset_id').where('asset_id', '=', uploaded.id).execute()).length).toBe(0);
  });

  it('lets editors and admins use the library; 403 for reporting, 401 without a session, 403 without the crumb', async () => {
    const logo = (await list(admin, '?q=logo')).json.assets[0];
    for (const [method, url] of [
      ['GET', '/api/owner/media'],
      ['GET', `/api/owner/media/${logo.id}`],
      ['GET', `/api/owner/media/${logo.id}/uses`],
      ['PATCH', `/api/owner/media/${logo.id}`],
      ['DELETE', `/api/owner/media/${logo.id}`],
    ] as const) {
      const body = method === 'PATCH' ? { title: 'x' } : undefined;
      expect((await reporting.request(method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await nobody.request(method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    const noCrumb = await admin.request('PATCH', `/api/owner/media/${logo.id}`, { title: 'x' }, { 'x-csrf-token': '' });
    expect(noCrumb.json.code).toBe('CRUMB_FAIL');
    const noCrumbDelete = await admin.request('DELETE', `/api/owner/media/${logo.id}?force=1`, undefined, { 'x-csrf-token': '' });
    expect(noCrumbDelete.json.code).toBe('CRUMB_FAIL');
    expect((await admin.request('GET', `/api/owner/media/${logo.id}`)).json.asset.title).toBe('');
  });
});
