import { sql, type Kysely } from 'kysely';
import type { Store } from '../../storage/dialect.js';
import { statement, type Executor } from '../../storage/statement.js';
import type { RawRows, RawTable } from './queue.js';

/**
 * The ingestion writer's queries, compiled once per dialect. On SQLite, inside the write transaction,
 * one prepared single-row INSERT run per row (a few microseconds a row, no SQL compilation) and one
 * upsert per day, rejection reason and bots' endpoint. On PostgreSQL, the whole batch is one statement
 * (pgBatchStatement): a round trip costs more there than the rows, and the same SQL text serves every
 * batch size, with no limit on bound parameters.
 */

/** Each raw table's columns with their PostgreSQL type (the arrays' element types). */
const COLUMNS: Record<RawTable, readonly (readonly [string, string])[]> = {
  analytics_events: [
    ['website_id', 'text'],
    ['day', 'text'],
    ['received_on', 'int8'],
    ['kind', 'text'],
    ['name', 'text'],
    ['path', 'text'],
    ['page_type', 'int4'],
    ['collection_type', 'int4'],
    ['session_id', 'text'],
    ['visitor_id', 'text'],
    ['referrer_host', 'text'],
    ['device', 'text'],
    ['object_id', 'text'],
    ['data', 'text'],
  ],
  performance_records: [
    ['website_id', 'text'],
    ['day', 'text'],
    ['received_on', 'int8'],
    ['page_load_id', 'text'],
    ['event', 'text'],
    ['path', 'text'],
    ['device', 'text'],
    ['lcp', 'float8'],
    ['inp', 'float8'],
    ['cls', 'float8'],
    ['data', 'text'],
  ],
  client_errors: [
    ['website_id', 'text'],
    ['day', 'text'],
    ['received_on', 'int8'],
    ['event', 'text'],
    ['message', 'text'],
    ['name', 'text'],
    ['path', 'text'],
    ['url', 'text'],
    ['stack', 'text'],
    ['data', 'text'],
  ],
};

const insertStatements = Object.fromEntries(
  (Object.keys(COLUMNS) as RawTable[]).map((table) => {
    const names = COLUMNS[table].map(([name]) => name);
    // biome-ignore lint/suspicious/noExplicitAny: the table is named at run time, so its row type is not known here
    return [table, statement((db, p) => (db as Kysely<any>).insertInto(table).values(Object.fromEntries(names.map((name, i) => [name, p(i)]))))];
  }),
) as Record<RawTable, ReturnType<typeof statement>>;

const columnValue = (row: object, name: string) => (row as Record<string, unknown>)[name] ?? null;

/** SQLite: inserts a batch's rows of one table, in the open write transaction. */
export async function insertRawRows<T extends RawTable>(store: Store, tx: Executor, table: T, rows: RawRows[T]): Promise<void> {
  const names = COLUMNS[table].map(([name]) => name);
  const insert = insertStatements[table];
  for (const row of rows)
    await insert(
      store,
      tx,
      names.map((name) => columnValue(row, name)),
    );
}

/**
 * PostgreSQL: a whole batch in one statement, so in one round trip and its own transaction: each
 * table's rows from one array per column, the rejection and bot counts added to the stored ones,
 * and the days marked changed (the main query). Data-modifying WITH clauses all run, in one
 * snapshot, and commit or fail together. Marker rows are locked last, for the commit alone: a
 * roll-up claiming the day waits for this batch and then sees its rows (rollup.ts, rollupDay).
 */
const pgBatchStatement = statement((db, p) => {
  let next = 0;
  const unnest = (types: readonly string[]) => sql`select * from unnest(${sql.join(types.map((type) => sql`${p(next++)}::${sql.raw(type)}[]`))})`;
  const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));
  const raw = (Object.keys(COLUMNS) as RawTable[]).map(
    (table) => sql`${sql.ref(`${table}_rows`)} as (
    insert into ${sql.table(table)} (${columns(COLUMNS[table].map(([name]) => name))}) ${unnest(COLUMNS[table].map(([, type]) => type))})`,
  );
  const rejections = sql`rejection_counts as (
    insert into analytics_rejections (website_id, day, endpoint, reason, count) ${unnest(['text', 'text', 'text', 'text', 'int4'])}
    on conflict (website_id, day, endpoint, reason) do update set count = analytics_rejections.count + excluded.count)`;
  const bots = sql`bot_counts as (
    insert into analytics_bots (website_id, day, endpoint, count) ${unnest(['text', 'text', 'text', 'int4'])}
    on conflict (website_id, day, endpoint) do update set count = analytics_bots.count + excluded.count)`;
  const days = sql`insert into analytics_days (website_id, day, changed_on, rolled_on)
    select website_id, day, ${p(next++)}::int8, null from (${unnest(['text', 'text'])}) as changed (website_id, day)
    on conflict (website_id, day) do update set changed_on = excluded.changed_on, rolled_on = null`;
  const query = sql`with ${sql.join([...raw, rejections, bots])} ${days}`;
  return { compile: () => query.compile(db) };
});

/**
 * PostgreSQL's text cannot hold the NUL character, which a visitor's string may carry (a path, an
 * error message, a field's name in a rejection reason): one such value would fail its whole batch, the
 * other requests with it. U+FFFD stands in.
 */
function textOf(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
}

/** PostgreSQL: writes a batch (rows, counts and changed days as built by writer.ts) in one statement. */
export async function writePostgresBatch(
  store: Store,
  batch: {
    rows: RawRows;
    rejections: { websiteId: string; day: string; endpoint: string; reason: string; count: number }[];
    bots: { websiteId: string; day: string; endpoint: string; count: number }[];
    days: { websiteId: string; day: string }[];
    now: number;
  },
): Promise<void> {
  const values: unknown[] = [];
  for (const table of Object.keys(COLUMNS) as RawTable[]) {
    const rows = batch.rows[table] as object[];
    for (const [name, type] of COLUMNS[table]) values.push(rows.map((row) => (type === 'text' ? textOf(columnValue(row, name)) : columnValue(row, name))));
  }
  const column = <T, K extends keyof T>(list: T[], key: K) => list.map((item) => textOf(item[key]));
  values.push(...(['websiteId', 'day', 'endpoint', 'reason', 'count'] as const).map((k) => column(batch.rejections, k)));
  values.push(...(['websiteId', 'day', 'endpoint', 'count'] as const).map((k) => column(batch.bots, k)));
  values.push(batch.now, column(batch.days, 'websiteId'), column(batch.days, 'day'));
  await pgBatchStatement(store, store.db, values);
}

// rolled_on null: the roll-up job takes the day again.
const markDayStatement = statement((db, p) =>
  db
    .insertInto('analytics_days')
    .values({ website_id: p(0), day: p(1), changed_on: p(2), rolled_on: null })
    .onConflict((oc) => oc.columns(['website_id', 'day']).doUpdateSet({ changed_on: (eb) => eb.ref('excluded.changed_on'), rolled_on: null })),
);

/** Marks a site's day changed since its roll-up. */
export async function markDayChanged(store: Store, tx: Executor, websiteId: string, day: string, now: number): Promise<void> {
  await markDayStatement(store, tx, [websiteId, day, now]);
}

const addRejectionsStatement = statement((db, p) =>
  db
    .insertInto('analytics_rejections')
    .values({ website_id: p(0), day: p(1), endpoint: p(2), reason: p(3), count: p(4) })
    .onConflict((oc) =>
      oc.columns(['website_id', 'day', 'endpoint', 'reason']).doUpdateSet({ count: (eb) => eb('analytics_rejections.count', '+', eb.ref('excluded.count')) }),
    ),
);

/** Adds refused payloads to what this and other processes counted for the day, endpoint and reason. */
export async function addRejections(
  store: Store,
  tx: Executor,
  key: { websiteId: string; day: string; endpoint: string; reason: string },
  count: number,
): Promise<void> {
  await addRejectionsStatement(store, tx, [key.websiteId, key.day, key.endpoint, key.reason, count]);
}

const addBotCallsStatement = statement((db, p) =>
  db
    .insertInto('analytics_bots')
    .values({ website_id: p(0), day: p(1), endpoint: p(2), count: p(3) })
    .onConflict((oc) =>
      oc.columns(['website_id', 'day', 'endpoint']).doUpdateSet({ count: (eb) => eb('analytics_bots.count', '+', eb.ref('excluded.count')) }),
    ),
);

/** Adds calls from bots, left out, to the day's count for the endpoint. */
export async function addBotCalls(store: Store, tx: Executor, key: { websiteId: string; day: string; endpoint: string }, count: number): Promise<void> {
  await addBotCallsStatement(store, tx, [key.websiteId, key.day, key.endpoint, count]);
}
