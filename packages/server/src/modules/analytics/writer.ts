import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { Batch, RawTable } from './queue.js';

// Rows per INSERT statement: well under both dialects' limits on bound parameters (14 columns x 100).
const CHUNK = 100;

/**
 * Writes a batch in one transaction: the raw rows, the days they touched (marked changed for the
 * roll-up job) and the rejection counts (added to what other processes counted).
 */
export async function writeBatch(db: Kysely<Database>, batch: Batch, now = Date.now()): Promise<void> {
  const days = new Map<string, { website_id: string; day: string; changed_on: number }>();
  for (const table of Object.keys(batch.rows) as RawTable[]) {
    for (const row of batch.rows[table]) days.set(`${row.website_id}\0${row.day}`, { website_id: row.website_id, day: row.day, changed_on: now });
  }
  const rejections = [...batch.rejections].map(([key, count]) => {
    const [website_id, day, endpoint, reason] = key.split('\0') as [string, string, string, string];
    return { website_id, day, endpoint, reason, count };
  });
  await db.transaction().execute(async (tx) => {
    for (const table of Object.keys(batch.rows) as RawTable[]) await insertChunks(tx, table, batch.rows[table]);
    // Marks the days changed (rolled_on null: the roll-up job takes them again). Sorted, so that two
    // processes writing the same days lock their marker rows in the same order.
    const marked = [...days.values()].sort((a, b) => (a.website_id + a.day < b.website_id + b.day ? -1 : 1));
    for (const chunk of chunks(marked)) {
      await tx.insertInto('analytics_days').values(chunk.map((d) => ({ ...d, rolled_on: null })))
        .onConflict((oc) => oc.columns(['website_id', 'day']).doUpdateSet({ changed_on: (eb) => eb.ref('excluded.changed_on'), rolled_on: null }))
        .execute();
    }
    for (const chunk of chunks(rejections)) {
      await tx.insertInto('analytics_rejections').values(chunk)
        .onConflict((oc) => oc.columns(['website_id', 'day', 'endpoint', 'reason'])
          .doUpdateSet({ count: (eb) => eb('analytics_rejections.count', '+', eb.ref('excluded.count')) }))
        .execute();
    }
  });
}

async function insertChunks(tx: Transaction<Database>, table: RawTable, rows: readonly object[]): Promise<void> {
  for (const chunk of chunks(rows)) await (tx as Transaction<any>).insertInto(table).values(chunk).execute();
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}
