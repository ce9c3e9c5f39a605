import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite, SiteDirectoryError } from '../../src/site-dir/index.js';
import { countWebsites } from '../../src/storage/content.js';
import type { Store } from '../../src/storage/dialect.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { FIXTURE_SITE } from '../helpers/paths.js';

describe.each(DIALECTS)('a failed import on %s', (dialect) => {
  let store: Store;
  beforeAll(async () => {
    store = await freshStore(dialect);
  });
  afterAll(async () => {
    await store.close();
  });

  it('writes nothing when the directory has a problem', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bad-'));
    await fs.cp(FIXTURE_SITE, dir, { recursive: true });
    const shop = JSON.parse(await fs.readFile(path.join(dir, 'collections/shop.json'), 'utf8'));
    shop.items[0].tags = ['x'.repeat(51)];
    await fs.writeFile(path.join(dir, 'collections/shop.json'), JSON.stringify(shop));
    await expect(importSite(store, dir)).rejects.toThrow(SiteDirectoryError);
    expect(await countWebsites(store.db)).toBe(0);
    await fs.rm(dir, { recursive: true });
  });

  it('rolls back when the store refuses a row half way', async () => {
    await importSite(store, FIXTURE_SITE);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-clash-'));
    await fs.cp(FIXTURE_SITE, dir, { recursive: true });
    const site = JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'));
    // Another site claiming a host the first one holds: refused by the store, after other rows were written.
    Object.assign(site, { identifier: 'other', hosts: ['shop.test'] });
    await fs.writeFile(path.join(dir, 'site.json'), JSON.stringify(site));
    await expect(importSite(store, dir)).rejects.toThrow(/already belongs to another site/);
    expect(await countWebsites(store.db)).toBe(1);
    expect(
      await store.db
        .selectFrom('items')
        .select('id')
        .where('website_id', '!=', (await store.db.selectFrom('websites').select('id').executeTakeFirstOrThrow()).id)
        .execute(),
    ).toEqual([]);
    await fs.rm(dir, { recursive: true });
  });
});
