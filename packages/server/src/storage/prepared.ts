import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { sqliteConnections } from './dialect.js';

/**
 * A query compiled once per store and run many times with new values: the pages' hot queries skip
 * Kysely's query building and SQL compilation on every request (bench:pages).
 *
 * The query is built with placeholder values `p(0)`, `p(1)`, ... that end up as parameters of the
 * compiled SQL; each run puts the real values in their places. Queries whose SQL depends on a
 * value's shape (an IN list's length) pass that shape as the `variant` key.
 */
const SENTINEL = '\u0000tessera-param-';

export type Param = (index: number) => any;

export interface PreparedOptions {
  /**
   * The tables the query reads. With them, a SQLite store keeps the rows of each set of values and
   * answers the same values again without running the statement, until a write to one of these
   * tables (or any write from another process) moves their stamp (dialect.ts `writeStamp`). The
   * rows kept are frozen, so that a caller cannot change what the next one reads; they must not
   * depend on anything but the tables and the values (never on the clock: pass none, filter after).
   */
  reads?: readonly string[];
  /** How many sets of values are kept per query (the oldest goes first). */
  keep?: number;
}

interface Kept<Row> {
  stamp: number;
  rows: readonly Row[];
}

const frozen = <Row>(rows: Row[]): readonly Row[] => {
  for (const row of rows) Object.freeze(row);
  return Object.freeze(rows);
};

export function preparedQuery<Row, Db = any>(
  build: (db: Kysely<Db>, p: Param, variant: number) => Compilable<Row>,
): (db: Kysely<Db>, values: readonly unknown[], variant?: number) => Promise<Row[]>;
export function preparedQuery<Row, Db = any>(
  build: (db: Kysely<Db>, p: Param, variant: number) => Compilable<Row>,
  options: PreparedOptions & { reads: readonly string[] },
): (db: Kysely<Db>, values: readonly unknown[], variant?: number) => Promise<readonly Readonly<Row>[]>;
export function preparedQuery<Row, Db = any>(build: (db: Kysely<Db>, p: Param, variant: number) => Compilable<Row>, options: PreparedOptions = {}) {
  const compiledByDb = new WeakMap<Kysely<Db>, Map<number, { compiled: CompiledQuery<Row>; slots: (number | null)[]; kept: Map<string, Kept<Row>> }>>();
  const { reads, keep = 500 } = options;
  return async (db: Kysely<Db>, values: readonly unknown[], variant = 0): Promise<readonly Row[]> => {
    let byVariant = compiledByDb.get(db);
    if (!byVariant) compiledByDb.set(db, (byVariant = new Map()));
    let entry = byVariant.get(variant);
    if (!entry) {
      const compiled = build(db, (i) => `${SENTINEL}${i}`, variant).compile();
      const slots = compiled.parameters.map((v) => (typeof v === 'string' && v.startsWith(SENTINEL) ? Number(v.slice(SENTINEL.length)) : null));
      entry = { compiled, slots, kept: new Map() };
      byVariant.set(variant, entry);
    }
    const { compiled, slots, kept } = entry;
    const parametersOf = () => compiled.parameters.map((v, i) => (slots[i] === null ? v : values[slots[i]!]));
    const sqlite = sqliteConnections.get(db);
    // Inside a transaction the read must wait its turn on Kysely's connection, not read half of it.
    if (sqlite && !sqlite.inTransaction) {
      if (!reads) return sqlite.prepare(compiled.sql).all(parametersOf()) as Row[];
      const stamp = sqlite.writeStamp(reads);
      const key = JSON.stringify(values);
      const hit = kept.get(key);
      if (hit && hit.stamp === stamp) return hit.rows;
      const rows = frozen(sqlite.prepare(compiled.sql).all(parametersOf()) as Row[]);
      if (!hit && kept.size >= keep) kept.delete(kept.keys().next().value!);
      kept.set(key, { stamp, rows });
      return rows;
    }
    const result = await db.executeQuery<Row>({ ...compiled, parameters: parametersOf() });
    return result.rows;
  };
}
