import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite } from '../../src/site-dir/index.js';
import { migrate, openStore, type Store } from '../../src/storage/dialect.js';
import { findVisibleItemWithProduct, resolveWebsite } from '../../src/storage/content.js';
import { TesseraMigrations } from '../../src/storage/migrations/index.js';
import { DIALECTS, freshDatabaseUrl } from '../helpers/store.js';
import { FIXTURE_SITE } from '../helpers/paths.js';

describe.each(DIALECTS)('the store on %s', (dialect) => {
  let store: Store;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    ({ url, drop } = await freshDatabaseUrl(dialect));
    store = await openStore(url);
    await importSite(store, FIXTURE_SITE);
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  it('migrates once: opening the store again changes nothing', async () => {
    await migrate(store);
    const second = await openStore(url);
    const rows = (await second.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute()) as { name: string }[];
    expect(rows.map((r) => r.name)).toEqual(Object.keys(await new TesseraMigrations(dialect).getMigrations()).sort());
    await second.close();
  });

  it('keeps a website_id on every row of every table', async () => {
    const tables = await store.db.introspection.getTables();
    // The server's own bookkeeping belongs to no site: Kysely's migration tables, and the job
    // runner's leases (a background job works across every site of the store, docs/jobs.md).
    const ours = tables.filter((t) => !t.name.startsWith('kysely_') && t.name !== 'job_leases');
    expect(ours.length).toBeGreaterThanOrEqual(13);
    for (const table of ours)
      expect(
        table.columns.map((c) => c.name),
        table.name,
      ).toContain('website_id');
  });

  it('reads epoch milliseconds back as numbers and money as integer minor units', async () => {
    const website = await resolveWebsite(store.db, 'shop.test');
    const shop = await store.db.selectFrom('collections').select('id').where('url_id', '=', 'shop').executeTakeFirstOrThrow();
    const found = await findVisibleItemWithProduct(store.db, website!.id, shop.id, 'launched-bowl', Date.now());
    expect(found!.item.publish_on).toBe(Date.parse('2020-01-01T00:00:00Z'));
    expect(typeof found!.item.created_on).toBe('number');
    expect(found!.products.variants[0]).toMatchObject({ price_cents: 3900, currency: 'USD', stock: 9, unlimited: 0 });
  });

  it('refuses stock below zero, an unknown product type and a dangling reference', async () => {
    const variant = await store.db.selectFrom('product_variants').select(['id', 'item_id']).where('sku', '=', 'BOWL-1').executeTakeFirstOrThrow();
    await expect(store.db.updateTable('product_variants').set({ stock: -1 }).where('id', '=', variant.id).execute()).rejects.toThrow();
    await expect(store.db.updateTable('products').set({ product_type: 6 }).where('item_id', '=', variant.item_id).execute()).rejects.toThrow();
    await expect(store.db.insertInto('website_hosts').values({ host: 'x.test', website_id: 'nope' }).execute()).rejects.toThrow();
    // A decrement guarded by the current stock is the pattern the commerce module uses.
    const taken = await store.db
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '-', 9) }))
      .where('id', '=', variant.id)
      .where('stock', '>=', 9)
      .executeTakeFirst();
    expect(Number(taken.numUpdatedRows)).toBe(1);
    const again = await store.db
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', variant.id)
      .where('stock', '>=', 1)
      .executeTakeFirst();
    expect(Number(again.numUpdatedRows)).toBe(0);
  });

  it("deletes a site's content with the site (foreign keys cascade)", async () => {
    const website = await resolveWebsite(store.db, 'shop.test');
    await store.db.deleteFrom('websites').where('id', '=', website!.id).execute();
    for (const table of ['items', 'product_variants', 'assets', 'collections'] as const) {
      expect(await store.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
  });

  it.runIf(dialect === 'sqlite')('runs SQLite in WAL mode with foreign keys on and a busy timeout', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(store.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });
});

describe('the PostgreSQL store when the server ends its connections', () => {
  it('drops an idle connection the server terminated and answers the next query on a new one', async () => {
    const { url, drop } = await freshDatabaseUrl('postgres');
    const store = await openStore(url);
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => {
      if (w.code === 'TESSERA_PG_IDLE') warnings.push(w.message);
    };
    process.on('warning', onWarning);
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db)).rows[0]!.pid;
      const admin = await openStore(url);
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      await admin.close();
      await new Promise((r) => setTimeout(r, 200));
      const after = await sql<{ one: number }>`select 1 as one`.execute(store.db);
      expect(after.rows[0]!.one).toBe(1);
      expect(warnings.join()).toMatch(/PostgreSQL connection lost while idle/);
    } finally {
      process.off('warning', onWarning);
      await store.close();
      await drop();
    }
  });
});
