import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite } from '../../src/site-dir/index.js';
import { openStore, sqliteFile, watchStatements, type Store } from '../../src/storage/dialect.js';
import { findVisibleItemIdByUrl, listVisibleItemIds, loadVariants, resolveWebsite } from '../../src/storage/content.js';
import { writeTransaction } from '../../src/storage/statement.js';
import { freshDatabaseUrl } from '../helpers/store.js';
import { FIXTURE_SITE } from '../helpers/paths.js';

/**
 * Reads kept across requests on SQLite (storage/prepared.ts with `reads`): the same values are
 * answered without running the statement until a write may have changed what they read, on this
 * connection or from another process.
 */
describe('kept reads on SQLite', () => {
  let store: Store;
  let drop: () => Promise<void>;
  let url: string;
  let websiteId: string;
  let shopId: string;
  let mugId: string;
  const statements: string[] = [];
  const counted = async <T>(read: () => Promise<T>): Promise<T> => {
    statements.length = 0;
    watchStatements(store.db, (sql) => statements.push(sql));
    try {
      return await read();
    } finally {
      watchStatements(store.db, null);
    }
  };
  const NOW = Date.UTC(2030, 0, 1);

  beforeAll(async () => {
    ({ url, drop } = await freshDatabaseUrl('sqlite'));
    store = await openStore(url);
    await importSite(store, FIXTURE_SITE);
    websiteId = (await resolveWebsite(store.db, 'localhost'))!.id;
    const mug = await store.db.selectFrom('items').select(['id', 'collection_id']).where('url_id', '=', 'blue-mug').executeTakeFirstOrThrow();
    mugId = mug.id;
    shopId = mug.collection_id;
  });
  afterAll(async () => {
    await store.close();
    await drop();
  });

  const stockOfMug = async () => (await loadVariants(store.db, websiteId, [mugId])).map((v) => v.stock);

  it('answers the same values again without a statement, with rows no caller can change', async () => {
    const first = await stockOfMug();
    const variants = await counted(() => loadVariants(store.db, websiteId, [mugId]));
    expect(statements).toEqual([]);
    expect(variants.map((v) => v.stock)).toEqual(first);
    expect(() => {
      (variants[0] as { stock: number }).stock = 99;
    }).toThrow(TypeError);
    expect(() => (variants as unknown as unknown[]).push({})).toThrow(TypeError);
  });

  it('reads again after a write to the table on this connection, also inside a transaction and with RETURNING', async () => {
    await stockOfMug();
    await store.db.updateTable('product_variants').set({ stock: 11 }).where('item_id', '=', mugId).execute();
    expect(await stockOfMug()).toEqual((await stockOfMug()).map(() => 11));
    await writeTransaction(store, (tx) => tx.updateTable('product_variants').set({ stock: 12 }).where('item_id', '=', mugId).execute());
    expect(new Set(await stockOfMug())).toEqual(new Set([12]));
    await store.db.updateTable('product_variants').set({ stock: 13 }).where('item_id', '=', mugId).returning('id').execute();
    expect(new Set(await stockOfMug())).toEqual(new Set([13]));
  });

  it('keeps a read across writes to other tables and reads that are not plain selects', async () => {
    await stockOfMug();
    await store.db.updateTable('carts').set({ updated_on: 1 }).where('id', '=', 'none').execute();
    // A studio list's query with a common table expression reads; it changes nothing kept.
    await sql`with m as (select id from items where website_id = ${websiteId}) select count(*) as n from m`.execute(store.db);
    await counted(stockOfMug);
    expect(statements).toEqual([]);
    // One that writes does.
    await sql`with m as (select id from product_variants where item_id = ${mugId}) update product_variants set stock = 5 where id in (select id from m)`.execute(
      store.db,
    );
    expect(new Set(await stockOfMug())).toEqual(new Set([5]));
  });

  it('sees a write made by another process to the same file from the next millisecond on', async () => {
    await stockOfMug();
    const other = new BetterSqlite3(sqliteFile(url));
    try {
      other.prepare('update product_variants set stock = 21 where item_id = ?').run(mugId);
    } finally {
      other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(new Set(await stockOfMug())).toEqual(new Set([21]));
  });

  it('sees a delete that cascades to the kept table', async () => {
    const pen = await store.db.selectFrom('items').select('id').where('url_id', '=', 'engraved-pen').executeTakeFirstOrThrow();
    expect((await loadVariants(store.db, websiteId, [pen.id])).length).toBeGreaterThan(0);
    await store.db.deleteFrom('items').where('id', '=', pen.id).execute();
    expect(await loadVariants(store.db, websiteId, [pen.id])).toEqual([]);
  });

  it('decides visibility at the time asked, without a write: a scheduled item shows from its time on', async () => {
    const at = NOW + 60_000;
    await store.db.updateTable('items').set({ status: 'scheduled', publish_on: at }).where('id', '=', mugId).execute();
    const before = await listVisibleItemIds(store.db, websiteId, shopId, at - 1, 50, 0);
    const after = await counted(() => listVisibleItemIds(store.db, websiteId, shopId, at, 50, 0));
    expect(statements).toEqual([]);
    expect(before.rows.map((r) => r.id)).not.toContain(mugId);
    expect(after.rows.map((r) => r.id)).toContain(mugId);
    expect(after.count).toBe(before.count! + 1);
    // And back: a clock before the time (a test's, a corrected one) hides it again.
    expect((await listVisibleItemIds(store.db, websiteId, shopId, at - 1, 50, 0)).rows.map((r) => r.id)).not.toContain(mugId);
    expect(await findVisibleItemIdByUrl(store.db, websiteId, shopId, 'blue-mug', at - 1)).toBeUndefined();
    expect((await findVisibleItemIdByUrl(store.db, websiteId, shopId, 'blue-mug', at))?.id).toBe(mugId);
    // A page past the end has no count.
    expect((await listVisibleItemIds(store.db, websiteId, shopId, at, 50, 1000)).count).toBeNull();
  });
});
