// The blob store under both backends: the data directory and S3-compatible object storage (a real
// S3-protocol server, s3rver, on a local port). Puts are atomic, reads stream with their size and
// ranges, keys never leave the store.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { BlobKeyError, BlobTooLargeError, blobStoreAt, openBlobStore, parseAssetsUrl, readAll, type BlobStore } from '../../src/storage/blobs/index.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';

/** A source that gives some bytes, then fails: an upload cut off halfway. */
function cutOff(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('connection reset'));
        return;
      }
      sent += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 7));
    },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

let s3: LocalS3;
let tmp: string;
const backends: { name: string; open(): BlobStore; stored(): Promise<string[]> }[] = [
  {
    name: 'directory',
    open: () => blobStoreAt({ kind: 'directory', root: path.join(tmp, 'assets') }),
    stored: async () => (await filesUnder(path.join(tmp, 'assets')).catch(() => [])).filter((f) => !f.startsWith('.tmp/')),
  },
  {
    name: 's3',
    open: () => blobStoreAt(parseAssetsUrl(s3.assetsUrl('blobs'), tmp)),
    stored: async () => (await filesUnder(path.join(s3.directory, s3.bucket)).catch(() => [])).filter((f) => f.endsWith('._S3rver_object')),
  },
];

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-blobs-'));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe.each(backends)('blob store: $name', (backend) => {
  it('puts a stream and gets it back whole, with its size, and in ranges', async () => {
    const blobs = backend.open();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    expect(await blobs.put('sites/w1/originals/abc', Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]))).toEqual({ size: 300_000 });
    expect(await blobs.exists('sites/w1/originals/abc')).toBe(true);
    const whole = await blobs.get('sites/w1/originals/abc');
    expect(whole?.size).toBe(300_000);
    expect((await readAll(whole!.stream)).equals(bytes)).toBe(true);
    const part = await blobs.get('sites/w1/originals/abc', { start: 1000, end: 1999 });
    expect(part?.size).toBe(300_000);
    expect((await readAll(part!.stream)).equals(bytes.subarray(1000, 2000))).toBe(true);
    await blobs.close();
  });

  it('answers undefined for a missing blob and deletes without complaint', async () => {
    const blobs = backend.open();
    expect(await blobs.get('sites/w1/originals/none')).toBeUndefined();
    expect(await blobs.exists('sites/w1/originals/none')).toBe(false);
    await blobs.put('sites/w1/originals/gone', Buffer.from('x'));
    await blobs.delete('sites/w1/originals/gone');
    await blobs.delete('sites/w1/originals/gone');
    expect(await blobs.exists('sites/w1/originals/gone')).toBe(false);
    await blobs.close();
  });

  it('leaves nothing behind when the source is cut off halfway, and keeps the old blob whole', async () => {
    const blobs = backend.open();
    await blobs.put('sites/w1/originals/kept', Buffer.from('the old bytes'));
    const before = await backend.stored();
    await expect(blobs.put('sites/w1/originals/kept', cutOff(9 * 1024 * 1024))).rejects.toThrow();
    await expect(blobs.put('sites/w1/originals/half', cutOff(512 * 1024))).rejects.toThrow();
    expect(await blobs.exists('sites/w1/originals/half')).toBe(false);
    expect((await readAll((await blobs.get('sites/w1/originals/kept'))!.stream)).toString()).toBe('the old bytes');
    expect(await backend.stored()).toEqual(before);
    if (backend.name === 'directory') expect(await fs.readdir(path.join(tmp, 'assets', '.tmp'))).toEqual([]);
    await blobs.close();
  });

  it('refuses a body over its limit and stores nothing', async () => {
    const blobs = backend.open();
    await expect(blobs.put('sites/w1/originals/big', Readable.from([Buffer.alloc(40_000), Buffer.alloc(40_000)]), { maxBytes: 50_000 })).rejects.toThrow(
      BlobTooLargeError,
    );
    await expect(blobs.put('sites/w1/originals/big', Buffer.alloc(50_001), { maxBytes: 50_000 })).rejects.toThrow(BlobTooLargeError);
    expect(await blobs.exists('sites/w1/originals/big')).toBe(false);
    await blobs.close();
  });

  it('stores an empty blob as empty', async () => {
    const blobs = backend.open();
    await blobs.put('sites/w1/originals/empty', Buffer.alloc(0));
    const read = await blobs.get('sites/w1/originals/empty');
    expect(read?.size).toBe(0);
    expect((await readAll(read!.stream)).length).toBe(0);
    await blobs.close();
  });

  it('refuses keys that could leave the store', async () => {
    const blobs = backend.open();
    for (const key of ['../../x', 'sites/../../x', '/etc/passwd', 'sites//x', 'sites/./x', 'a\\b', '', 'sites/x\0y', `a/${'b'.repeat(600)}`]) {
      await expect(blobs.put(key, Buffer.from('x')), key).rejects.toThrow(BlobKeyError);
      await expect(blobs.get(key), key).rejects.toThrow(BlobKeyError);
    }
    await blobs.close();
  });
});

describe('ASSETS_URL', () => {
  it('defaults to the data directory and reads s3 and file locations', () => {
    expect(parseAssetsUrl('', '/srv/data')).toEqual({ kind: 'directory', root: '/srv/data/assets' });
    expect(parseAssetsUrl('file:/mnt/assets', '/srv/data')).toEqual({ kind: 'directory', root: '/mnt/assets' });
    expect(parseAssetsUrl('s3://my-bucket/site/a?endpoint=http://127.0.0.1:9000/&region=eu-west-1', '/d')).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: 'site/a',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseAssetsUrl('s3://my-bucket', '/d')).toMatchObject({ prefix: '', endpoint: '', region: '', forcePathStyle: false });
  });

  it('is read by the configuration, which refuses a malformed one at start', () => {
    expect(loadConfig({ ASSETS_URL: 's3://media-bucket/site?endpoint=http://127.0.0.1:9000' }).assetsUrl).toBe(
      's3://media-bucket/site?endpoint=http://127.0.0.1:9000',
    );
    expect(loadConfig({}).assetsUrl).toBe('');
    expect(() => loadConfig({ ASSETS_URL: 'ftp://x/y' })).toThrow(ConfigError);
    expect(openBlobStore({ assetsUrl: '', dataDir: '/srv/data' }).description).toBe('directory /srv/data/assets');
  });

  it('refuses what it cannot use, with a message that says why', () => {
    expect(() => parseAssetsUrl('http://x/y', '/d')).toThrow('ASSETS_URL must be s3://bucket/prefix or file:/folder (got "http://x/y")');
    expect(() => parseAssetsUrl('s3://key:secret@bucket/x', '/d')).toThrow('ASSETS_URL carries no credentials');
    expect(() => parseAssetsUrl('s3://B_/x', '/d')).toThrow('ASSETS_URL names no valid bucket');
    expect(() => parseAssetsUrl('s3://bucket/x?endpoint=ftp://h', '/d')).toThrow("ASSETS_URL's endpoint must be an http(s) address");
    expect(() => parseAssetsUrl('s3://bucket/a/../b', '/d')).not.toThrow();
    expect(() => parseAssetsUrl('not a url', '/d')).toThrow('ASSETS_URL must be');
  });
});
