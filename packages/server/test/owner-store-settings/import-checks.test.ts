import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { SiteDirectoryError } from '../../src/site-dir/index.js';
import { readSiteDirectory } from '../../src/site-dir/read.js';
import { FIXTURES } from '../helpers/paths.js';
import { BAD_STORES } from './bad-stores.js';

/** A copy of the store fixture whose site.json has `change` applied. */
async function siteWith(dir: string, change: (site: Record<string, any>) => void): Promise<string> {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.cp(path.join(FIXTURES, 'sites', 'store'), dir, { recursive: true });
  const file = path.join(dir, 'site.json');
  const site = JSON.parse(await fs.readFile(file, 'utf8'));
  change(site);
  await fs.writeFile(file, JSON.stringify(site));
  return dir;
}

async function issuesOf(dir: string) {
  try {
    await readSiteDirectory(dir);
    return [];
  } catch (error) {
    if (error instanceof SiteDirectoryError) return error.issues;
    throw error;
  }
}

describe("tessera import checks the site's currency and store settings", () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-store-checks-'));
  });
  afterAll(async () => {
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('accepts the demo shop and every fixture site as they are', async () => {
    for (const dir of [path.join(REPO_ROOT, 'sites', 'demo'), ...['store', 'shop', 'members'].map((n) => path.join(FIXTURES, 'sites', n))]) {
      expect(await issuesOf(dir), dir).toEqual([]);
    }
  });

  it('keeps fields of the store it does not know, as written', async () => {
    const dir = await siteWith(path.join(tmp, 'extra'), (site) => {
      site.store.providerKeys = { stripe: 'sk_test_x' };
    });
    const bundle = await readSiteDirectory(dir);
    expect(bundle.site.store.providerKeys).toEqual({ stripe: 'sk_test_x' });
  });

  it.each(BAD_STORES)('refuses $name with a clear message at its path', async ({ change, path: at, message }) => {
    const dir = await siteWith(path.join(tmp, 'bad'), change);
    const issues = await issuesOf(dir);
    expect(issues).toContainEqual({ file: 'site.json', path: at, message });
  });
});
