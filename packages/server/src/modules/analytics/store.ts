import { sql } from 'kysely';
import type { Store } from '../../storage/dialect.js';
import { statement, type Executor } from '../../storage/statement.js';
import type { RawRows, RawTable } from './queue.js';

/**
 * The ingestion writer's queries, one statement per function, compiled once per dialect. Raw rows
 * go in with one statement per table and batch: on PostgreSQL a single INSERT ... SELECT FROM
 * unnest() of one array per column (one round trip, the same SQL text whatever the batch's size, no
 * limit on bound parameters); on SQLite one prepared single-row INSERT run per row, which inside the
 * write transaction costs a few microseconds a row and no SQL compilation.
 */

/** Each raw table's columns with their PostgreSQL type (the arrays' element types). */
const COLUMNS: Record<RawTable, readonly (readonly [string, string])[]> = {
  analytics_events: [
    ['website_id', 'text'], ['day', 'text'], ['received_on', 'int8'], ['kind', 'text'], ['name', 'text'], ['path', 'text'],
    ['page_type', 'int4'], ['collection_type', 'int4'], ['session_id', 'text'], ['visitor_id', 'text'],
    ['referrer_host', 'text'], ['device', 'text'], ['object_id', 'text'], ['data', 'text'],
  ],
  performance_records: [
    ['website_id', 'text'], ['day', 'text'], ['received_on', 'int8'], ['page_load_id', 'text'], ['event', 'text'],
    ['path', 'text'], ['device', 'text'], ['lcp', 'float8'], ['inp', 'float8'], ['cls', 'float8'], ['data', 'text'],
  ],
  client_errors: [
    ['website_id', 'text'], ['day', 'text'], ['received_on', 'int8'], ['event', 'text'], ['message', 'text'], ['name', 'text'],
    ['path', 'text'], ['url', 'text'], ['stack', 'text'], ['data', 'text'],
  ],
};

const insertStatements = Object.fromEntries((Object.keys(COLUMNS) as RawTable[]).map((table) => {
  const columns = COLUMNS[table];
  const names = columns.map(([name]) => name);
  return [table, statement((db, p, dialect) => {
    const insert = (db as any).insertInto(table);
    if (dialect === 'postgres') {
      const arrays = columns.map(([, type], i) => sql`${p(i)}::${sql.raw(type)}[]`);
      return insert.columns(names).expression(sql`select * from unnest(${sql.join(arrays)})`);
    }
    return insert.values(Object.fromEntries(names.map((name, i) => [name, p(i)])));
  })];
})) as Record<RawTable, ReturnType<typeof statement>>;

/** Inserts a batch's rows of one table. */
export async function insertRawRows<T extends RawTable>(store: Store, tx: Executor, table: T, rows: RawRows[T]): Promise<void> {
  if (rows.length === 0) return;
  const names = COLUMNS[table].map(([name]) => name);
  const insert = insertStatements[table];
  const value = (row: object, name: string) => (row as Record<string, unknown>)[name] ?? null;
  if (store.dialect === 'postgres') {
    await insert(store, tx, names.map((name) => rows.map((row) => value(row, name))));
    return;
  }
  for (const row of rows) await insert(store, tx, names.map((name) => value(row, name)));
}

// rolled_on null: the roll-up job takes the day again.
const markDayStatement = statement((db, p) =>
  db.insertInto('analytics_days').values({ website_id: p(0), day: p(1), changed_on: p(2), rolled_on: null })
    .onConflict((oc) => oc.columns(['website_id', 'day']).doUpdateSet({ changed_on: (eb) => eb.ref('excluded.changed_on'), rolled_on: null })));

/** Marks a site's day changed since its roll-up. */
export async function markDayChanged(store: Store, tx: Executor, websiteId: string, day: string, now: number): Promise<void> {
  await markDayStatement(store, tx, [websiteId, day, now]);
}

const addRejectionsStatement = statement((db, p) =>
  db.insertInto('analytics_rejections').values({ website_id: p(0), day: p(1), endpoint: p(2), reason: p(3), count: p(4) })
    .onConflict((oc) => oc.columns(['website_id', 'day', 'endpoint', 'reason'])
      .doUpdateSet({ count: (eb) => eb('analytics_rejections.count', '+', eb.ref('excluded.count')) })));

/** Adds refused payloads to what this and other processes counted for the day, endpoint and reason. */
export async function addRejections(store: Store, tx: Executor, key: { websiteId: string; day: string; endpoint: string; reason: string }, count: number): Promise<void> {
  await addRejectionsStatement(store, tx, [key.websiteId, key.day, key.endpoint, key.reason, count]);
}

const addBotCallsStatement = statement((db, p) =>
  db.insertInto('analytics_bots').values({ website_id: p(0), day: p(1), endpoint: p(2), count: p(3) })
    .onConflict((oc) => oc.columns(['website_id', 'day', 'endpoint'])
      .doUpdateSet({ count: (eb) => eb('analytics_bots.count', '+', eb.ref('excluded.count')) })));

/** Adds calls from bots, left out, to the day's count for the endpoint. */
export async function addBotCalls(store: Store, tx: Executor, key: { websiteId: string; day: string; endpoint: string }, count: number): Promise<void> {
  await addBotCallsStatement(store, tx, [key.websiteId, key.day, key.endpoint, count]);
}
