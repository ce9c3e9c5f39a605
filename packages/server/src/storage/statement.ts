import { type Compilable, type CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { sqliteConnections, type Dialect, type Store } from './dialect.js';
import type { Param } from './prepared.js';
import type { Database } from './schema.js';

/** A Kysely instance, or the connection of an open transaction: what a statement runs on. */
export type Executor = Kysely<Database> | Transaction<Database>;

const SENTINEL = '\u0000tessera-stmt-';

/** The SQLite connection under a write transaction's Kysely instance, while that transaction holds it. */
const ownedSqlite = new WeakMap<object, Sqlite>();

interface Sqlite {
  readonly inTransaction: boolean;
  prepare(sql: string): { reader: boolean; all(parameters: readonly unknown[]): unknown[]; run(parameters: readonly unknown[]): { changes: number } };
}

export interface StatementResult<Row> {
  rows: Row[];
  /** Rows changed by an insert, update or delete. */
  changes: number;
}

/**
 * A statement compiled once per dialect and run many times, inside a transaction or not (the
 * commerce module's hot paths: add to cart, the cart answer, checkout). Unlike prepared.ts, the
 * compiled SQL is kept per dialect rather than per Kysely instance, so it serves the short-lived
 * connection of every transaction too. Values are placed with `p(0)`, `p(1)`, ... as there.
 */
export function statement<Row>(build: (db: Kysely<Database>, p: Param, dialect: Dialect) => Compilable<Row>) {
  const compiled = new Map<Dialect, { query: CompiledQuery<Row>; slots: (number | null)[] }>();
  // `store` only tells the dialect: a Store, or `{ dialect }`.
  return async (store: Pick<Store, 'dialect'>, executor: Executor, values: readonly unknown[]): Promise<StatementResult<Row>> => {
    let entry = compiled.get(store.dialect);
    if (!entry) {
      const query = build(executor as Kysely<Database>, (i) => `${SENTINEL}${i}`, store.dialect).compile();
      const slots = query.parameters.map((v) => (typeof v === 'string' && v.startsWith(SENTINEL) ? Number(v.slice(SENTINEL.length)) : null));
      entry = { query, slots };
      compiled.set(store.dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((v, i) => (slots[i] === null ? v : values[slots[i]!]));
    // SQLite runs the statement at once on its one connection (synchronous: nothing can interleave)
    // outside a transaction, and inside the write transaction that holds the connection; a
    // statement on the store while another transaction holds it waits its turn through Kysely.
    const owned = ownedSqlite.get(executor);
    const sqlite = owned ?? (sqliteConnections.get(executor) as unknown as Sqlite | undefined);
    if (sqlite && (owned || !sqlite.inTransaction)) {
      const stmt = sqlite.prepare(query.sql);
      if (stmt.reader) return { rows: stmt.all(parameters) as Row[], changes: 0 };
      return { rows: [], changes: stmt.run(parameters).changes };
    }
    const result = await executor.executeQuery<Row>({ ...query, parameters });
    return { rows: result.rows, changes: Number(result.numAffectedRows ?? 0n) };
  };
}

/**
 * Runs `work` in a write transaction. SQLite: BEGIN IMMEDIATE takes the write lock at the start,
 * so two processes never both read and then collide on the upgrade (a deferred transaction would
 * fail with SQLITE_BUSY instead of waiting); within a process Kysely's single connection
 * serializes transactions anyway. PostgreSQL: READ COMMITTED, with the row locks (`for update`)
 * and guarded updates (`where stock >= n`) that each caller takes in a fixed order.
 */
export async function writeTransaction<T>(store: Store, work: (tx: Executor) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') return store.db.transaction().execute(work);
  const raw = sqliteConnections.get(store.db) as unknown as Sqlite | undefined;
  if (!raw) throw new Error('the SQLite store has no connection');
  const bound = await boundToConnection(store);
  // provideConnection holds Kysely's one SQLite connection (its mutex) until the callback ends:
  // every other Kysely query waits, and the transaction's statements run on it directly.
  return store.db.getExecutor().provideConnection(async () => {
    ownedSqlite.set(bound, raw);
    raw.prepare('begin immediate').run([]);
    try {
      const result = await work(bound);
      raw.prepare('commit').run([]);
      return result;
    } catch (error) {
      if (raw.inTransaction) raw.prepare('rollback').run([]);
      throw error;
    } finally {
      ownedSqlite.delete(bound);
    }
  });
}

/**
 * A Kysely instance bound to the SQLite store's one connection, made once: Kysely's SQLite driver
 * has a single connection object, so the instance stays valid, and it is only ever used while its
 * connection is held (inside writeTransaction). Making one per transaction (Kysely's connection())
 * cost more than the rest of a small transaction's JavaScript.
 */
const boundInstances = new WeakMap<Kysely<Database>, Promise<Kysely<Database>>>();
function boundToConnection(store: Store): Promise<Kysely<Database>> {
  let bound = boundInstances.get(store.db);
  if (!bound) {
    bound = store.db.connection().execute(async (connection) => connection);
    boundInstances.set(store.db, bound);
  }
  return bound;
}

/** A unique constraint refused a row: PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY (by code, never by message). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A CHECK constraint refused a row (stock or balance below zero): PostgreSQL 23514, SQLite SQLITE_CONSTRAINT_CHECK. */
export function isCheckViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK';
}
