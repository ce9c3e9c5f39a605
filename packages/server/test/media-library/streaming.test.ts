import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../helpers/images.js';
import { filesUnder } from '../helpers/media-site.js';
import { DIALECTS } from '../helpers/store.js';
import { type StaffBrowser, type StaffSite, signedIn } from '../owner-staff/helpers.js';
import { mediaSite, multipartBody } from './helpers.js';

/** The start of an MP4 file ("ftyp" box): what file-type reads to call it a video. */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const MB = 1_000_000;

describe.each(DIALECTS)('uploads over a real connection on %s', (dialect) => {
  let site: StaffSite;
  let admin: StaffBrowser;
  let origin: string;

  beforeAll(async () => {
    site = await mediaSite(dialect);
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await site?.close();
  });

  /** The request's headers as the signed-in admin's browser sends them. */
  const headers = (contentType: string, length: number) => ({
    host: 'shop.test',
    cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': admin.cookies.get('crumb')!,
    'content-type': contentType,
    'content-length': String(length),
  });

  /** The blob store's folder for temporary files (the directory backend). */
  const tempFolder = () => path.join(site.store.blobs.description.replace(/^directory /, ''), '.tmp');

  it('streams a 200 MB video to the blob store without holding it in memory', async () => {
    const boundary = '----tesserabig';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const size = 200 * MB;
    const chunk = Buffer.alloc(64 * 1024, 7);
    const memory = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    global.gc?.();
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory());
    }, 10);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${origin}/api/owner/media`,
        { method: 'POST', headers: headers(`multipart/form-data; boundary=${boundary}`, head.length + size + tail.length) },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      req.write(MP4_HEAD);
      let sent = MP4_HEAD.length;
      const more = () => {
        while (sent < size) {
          const n = Math.min(chunk.length, size - sent);
          sent += n;
          if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
            req.once('drain', more);
            return;
          }
        }
        req.end(tail);
      };
      more();
    });
    clearInterval(sampler);
    expect(answer.status).toBe(200);
    const file = JSON.parse(answer.body).files[0];
    expect(file).toMatchObject({ ok: true, asset: { kind: 'video', contentType: 'video/mp4', size } });
    // Far less than the file's 200 MB was ever held at once (what is measured includes garbage not yet collected).
    expect(peak - before).toBeLessThan(100 * MB);
    const read = await site.store.blobs.get(
      (await site.store.db.selectFrom('assets').select('blob_key').where('id', '=', file.asset.id).executeTakeFirstOrThrow()).blob_key,
    );
    expect(read?.size).toBe(size);
    read?.stream.destroy();
  }, 60_000);

  it('keeps nothing of an upload cut off halfway, and goes on serving', async () => {
    const jpeg = await photo(1200, 900);
    const { body, contentType } = multipartBody([{ name: 'cut.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(2 * MB, 1)]) }]);
    await new Promise<void>((resolve) => {
      const req = http.request(`${origin}/api/owner/media`, { method: 'POST', headers: headers(contentType, body.length) });
      req.on('error', () => resolve());
      req.write(body.subarray(0, Math.floor(body.length / 2)), () => {
        // Give the server time to stream the first half into the blob store, then hang up.
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200);
      });
    });
    // The server notices the closed connection, fails the put and removes its temporary file.
    let temp: string[] = ['pending'];
    for (let i = 0; i < 50 && temp.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      temp = await filesUnder(tempFolder());
    }
    expect(temp).toEqual([]);
    const rows = await site.store.db.selectFrom('assets').select('path').where('path', 'like', '%cut%').execute();
    expect(rows).toEqual([]);
    const again = multipartBody([{ name: 'after.jpg', bytes: jpeg }]);
    const res = await admin.request('POST', '/api/owner/media', again.body, { 'content-type': again.contentType });
    expect(res.json.files[0]).toMatchObject({ ok: true, asset: { path: 'assets/uploads/after.jpg' } });
  });
});
