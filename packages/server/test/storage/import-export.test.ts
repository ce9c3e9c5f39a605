import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { listFiles } from '../../src/site-dir/files.js';
import type { Store } from '../../src/storage/dialect.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { FIXTURE_SITE } from '../helpers/paths.js';

/** Every table's rows, ids included, without the import timestamps: "the store state". */
async function snapshot(store: Store) {
  const tables = [
    'websites',
    'website_hosts',
    'site_settings',
    'themes',
    'theme_files',
    'collections',
    'items',
    'products',
    'product_variants',
    'subscription_plans',
    'forms',
    'navigation',
    'assets',
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await store.db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((row) =>
        Object.fromEntries(
          Object.entries(row)
            // Counters of writes (the site's version, an item's revision) move on with every import by design.
            .filter(([k]) => !k.endsWith('_on') && k !== 'version' && k !== 'revision')
            .map(([k, v]) => [k, v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v]),
        ),
      )
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return out;
}

async function tmpDir(prefix: string) {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

describe.each(DIALECTS)('import and export on %s', (dialect) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(dialect);
  });
  afterAll(async () => {
    await store.close();
  });

  it('imports the fixture site and exports the very same files', async () => {
    const result = await importSite(store, FIXTURE_SITE);
    expect(result).toMatchObject({ identifier: 'fixture-shop', collections: 7, products: 12 });
    const out = await tmpDir('tessera-export-');
    await exportSite(store, out);
    const expected = await listFiles(FIXTURE_SITE, FIXTURE_SITE);
    expect(await listFiles(out, out)).toEqual(expected);
    for (const file of expected) {
      const [a, b] = await Promise.all([fs.readFile(path.join(FIXTURE_SITE, file)), fs.readFile(path.join(out, file))]);
      expect(b.toString('utf8'), file).toBe(a.toString('utf8'));
    }
    await fs.rm(out, { recursive: true });
  });

  it('gives the same store state when the same directory is imported again', async () => {
    const before = await snapshot(store);
    await importSite(store, FIXTURE_SITE);
    expect(await snapshot(store)).toEqual(before);
  });

  it('round-trips YAML, and removes what left the directory on re-import', async () => {
    const yamlDir = await tmpDir('tessera-yaml-');
    await exportSite(store, yamlDir, { format: 'yaml' });
    expect(await listFiles(yamlDir, yamlDir)).toContain('collections/shop.yaml');
    // Drop one collection and one product, then re-import.
    await fs.rm(path.join(yamlDir, 'collections', 'events.yaml'));
    const navFile = path.join(yamlDir, 'navigation.yaml');
    // biome-ignore lint/complexity/noAdjacentSpacesInRegex: the spaces are the YAML file's indentation, as written
    await fs.writeFile(navFile, (await fs.readFile(navFile, 'utf8')).replace(/\n  - collection: events\n    title: Events/, ''));
    const shopFile = path.join(yamlDir, 'collections', 'shop.yaml');
    const YAML = (await import('yaml')).default;
    const shop = YAML.parse(await fs.readFile(shopFile, 'utf8'));
    shop.items = shop.items.filter((i: { urlId: string }) => i.urlId !== 'gift-card');
    await fs.writeFile(shopFile, YAML.stringify(shop));
    await importSite(store, yamlDir);
    const collections = await store.db.selectFrom('collections').select('url_id').execute();
    expect(collections.map((c) => c.url_id).sort()).toEqual(['about', 'home', 'journal', 'photos', 'shop', 'story']);
    const gift = await store.db.selectFrom('product_variants').select('sku').where('sku', '=', 'GIFT').execute();
    expect(gift).toEqual([]);
    await fs.rm(yamlDir, { recursive: true });
    // Back to the fixture: the events collection and the gift card return under their old ids.
    await importSite(store, FIXTURE_SITE);
    expect(await store.db.selectFrom('product_variants').select('sku').where('sku', '=', 'GIFT').execute()).toHaveLength(1);
  });
});
