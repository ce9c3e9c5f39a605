// A replacement and a chunk cut off halfway over a real connection: the old file stays served, the
// session's offset stays at its last whole chunk, nothing half-written stays, the server goes on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../helpers/images.js';
import { filesUnder } from '../helpers/media-site.js';
import { DIALECTS } from '../helpers/store.js';
import { type StaffBrowser, signedIn } from '../owner-staff/helpers.js';
import { multipartBody } from './helpers.js';
import { photoMediaSite } from './replace-helpers.js';

const MB = 1_000_000;
const CHUNK = 262_144;

describe.each(DIALECTS)('replacements and chunks cut off over a real connection on %s', (dialect) => {
  let site: Awaited<ReturnType<typeof photoMediaSite>>;
  let admin: StaffBrowser;
  let origin: string;

  beforeAll(async () => {
    site = await photoMediaSite(dialect, { uploadChunkBytes: CHUNK });
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await site?.close();
  });

  const headers = (contentType: string, length: number, extra: Record<string, string> = {}) => ({
    host: 'shop.test',
    cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': admin.cookies.get('crumb')!,
    'content-type': contentType,
    'content-length': String(length),
    ...extra,
  });
  const tempFolder = () => path.join(site.store.blobs.description.replace(/^directory /, ''), '.tmp');

  /** Sends the first half of a body, waits for the server to take it in, then hangs up. */
  const cutOff = (method: string, url: string, body: Buffer, head: Record<string, string>) =>
    new Promise<void>((resolve) => {
      const req = http.request(`${origin}${url}`, { method, headers: head });
      req.on('error', () => resolve());
      req.write(body.subarray(0, Math.floor(body.length / 2)), () => {
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200);
      });
    });
  const noTemporaryFiles = async () => {
    let temp: string[] = ['pending'];
    for (let i = 0; i < 50 && temp.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      temp = await filesUnder(tempFolder());
    }
    return temp;
  };

  it('keeps the old file when a replacement is cut off halfway, and goes on serving', async () => {
    const row = await site.store.db
      .selectFrom('assets')
      .select(['id', 'blob_key', 'sha256'])
      .where('path', '=', 'assets/shop/mug.jpg')
      .executeTakeFirstOrThrow();
    const jpeg = await photo(1200, 900);
    const { body, contentType } = multipartBody([{ name: 'cut.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(2 * MB, 1)]) }]);
    await cutOff('PUT', `/api/owner/media/${row.id}/file`, body, headers(contentType, body.length));
    expect(await noTemporaryFiles()).toEqual([]);
    const after = await site.store.db.selectFrom('assets').select(['blob_key', 'sha256']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ blob_key: row.blob_key, sha256: row.sha256 });
    expect((await site.blobFiles()).filter((f) => f.startsWith('uploads/'))).toEqual([]);
    const page = await site.app.inject({ url: '/shop/blue-mug', headers: { host: 'shop.test' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`v=${row.sha256.slice(0, 12)}`);
  });

  it('keeps the offset at the last whole chunk when a chunk is cut off halfway', async () => {
    const jpeg = Buffer.concat([await photo(400, 300), Buffer.alloc(3 * CHUNK)]);
    const opened = await admin.request('POST', '/api/owner/media/uploads', { fileName: 'long.jpg', size: jpeg.length });
    const id = opened.json.id as string;
    const first = await admin.request('PUT', `/api/owner/media/uploads/${id}`, jpeg.subarray(0, CHUNK), {
      'content-type': 'application/octet-stream',
      'content-range': `bytes 0-${CHUNK - 1}/${jpeg.length}`,
    });
    expect(first.json.offset).toBe(CHUNK);
    const second = jpeg.subarray(CHUNK, 2 * CHUNK);
    await cutOff(
      'PUT',
      `/api/owner/media/uploads/${id}`,
      second,
      headers('application/octet-stream', second.length, { 'content-range': `bytes ${CHUNK}-${2 * CHUNK - 1}/${jpeg.length}` }),
    );
    expect(await noTemporaryFiles()).toEqual([]);
    expect((await admin.request('GET', `/api/owner/media/uploads/${id}`)).json.offset).toBe(CHUNK);
    expect((await site.blobFiles()).filter((f) => f.startsWith(`upload-sessions/${id}/`))).toEqual([`upload-sessions/${id}/0`]);
  });
});
