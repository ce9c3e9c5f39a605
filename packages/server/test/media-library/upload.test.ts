import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../helpers/images.js';
import { DIALECTS } from '../helpers/store.js';
import { StaffBrowser, type StaffSite, signedIn } from '../owner-staff/helpers.js';
import { mediaSite, multipartBody, type Part } from './helpers.js';

describe.each(DIALECTS)('uploads to the media library on %s', (dialect) => {
  let site: StaffSite;
  let admin: StaffBrowser;
  let editor: StaffBrowser;
  let shop: StaffBrowser;
  let reporting: StaffBrowser;
  let nobody: StaffBrowser;
  let jpeg: Buffer;

  beforeAll(async () => {
    site = await mediaSite(dialect);
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    editor = await signedIn(site, 'editor@shop.test', WebsiteRole.EDITOR);
    shop = await signedIn(site, 'shop@shop.test', WebsiteRole.STORE_MANAGER);
    reporting = await signedIn(site, 'reports@shop.test', WebsiteRole.REPORTING);
    nobody = new StaffBrowser(site.app);
    jpeg = await photo(800, 600);
  });
  afterAll(async () => {
    await site?.close();
  });

  const upload = (browser: StaffBrowser, parts: readonly Part[], query = '', headers: Record<string, string> = {}) => {
    const { body, contentType } = multipartBody(parts);
    return browser.request('POST', `/api/owner/media${query}`, body, { 'content-type': contentType, ...headers });
  };

  it('stores several files of one request, each checked by its content, and makes the variants of images', async () => {
    const res = await upload(admin, [
      { name: 'Blue mug.jpg', bytes: jpeg, type: 'image/jpeg' },
      { name: 'notes.png', bytes: Buffer.from('just some text, not a picture'), type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    const [good, bad] = res.json.files;
    expect(good).toMatchObject({ fileName: 'Blue mug.jpg', ok: true });
    expect(good.asset).toMatchObject({
      name: 'Blue mug.jpg',
      path: 'assets/uploads/Blue-mug.jpg',
      contentType: 'image/jpeg',
      kind: 'image',
      size: jpeg.length,
      width: 800,
      height: 600,
      processed: true,
      alt: '',
      title: '',
      focalPoint: null,
      useCount: 0,
      created: site.clock.now,
    });
    expect(good.asset.url).toMatch(/^\/assets\/uploads\/Blue-mug\.jpg\?v=[0-9a-f]{12}$/);
    expect(good.asset.variants.map((v: { width: number; format: string }) => `${v.width}${v.format}`)).toEqual(
      expect.arrayContaining(['100jpeg', '100webp', '750jpeg', '750webp']),
    );
    expect(good.asset.variants.every((v: { width: number }) => v.width <= 800)).toBe(true);
    expect(bad).toEqual({
      fileName: 'notes.png',
      ok: false,
      code: 'FILE_TYPE_UNSUPPORTED',
      error: 'The file notes.png does not appear to be a supported file.',
    });

    // The stored file is served, byte for byte.
    const served = await site.app.inject({ url: good.asset.url, headers: { host: 'shop.test' } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);
  });

  it('refuses a file of another kind than the one asked for, with the kind in the message', async () => {
    const res = await upload(admin, [{ name: 'clip.mp4', bytes: jpeg }], '?kind=video');
    expect(res.status).toBe(200);
    expect(res.json.files[0]).toEqual({
      fileName: 'clip.mp4',
      ok: false,
      code: 'FILE_TYPE_UNSUPPORTED',
      error: 'The file clip.mp4 does not appear to be a supported video file.',
    });
    const wrong = await upload(admin, [{ name: 'a.jpg', bytes: jpeg }], '?kind=movie');
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { kind: 'Choose one of image, video, audio, document, file.' } });
  });

  it('refuses a zero-byte file and keeps a name that tries to climb out of its folder inside it', async () => {
    const res = await upload(admin, [
      { name: 'empty.png', bytes: Buffer.alloc(0) },
      { name: '../../x', bytes: jpeg },
    ]);
    expect(res.json.files[0]).toMatchObject({ ok: false, code: 'FILE_TYPE_UNSUPPORTED', error: 'The file empty.png does not appear to be a supported file.' });
    expect(res.json.files[1]).toMatchObject({ ok: true, fileName: 'x', asset: { path: 'assets/uploads/x', name: 'x' } });
    const rows = await site.store.db.selectFrom('assets').select('path').where('path', 'like', '%empty%').execute();
    expect(rows).toEqual([]);
  });

  it('gives a second file of the same name a name of its own', async () => {
    const res = await upload(admin, [
      { name: 'same.jpg', bytes: jpeg },
      { name: 'same.jpg', bytes: jpeg },
    ]);
    expect(res.json.files.map((f: { asset: { path: string } }) => f.asset.path)).toEqual(['assets/uploads/same.jpg', 'assets/uploads/same-2.jpg']);
  });

  it('lets editors, store managers and admins upload; 403 for reporting, 401 without a session, 403 without the crumb', async () => {
    expect((await upload(editor, [{ name: 'e.jpg', bytes: jpeg }])).status).toBe(200);
    expect((await upload(shop, [{ name: 's.jpg', bytes: jpeg }])).status).toBe(200);
    const denied = await upload(reporting, [{ name: 'r.jpg', bytes: jpeg }]);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('PERMISSION_DENIED');
    const anonymous = await upload(nobody, [{ name: 'n.jpg', bytes: jpeg }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    const noCrumb = await upload(admin, [{ name: 'c.jpg', bytes: jpeg }], '', { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json.code).toBe('CRUMB_FAIL');
    const rows = await site.store.db
      .selectFrom('assets')
      .select('path')
      .where('path', 'in', ['assets/uploads/r.jpg', 'assets/uploads/n.jpg', 'assets/uploads/c.jpg'])
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 400 for a request without files', async () => {
    const res = await admin.request('POST', '/api/owner/media', { name: 'x' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'UPLOAD_NO_FILES', error: 'Choose at least one file to upload.' });
  });
});

describe.each(DIALECTS)('upload limits on %s', (dialect) => {
  let site: StaffSite;
  let admin: StaffBrowser;
  let jpeg: Buffer;

  beforeAll(async () => {
    site = await mediaSite(dialect, { kindLimitsMb: { image: 1 }, siteLimitMb: 3 });
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    jpeg = await photo(400, 300);
  });
  afterAll(async () => {
    await site?.close();
  });

  const upload = (parts: readonly Part[]) => {
    const { body, contentType } = multipartBody(parts);
    return admin.request('POST', '/api/owner/media', body, { 'content-type': contentType });
  };

  it("refuses a file past its kind's limit with the spec's message, sizes in MB of 1,000,000 bytes, and keeps nothing of it", async () => {
    // A JPEG's magic numbers, then 1,000,001 bytes: past 1 MB by one byte.
    const big = Buffer.concat([jpeg, Buffer.alloc(1_000_001 - jpeg.length + 1)]);
    const res = await upload([
      { name: 'big.jpg', bytes: big },
      { name: 'small.jpg', bytes: jpeg },
    ]);
    expect(res.json.files[0]).toEqual({
      fileName: 'big.jpg',
      ok: false,
      code: 'FILE_TOO_LARGE',
      error: 'The file big.jpg is too large. The maximum allowed file size is 1 MB.',
    });
    expect(res.json.files[1]).toMatchObject({ ok: true, asset: { path: 'assets/uploads/small.jpg' } });
    // Exactly 1,000,000 bytes is within the limit.
    const edge = await upload([{ name: 'edge.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(1_000_000 - jpeg.length)]) }]);
    expect(edge.json.files[0].ok).toBe(true);
  });

  it("refuses what would pass the site's storage limit with a clear message", async () => {
    const files: Part[] = [1, 2, 3].map((i) => ({ name: `fill-${i}.jpg`, bytes: Buffer.concat([jpeg, Buffer.alloc(900_000)]) }));
    const res = await upload(files);
    const codes = res.json.files.map((f: { ok: boolean; code?: string }) => (f.ok ? 'ok' : f.code));
    expect(codes).toContain('MEDIA_STORAGE_FULL');
    const full = res.json.files.find((f: { code?: string }) => f.code === 'MEDIA_STORAGE_FULL');
    expect(full.error).toBe("This site's media storage is full: delete files you no longer use, then upload again.");
  });
});

describe.each(DIALECTS)('an upload served at once on %s', (dialect) => {
  let site: StaffSite;

  beforeAll(async () => {
    // A process that trusts its cached copy of the site for a minute still serves what it just stored.
    site = await mediaSite(dialect, {}, { siteCacheMs: 60_000 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('serves a file from the request after its upload, whatever SITE_CACHE_MS', async () => {
    const admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    expect((await site.app.inject({ url: '/', headers: { host: 'shop.test' } })).statusCode).toBe(200);
    const { body, contentType } = multipartBody([{ name: 'fresh.jpg', bytes: await photo(400, 300) }]);
    const res = await admin.request('POST', '/api/owner/media', body, { 'content-type': contentType });
    const url = res.json.files[0].asset.url as string;
    expect((await site.app.inject({ url, headers: { host: 'shop.test' } })).statusCode).toBe(200);
  });
});
