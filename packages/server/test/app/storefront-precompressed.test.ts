import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../helpers/app.js';

describe('the storefront build, precompressed', () => {
  it('sends the .br or .gz the build wrote beside a script, and the script itself to a client without them', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-precompressed-'));
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
    await fs.writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/bootstrap.ts': { file: 'assets/bootstrap-1.js', name: 'bootstrap', isEntry: true } }),
    );
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
    await fs.writeFile(path.join(dist, 'assets', 'bootstrap-1.js'), script);
    await fs.writeFile(path.join(dist, 'assets', 'bootstrap-1.js.br'), zlib.brotliCompressSync(script));
    await fs.writeFile(path.join(dist, 'assets', 'bootstrap-1.js.gz'), zlib.gzipSync(script));
    const site = await fixtureApp('sqlite', { storefrontDist: dist });
    try {
      const get = (encoding?: string) =>
        site.app.inject({ method: 'GET', url: '/static/storefront/assets/bootstrap-1.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('br, gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await site.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
