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

export function preparedQuery<Row, Db = any>(build: (db: Kysely<Db>, p: Param, variant: number) => Compilable<Row>) {
  const compiledByDb = new WeakMap<Kysely<Db>, Map<number, { compiled: CompiledQuery<Row>; slots: (number | null)[] }>>();
  return async (db: Kysely<Db>, values: readonly unknown[], variant = 0): Promise<Row[]> => {
    let byVariant = compiledByDb.get(db);
    if (!byVariant) compiledByDb.set(db, (byVariant = new Map()));
    let entry = byVariant.get(variant);
    if (!entry) {
      const compiled = build(db, (i) => `${SENTINEL}${i}`, variant).compile();
      const slots = compiled.parameters.map((v) => (typeof v === 'string' && v.startsWith(SENTINEL) ? Number(v.slice(SENTINEL.length)) : null));
      entry = { compiled, slots };
      byVariant.set(variant, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((v, i) => (slots[i] === null ? v : values[slots[i]!]));
    const sqlite = sqliteConnections.get(db);
    // Inside a transaction the read must wait its turn on Kysely's connection, not read half of it.
    if (sqlite && !sqlite.inTransaction) return sqlite.prepare(compiled.sql).all(parameters) as Row[];
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
