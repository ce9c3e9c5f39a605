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

  it("imports an item's sections with their defaults filled and rich text sanitised, and exports them to re-import identically", async () => {
    const dir = await tmpDir('tessera-sections-');
    await fs.cp(FIXTURE_SITE, dir, { recursive: true });
    const storyFile = path.join(dir, 'collections', 'story.json');
    const story = JSON.parse(await fs.readFile(storyFile, 'utf8'));
    const write = (sections: unknown) => fs.writeFile(storyFile, JSON.stringify({ ...story, items: [{ ...story.items[0], sections }] }));
    await write([
      {
        id: 's-1',
        columns: 2,
        blocks: [
          { id: 'b-1', kind: 'text', settings: { html: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>' } },
          { id: 'b-2', kind: 'accordion', settings: { items: [{ title: 'Q', html: '<p style="color:red">A<img src=x onerror=alert(1)></p>' }] } },
          { id: 'b-3', kind: 'spacer', settings: { height: { desktop: 64, mobile: 16 } } },
        ],
      },
    ]);
    await importSite(store, dir);
    const row = await store.db.selectFrom('items').select('data').where('url_id', '=', 'story').executeTakeFirstOrThrow();
    const [section] = JSON.parse(row.data).sections;
    expect(section).toMatchObject({ id: 's-1', theme: 'default', width: 'wide', columns: 2, hidden: { mobile: false, desktop: false } });
    expect(section.blocks[0]).toEqual({
      id: 'b-1',
      kind: 'text',
      span: 1,
      hidden: { mobile: false, desktop: false },
      settings: { html: '<p>Hi <a>there</a></p>' },
    });
    expect(section.blocks[1].settings).toEqual({ items: [{ title: 'Q', html: '<p>A</p>' }], openFirst: false, allowMultiple: true });
    expect(section.blocks[2].settings).toEqual({ height: { desktop: 64, mobile: 16 } });
    // Exported, imported again and exported again: the very same files and store.
    const first = await tmpDir('tessera-sections-out-');
    await exportSite(store, first);
    const before = await snapshot(store);
    await importSite(store, first);
    // (The site remembers the folder it came from: only that differs.)
    expect({ ...(await snapshot(store)), websites: [] }).toEqual({ ...before, websites: [] });
    const second = await tmpDir('tessera-sections-out-');
    await exportSite(store, second);
    const exported = await fs.readFile(path.join(first, 'collections', 'story.json'), 'utf8');
    expect(await fs.readFile(path.join(second, 'collections', 'story.json'), 'utf8')).toBe(exported);
    expect(JSON.parse(exported).items[0].sections).toEqual(JSON.parse(row.data).sections);

    // 61 blocks across sections, and a bad link: refused with the spec's messages at the item's paths.
    const text = { kind: 'text', settings: { html: '<p>x</p>' } };
    await write([{ blocks: Array(40).fill(text) }, { blocks: [...Array(20).fill(text), { kind: 'button', settings: { link: 'not a link' } }] }]);
    await expect(importSite(store, dir)).rejects.toMatchObject({
      issues: [
        {
          file: 'collections/story.json',
          path: 'items[0].sections[1].blocks[20].settings.link',
          message: 'Links must be formatted as https://example.com or /about',
        },
        { file: 'collections/story.json', path: 'items[0].sections', message: 'A layout holds at most 60 blocks; this one has 61.' },
      ],
    });
    for (const d of [dir, first, second]) await fs.rm(d, { recursive: true });
    await importSite(store, FIXTURE_SITE);
  });
});
