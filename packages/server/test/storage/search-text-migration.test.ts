// Migration 0030-item-search-text on a store whose pages already had layouts: each one's block text
// is written into `search_text`, an item without a layout keeps it empty, and search finds the page.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite } from '../../src/site-dir/index.js';
import { migrate, type Store } from '../../src/storage/dialect.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

const SECTIONS = [
  { id: 's-1', blocks: [{ id: 'b-1', kind: 'text', settings: { html: '<h2>Raku firing</h2><p>Smoke &amp; glaze</p>' } }] },
  { id: 's-2', blocks: [{ id: 'b-2', kind: 'button', settings: { label: 'Book a kiln', link: 'https://kiln.example/book' } }] },
];

describe.each(DIALECTS)('migration 0030-item-search-text on %s', (dialect) => {
  let store: Store;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-search-text-'));
    await fs.cp(FIXTURE_SITE, dir, { recursive: true });
    const storyFile = path.join(dir, 'collections', 'story.json');
    const story = JSON.parse(await fs.readFile(storyFile, 'utf8'));
    story.items[0].sections = SECTIONS;
    await fs.writeFile(storyFile, JSON.stringify(story));
    store = await freshStore(dialect);
    await importSite(store, dir);
    // The store as the version before left it: no column, the migration not yet run.
    await store.db.schema.alterTable('items').dropColumn('search_text').execute();
    await sql`delete from kysely_migration where name = '0030-item-search-text'`.execute(store.db);
    await migrate(store);
  });
  afterAll(async () => {
    await store.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes each layout's block text and leaves items without one empty", async () => {
    const rows = await store.db.selectFrom('items').select(['url_id', 'search_text']).execute();
    const byUrl = new Map(rows.map((r) => [r.url_id, r.search_text]));
    expect(byUrl.get('story')).toBe('Raku firing Smoke & glaze Book a kiln');
    expect(byUrl.get('hello-world')).toBe('');
  });
});
