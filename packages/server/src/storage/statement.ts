import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
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
  prepare(sql: string): {
    reader: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): { changes: number };
    raw(on: boolean): unknown;
  };
}

interface StatementResult<Row> {
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
  return compiledStatement<Row, Row>(build, false);
}

/**
 * A statement like `statement`, whose rows are arrays of the selected columns in their order.
 * better-sqlite3 makes an object per row by setting each column's name on it, which costs more
 * than the rest of a small read (the cart read on every add to cart); arrays skip the names.
 */
export function rawStatement(build: (db: Kysely<Database>, p: Param, dialect: Dialect) => Compilable<unknown>) {
  return compiledStatement<unknown, unknown[]>(build, true);
}

function compiledStatement<Row, Out>(build: (db: Kysely<Database>, p: Param, dialect: Dialect) => Compilable<Row>, raw: boolean) {
  const compiled = new Map<Dialect, { query: CompiledQuery<Row>; slots: (number | null)[] }>();
  // `store` only tells the dialect: a Store, or `{ dialect }`.
  return async (store: Pick<Store, 'dialect'>, executor: Executor, values: readonly unknown[]): Promise<StatementResult<Out>> => {
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
      if (!stmt.reader) return { rows: [], changes: stmt.run(parameters).changes };
      if (!raw) return { rows: stmt.all(parameters) as Out[], changes: 0 };
      // The prepared statement is shared by its SQL text (dialect.ts): array mode is set for this
      // call only (better-sqlite3 is synchronous, nothing else can use it meanwhile).
      stmt.raw(true);
      try {
        return { rows: stmt.all(parameters) as Out[], changes: 0 };
      } finally {
        stmt.raw(false);
      }
    }
    const result = await executor.executeQuery<Row>({ ...query, parameters });
    const rows = raw ? result.rows.map((row) => Object.values(row as object)) : result.rows;
    return { rows: rows as Out[], changes: Number(result.numAffectedRows ?? 0n) };
  };
}

/**
 * Runs `work` in a write transaction. SQLite: BEGIN IMMEDIATE takes the write lock at the start,
 * so two processes never both read and then collide on the upgrade (a deferred transaction would
 * fail with SQLITE_BUSY instead of waiting); within a process the writes are grouped (below).
 * PostgreSQL: READ COMMITTED, with the row locks (`for update`) and guarded updates
 * (`where stock >= n`) that each caller takes in a fixed order.
 */
export async function writeTransaction<T>(store: Store, work: (tx: Executor) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') return store.db.transaction().execute(work);
  let writer = writers.get(store.db);
  if (!writer) {
    const raw = sqliteConnections.get(store.db) as unknown as Sqlite | undefined;
    if (!raw) throw new Error('the SQLite store has no connection');
    writer = new GroupCommit(store, raw);
    writers.set(store.db, writer);
  }
  return writer.run(work);
}

interface WriteJob {
  work: (tx: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many writes share one SQLite transaction; the rest wait for the next. */
const GROUP_LIMIT = 32;
const writers = new WeakMap<Kysely<Database>, GroupCommit>();

/**
 * Group commit for SQLite's one connection. The writes that arrive within one turn of the event
 * loop (under load, the requests read from every ready socket) run one after another in a single
 * transaction, each in its own savepoint: a write that fails rolls back to its savepoint and
 * leaves the others as they were, exactly as if it had run alone. Each caller hears its result
 * only once the shared COMMIT has succeeded, so nothing is acknowledged before it is stored; if
 * the commit fails, every write of the group fails with it. One BEGIN and one COMMIT (the WAL
 * write and the file locks, most of a small transaction's cost) then serve the whole group.
 */
class GroupCommit {
  private queue: WriteJob[] = [];
  private scheduled = false;

  constructor(
    private readonly store: Store,
    private readonly raw: Sqlite,
  ) {}

  run<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** setImmediate runs after the I/O callbacks of this turn: the writes they start join the group. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.drain().catch((error: unknown) => {
        // Only failing to get the connection gets here (each write's errors go to its caller).
        this.scheduled = false;
        for (const job of this.queue.splice(0)) job.reject(error);
      });
    });
  }

  private async drain(): Promise<void> {
    const bound = await boundToConnection(this.store);
    // provideConnection holds Kysely's one SQLite connection (its mutex) until the callback ends:
    // every other Kysely query waits, and the group's statements run on it directly. Between
    // groups the connection is let go, so those queries get their turn.
    await this.store.db.getExecutor().provideConnection(async () => {
      this.scheduled = false;
      const jobs = this.queue.splice(0, GROUP_LIMIT);
      ownedSqlite.set(bound, this.raw);
      try {
        await this.commitGroup(bound, jobs);
      } finally {
        ownedSqlite.delete(bound);
      }
    });
    if (this.queue.length > 0) this.schedule();
  }

  private async commitGroup(bound: Kysely<Database>, jobs: WriteJob[]): Promise<void> {
    const { raw } = this;
    const run = (sql: string) => raw.prepare(sql).run([]);
    /** Writes done in the open transaction, answered once it commits. */
    let done: { job: WriteJob; value: unknown }[] = [];
    /** The open transaction ended without a commit: the writes done in it did not happen. */
    const lost = (error: unknown) => {
      for (const { job } of done) job.reject(error);
      done = [];
    };
    let next = 0;
    try {
      for (; next < jobs.length; next++) {
        const job = jobs[next]!;
        if (!raw.inTransaction) {
          try {
            run('begin immediate');
          } catch (error) {
            job.reject(error);
            continue;
          }
        }
        run('savepoint tessera_write');
        try {
          const value = await job.work(bound);
          run('release tessera_write');
          done.push({ job, value });
        } catch (error) {
          if (raw.inTransaction) {
            run('rollback to tessera_write');
            run('release tessera_write');
          } else {
            // Some SQLite errors (a full disk, I/O) roll back the whole transaction, not just the statement.
            lost(error);
          }
          job.reject(error);
        }
      }
      if (raw.inTransaction) run('commit');
    } catch (error) {
      // The connection itself failed (a savepoint, a commit): nothing of this group is stored.
      if (raw.inTransaction) {
        try {
          run('rollback');
        } catch {
          // The transaction is gone either way.
        }
      }
      lost(error);
      for (const job of jobs.slice(next + 1)) job.reject(error);
      return;
    }
    for (const { job, value } of done) job.resolve(value);
  }
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
