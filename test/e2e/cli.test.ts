import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, startServer } from './harness.js';

const run = promisify(execFile);
const CLI = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
const FIXTURES = path.join(REPO, 'packages', 'server', 'test', 'fixtures');
const SITE = path.join(FIXTURES, 'sites', 'shop');
const dirs: string[] = [];
const tmp = async (prefix: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('the tessera command (built)', () => {
  it('imports a site directory and exports it back, file for file', async () => {
    const data = await tmp('tessera-cli-');
    const env = { ...process.env, DATA_DIR: data, LOG_LEVEL: 'silent' };
    const imported = await run(process.execPath, [CLI, 'import', SITE], { env });
    expect(imported.stdout).toMatch(/^Imported "fixture-shop" into sqlite:.*tessera\.sqlite: 7 collections, 21 items \(12 products\), 5 asset files\.\n$/);
    const out = path.join(await tmp('tessera-cli-out-'), 'site');
    const exported = await run(process.execPath, [CLI, 'export', out], { env });
    expect(exported.stdout).toContain(`Exported "fixture-shop" to ${out}: 17 files.`);
    expect(await fs.readFile(path.join(out, 'collections', 'shop.json'), 'utf8')).toBe(await fs.readFile(path.join(SITE, 'collections', 'shop.json'), 'utf8'));
    // A second export into the same folder needs --force.
    await expect(run(process.execPath, [CLI, 'export', out], { env })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--force') });
    await run(process.execPath, [CLI, 'export', out, '--force', '--format', 'yaml'], { env });
    expect(await fs.readdir(path.join(out, 'collections'))).toContain('shop.yaml');
  });

  it('reports every problem of a bad site directory and exits with 1', async () => {
    const bad = await tmp('tessera-bad-');
    await fs.writeFile(path.join(bad, 'site.json'), JSON.stringify({ identifier: 'Bad', currency: 'XYZ' }));
    const data = await tmp('tessera-cli-');
    const failed = run(process.execPath, [CLI, 'import', bad], { env: { ...process.env, DATA_DIR: data } });
    await expect(failed).rejects.toMatchObject({ code: 1 });
    const { stderr } = await failed.catch((e) => e);
    expect(stderr).toContain('The site directory has 3 problems:');
    expect(stderr).toContain('site.json siteTitle: is required');
    expect(stderr).toContain('site.json currency: "XYZ" is not a supported currency');
  });

  it('start imports the site on an empty store, prints the address, answers /healthz and stops on SIGTERM', async () => {
    const server = await startServer({ siteDir: SITE, themesDir: path.join(FIXTURES, 'themes'), seeded: false });
    expect(server.logs.some((l) => l.startsWith('First start: imported "fixture-shop"'))).toBe(true);
    expect(server.logs.some((l) => /^Tessera is serving at http:\/\/127\.0\.0\.1:\d+$/.test(l))).toBe(true);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', store: 'sqlite' });
    expect(await server.stop()).toBe(0);
  });

  it('refuses a bad configuration with a clear message', async () => {
    await expect(run(process.execPath, [CLI, 'start'], { env: { ...process.env, PORT: 'eighty' } })).rejects.toMatchObject({
      code: 1,
      stderr: 'tessera: PORT must be a whole number from 0 to 65535 (got "eighty")\n',
    });
  });
});
