import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Inserts rows, or updates every other column of the rows whose key already exists.
 * `INSERT ... ON CONFLICT (...) DO UPDATE SET col = excluded.col` reads the same on both dialects.
 * Columns named in `keep` are written by an insert only: an existing row keeps its value.
 */
export async function upsertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  key: readonly (keyof Database[T] & string)[],
  rows: Insertable<Database[T]>[],
  chunkSize = 100,
  keep: readonly (keyof Database[T] & string)[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).filter((c) => !key.includes(c as never) && !keep.includes(c as never));
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize);
    const query = (db as Kysely<any>)
      .insertInto(table)
      .values(chunk as never)
      .onConflict((oc) => {
        const target = oc.columns([...key] as string[]);
        if (columns.length === 0) return target.doNothing();
        return target.doUpdateSet(Object.fromEntries(columns.map((c) => [c, (eb: any) => eb.ref(`excluded.${c}`)])) as never);
      });
    await query.execute();
  }
}
