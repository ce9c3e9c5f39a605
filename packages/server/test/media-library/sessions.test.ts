import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../helpers/images.js';
import { DIALECTS } from '../helpers/store.js';
import { StaffBrowser, signedIn } from '../owner-staff/helpers.js';
import { photoMediaSite } from './replace-helpers.js';

type Site = Awaited<ReturnType<typeof photoMediaSite>>;
const CHUNK = 65_536;
const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('resumable uploads on %s', (dialect) => {
  let site: Site;
  let admin: StaffBrowser;
  let editor: StaffBrowser;
  let jpeg: Buffer;

  beforeAll(async () => {
    site = await photoMediaSite(dialect, { uploadChunkBytes: CHUNK, kindLimitsMb: { image: 2 }, siteLimitMb: 4 });
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    editor = await signedIn(site, 'editor@shop.test', WebsiteRole.EDITOR);
    jpeg = await photo(1200, 900);
  });
  afterAll(async () => {
    await site?.close();
  });

  const start = (browser: StaffBrowser, body: object) => browser.request('POST', '/api/owner/media/uploads', body);
  const chunk = (browser: StaffBrowser, id: string, bytes: Buffer, from: number, total: number, length = bytes.length) =>
    browser.request('PUT', `/api/owner/media/uploads/${id}`, bytes, {
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${from}-${from + length - 1}/${total}`,
    });
  const sessionFiles = async () => (await site.blobFiles()).filter((f) => f.startsWith('upload-sessions/'));

  it('appends chunks at the offset only, keeps the offset through a cut-off chunk, and makes the whole an asset', async () => {
    expect(jpeg.length).toBeGreaterThan(3 * CHUNK);
    const opened = await start(admin, { fileName: 'Big photo.jpg', size: jpeg.length, kind: 'image' });
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({ id: expect.any(String), fileName: 'Big photo.jpg', size: jpeg.length, offset: 0, chunkSize: CHUNK });
    const id = opened.json.id as string;

    const first = await chunk(admin, id, jpeg.subarray(0, CHUNK), 0, jpeg.length);
    expect(first.status).toBe(200);
    expect(first.json.offset).toBe(CHUNK);
    // The same chunk again (its answer was lost): 409 with the offset, so the client sends the next one.
    const again = await chunk(admin, id, jpeg.subarray(0, CHUNK), 0, jpeg.length);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: 'UPLOAD_OFFSET_MISMATCH',
      error: 'This chunk does not start where the upload stands: send the chunk at the offset given.',
      offset: CHUNK,
    });
    // A chunk whose body stops short of its range was cut off: nothing of it stays, the offset stays.
    const cut = await chunk(admin, id, jpeg.subarray(CHUNK, CHUNK + 1000), CHUNK, jpeg.length, CHUNK);
    expect(cut.status).toBe(400);
    expect(cut.json).toEqual({ code: 'FILE_UPLOAD_INCOMPLETE', error: 'File upload failed to complete', offset: CHUNK });
    expect((await admin.request('GET', `/api/owner/media/uploads/${id}`)).json.offset).toBe(CHUNK);
    expect(await sessionFiles()).toEqual([`upload-sessions/${id}/0`]);
    // A range that does not fit the upload.
    const bad = await admin.request('PUT', `/api/owner/media/uploads/${id}`, jpeg.subarray(CHUNK, CHUNK + 10), {
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${CHUNK}-${CHUNK + 9}/${jpeg.length}`,
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ code: 'UPLOAD_RANGE_INVALID', error: 'Send each chunk with a Content-Range of bytes start-end/total that fits the upload.' });

    let last: Awaited<ReturnType<typeof chunk>> | undefined;
    for (let from = CHUNK; from < jpeg.length; from += CHUNK) last = await chunk(admin, id, jpeg.subarray(from, from + CHUNK), from, jpeg.length);
    expect(last!.status).toBe(200);
    const [file] = last!.json.files;
    expect(file).toMatchObject({
      fileName: 'Big photo.jpg',
      ok: true,
      asset: { path: 'assets/uploads/Big-photo.jpg', size: jpeg.length, width: 1200, height: 900, processed: true },
    });
    const served = await site.app.inject({ url: file.asset.url, headers: { host: 'shop.test' } });
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect((await admin.request('GET', `/api/owner/media/uploads/${id}`)).status).toBe(404);
    expect(await sessionFiles()).toEqual([]);
  });

  it('checks the declared size before any byte, and the type by content on the first chunk', async () => {
    const big = await start(admin, { fileName: 'huge.jpg', size: 2_000_001, kind: 'image' });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ code: 'FILE_TOO_LARGE', error: 'The file huge.jpg is too large. The maximum allowed file size is 2 MB.' });
    const full = await start(admin, { fileName: 'film.mp4', size: 4_000_000, kind: 'video' });
    expect(full.status).toBe(413);
    expect(full.json.code).toBe('MEDIA_STORAGE_FULL');
    const empty = await start(admin, { fileName: 'empty.png', size: 0 });
    expect(empty.status).toBe(415);
    expect(empty.json.error).toBe('The file empty.png does not appear to be a supported file.');
    const noName = await start(admin, { fileName: '..', size: 10 });
    expect(noName.status).toBe(400);
    expect(noName.json).toMatchObject({ code: 'FILE_NAME_REQUIRED', error: 'Please enter a file name' });
    const badBody = await start(admin, { fileName: 'a.jpg', size: -1 });
    expect(badBody.status).toBe(400);
    expect(badBody.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { size: 'Enter the file size in bytes, a whole number.' } });

    const text = Buffer.alloc(CHUNK * 2, 'just words, not a picture ');
    const opened = await start(admin, { fileName: 'notes.jpg', size: text.length, kind: 'image' });
    const refused = await chunk(admin, opened.json.id, text.subarray(0, CHUNK), 0, text.length);
    expect(refused.status).toBe(415);
    expect(refused.json).toEqual({ code: 'FILE_TYPE_UNSUPPORTED', error: 'The file notes.jpg does not appear to be a supported image file.' });
    expect((await admin.request('GET', `/api/owner/media/uploads/${opened.json.id}`)).status).toBe(404);
    expect(await sessionFiles()).toEqual([]);
  });

  it("keeps a session to its staff member: another account's calls answer 404; cancelling removes its chunks", async () => {
    const opened = await start(admin, { fileName: 'mine.jpg', size: jpeg.length });
    const id = opened.json.id as string;
    await chunk(admin, id, jpeg.subarray(0, CHUNK), 0, jpeg.length);
    expect((await chunk(editor, id, jpeg.subarray(CHUNK, 2 * CHUNK), CHUNK, jpeg.length)).status).toBe(404);
    expect((await editor.request('GET', `/api/owner/media/uploads/${id}`)).status).toBe(404);
    expect((await editor.request('DELETE', `/api/owner/media/uploads/${id}`)).status).toBe(404);
    const cancelled = await admin.request('DELETE', `/api/owner/media/uploads/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toEqual({ cancelled: true, message: 'File processing cancelled' });
    expect(await sessionFiles()).toEqual([]);
    expect((await chunk(admin, id, jpeg.subarray(CHUNK, 2 * CHUNK), CHUNK, jpeg.length)).status).toBe(404);
  });

  it('lets editors and store managers start one; 403 for reporting, 401 without a session, 403 without the crumb', async () => {
    const shop = await signedIn(site, 'shop@shop.test', WebsiteRole.STORE_MANAGER);
    const reporting = await signedIn(site, 'reports@shop.test', WebsiteRole.REPORTING);
    const body = { fileName: 'x.jpg', size: 100 };
    expect((await start(editor, body)).status).toBe(200);
    expect((await start(shop, body)).status).toBe(200);
    const denied = await start(reporting, body);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('PERMISSION_DENIED');
    expect((await start(new StaffBrowser(site.app), body)).status).toBe(401);
    const noCrumb = await admin.request('POST', '/api/owner/media/uploads', body, { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json.code).toBe('CRUMB_FAIL');
  });

  it('sweeps a session abandoned for a day with its chunks, and keeps one in use', async () => {
    const old = (await start(admin, { fileName: 'left.jpg', size: jpeg.length })).json.id as string;
    await chunk(admin, old, jpeg.subarray(0, CHUNK), 0, jpeg.length);
    const fresh = (await start(admin, { fileName: 'kept.jpg', size: jpeg.length })).json.id as string;
    site.clock.now += 23 * HOUR;
    // The owner comes back (a new sign-in: the staff session idled out) and goes on with one of them.
    expect((await admin.signIn('owner@shop.test')).status).toBe(200);
    expect((await chunk(admin, fresh, jpeg.subarray(0, CHUNK), 0, jpeg.length)).status).toBe(200);
    site.clock.now += 2 * HOUR;
    expect(await site.app.jobs.runDue()).toContain('media-upload-sessions');
    // The staff session has idled out meanwhile: the store says what is left.
    const left = await site.store.db.selectFrom('upload_sessions').select(['id', 'received']).where('id', 'in', [old, fresh]).execute();
    expect(left.map((r) => [r.id, Number(r.received)])).toEqual([[fresh, CHUNK]]);
    expect(await sessionFiles()).toEqual([`upload-sessions/${fresh}/0`]);
  });
});
