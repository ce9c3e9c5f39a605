import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { TesseraMigrations } from './migrations/index.js';
import { DirectoryBlobStore, type BlobStore } from './blobs/index.js';
import { DEFAULTS } from '../config.js';

export type { Dialect } from './migrations/types.js';
import type { Dialect } from './migrations/types.js';
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** Where the store lives, without credentials (for logs). */
  readonly description: string;
  /**
   * Where the bytes of the store's assets live (the `assets` rows say which blob): part of the store,
   * so that everything that reads or writes assets (import, export, the asset routes, downloads)
   * reaches the same bytes as the rows.
   */
  readonly blobs: BlobStore;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /**
   * The blob store of the assets (ASSETS_URL, else `<DATA_DIR>/assets`: storage/blobs). Without one, a
   * SQLite store keeps them in `assets` beside its file, a PostgreSQL store in `./data/assets`.
   */
  readonly blobs?: BlobStore;
}

/** `postgres://` or `postgresql://` selects PostgreSQL; `sqlite:<file>` or a bare path selects SQLite. */
export function dialectOf(databaseUrl: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export function sqliteFile(databaseUrl: string): string {
  return path.resolve(databaseUrl.replace(/^sqlite:(\/\/)?/i, ''));
}

// PostgreSQL returns bigint (int8) and numeric as strings; Tessera's bigints are epoch milliseconds,
// well inside the safe integer range, so they are read back as numbers (per pool, not globally).
const INT8_OID = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * The SQLite connection behind a store's Kysely instance. Hot page reads (storage/prepared.ts) run
 * on it directly when no transaction is open on it: better-sqlite3 is synchronous, so the read
 * cannot interleave with anything, and it skips Kysely's connection mutex and promise hops.
 */
export interface SyncSqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): { all(parameters: readonly unknown[]): unknown[] };
  /**
   * A number that changes whenever a statement may have changed one of these tables: a write on this
   * connection (storage/prepared.ts keeps reads until it changes), or any write by another connection
   * to the same file (another process), which changes everything from the next millisecond on.
   */
  writeStamp(tables: readonly string[]): number;
}
export const sqliteConnections = new WeakMap<Kysely<any>, SyncSqliteConnection>();

/** Opens the store and brings its schema up to date. */
export async function openStore(databaseUrl: string, options: OpenStoreOptions = {}): Promise<Store> {
  const dialect = dialectOf(databaseUrl);
  let store: Store;
  const blobsBeside = (folder: string) => options.blobs ?? new DirectoryBlobStore(path.join(folder, 'assets'));
  const closing = (db: Kysely<Database>, blobs: BlobStore) => async () => {
    await db.destroy();
    await blobs.close();
  };
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: pgTypes as pg.CustomTypesConfig });
    // An idle connection the server ends (a restart, an administrator, a closing pool) is an
    // event, not a crash: the pool drops it and opens a new one for the next query.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost while idle: ${error.message}`, { code: 'TESSERA_PG_IDLE' });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(databaseUrl);
    const blobs = blobsBeside(path.resolve(DEFAULTS.DATA_DIR));
    store = { db, dialect, description: `postgres://${url.host}${url.pathname}`, blobs, close: closing(db, blobs) };
  } else {
    const file = sqliteFile(databaseUrl);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const database = new BetterSqlite3(file);
    // WAL lets readers run beside one writer; foreign keys are off by default in SQLite;
    // the busy timeout makes a second process wait for a write lock instead of failing at once.
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    const cached = withStatementCache(database);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
    sqliteConnections.set(db, cached as unknown as SyncSqliteConnection);
    const blobs = blobsBeside(path.dirname(file));
    store = { db, dialect, description: `sqlite:${file}`, blobs, close: closing(db, blobs) };
  }
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

export async function migrate(store: Store): Promise<void> {
  // Issues add their migrations in parallel (0002-commerce may reach a store after 0003-forms ran):
  // they touch separate tables, so a missing earlier one still runs.
  const migrator = new Migrator({ db: store.db, provider: new TesseraMigrations(store.dialect, { blobs: store.blobs }), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely prepares every query it runs.
 * Kysely builds the same SQL text for the same query shape (values are parameters), so statements
 * are kept by their text: a page's queries are compiled once per process.
 *
 * Every statement passes through here before it runs, so this is also where writes are noticed
 * (`writeStamp`): a write to one table moves that table's stamp; a statement whose effects reach
 * beyond the table it names (a delete, which cascades; a write to a table with triggers; a replace;
 * schema changes; anything not recognised) moves every stamp. Reading statements, and the
 * transaction statements that only group writes (begin, savepoint, release, commit), move nothing:
 * a kept read is never made inside a transaction, and a rolled-back write already moved its stamp.
 */
function withStatementCache(database: BetterSqlite3.Database, limit = 500): BetterSqlite3.Database {
  const statements = new Map<string, BetterSqlite3.Statement>();
  let clock = 0;
  let everything = 0;
  const tableStamps = new Map<string, number>();
  let triggered: Set<string> | null = null;
  const tablesWithTriggers = () =>
    (triggered ??= new Set(
      (database.prepare("select tbl_name from sqlite_master where type = 'trigger'").all() as { tbl_name: string }[]).map((r) => r.tbl_name),
    ));
  const noteWrite = (source: string) => {
    const named = WRITE_TARGET.exec(source);
    clock++;
    if (named && !tablesWithTriggers().has(named[1]!)) tableStamps.set(named[1]!, clock);
    else {
      everything = clock;
      // A schema statement may add or drop a trigger.
      if (!named) triggered = null;
    }
  };
  // Another connection's commits show in data_version. Asking costs a statement, so it is asked at
  // most once per millisecond: another process's write is seen by the reads of the next millisecond.
  const dataVersion = database.prepare('pragma data_version').pluck();
  let lastDataVersion = dataVersion.get() as number;
  let askedAt = Date.now();
  const writeStamp = (tables: readonly string[]) => {
    const now = Date.now();
    if (now !== askedAt) {
      askedAt = now;
      const version = dataVersion.get() as number;
      if (version !== lastDataVersion) {
        lastDataVersion = version;
        everything = ++clock;
        triggered = null;
      }
    }
    let stamp = everything;
    for (const table of tables) stamp = Math.max(stamp, tableStamps.get(table) ?? 0);
    return stamp;
  };
  const prepare = (source: string) => {
    statementWatchers.get(proxy)?.(source);
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= limit) statements.delete(statements.keys().next().value!);
      statement = database.prepare(source);
      statements.set(source, statement);
    }
    // `reader` alone is not enough: an insert with RETURNING reads too.
    if (!(statement.reader && isRead(source)) && !TRANSACTION_CONTROL.test(source)) noteWrite(source);
    return statement;
  };
  const exec = (source: string) => {
    everything = ++clock;
    triggered = null;
    return database.exec(source);
  };
  const proxy = new Proxy(database, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      if (property === 'exec') return exec;
      if (property === 'writeStamp') return writeStamp;
      const value = Reflect.get(target, property, target);
      // Native methods must be called on the database itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return proxy;
}

/** The table an insert or update writes, as Kysely spells it; deletes and replaces are left out on purpose (see above). */
const WRITE_TARGET = /^\s*(?:insert\s+into|update)\s+"([A-Za-z0-9_]+)"/i;
const PLAIN_SELECT = /^\s*\(?\s*select\b/i;
/** A select, or a query with common table expressions that writes nothing (SQLite puts no write inside one). */
const isRead = (source: string) => PLAIN_SELECT.test(source) || (/^\s*with\b/i.test(source) && !/\b(?:insert|update|delete|replace)\b/i.test(source));
const TRANSACTION_CONTROL = /^\s*(?:begin|savepoint|release|commit|end)\b/i;

/** Per SQLite connection, a function told the SQL of every statement run (tests count a page's reads). */
const statementWatchers = new WeakMap<object, (sql: string) => void>();

/** Tells `watcher` the SQL of every statement a SQLite store runs from now on (null stops); PostgreSQL stores tell nothing. */
export function watchStatements(db: Kysely<Database>, watcher: ((sql: string) => void) | null): void {
  const connection = sqliteConnections.get(db);
  if (!connection) return;
  if (watcher) statementWatchers.set(connection, watcher);
  else statementWatchers.delete(connection);
}
