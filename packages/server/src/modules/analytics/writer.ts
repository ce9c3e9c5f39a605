import { systemClock } from '../../clock.js';
import type { Store } from '../../storage/dialect.js';
import { writeTransaction } from '../../storage/statement.js';
import type { Batch, RawTable } from './queue.js';
import { addBotCalls, addRejections, insertRawRows, markDayChanged, writePostgresBatch } from './store.js';

/**
 * Writes a batch in one transaction: the raw rows, the days they touched (marked changed for the
 * roll-up job), the rejection counts and the bots' calls (added to what other processes counted).
 * It resolves once the transaction has committed. On SQLite the transaction is the store's group
 * commit (it may share its commit with the cart's writes of the same turn); on PostgreSQL the batch
 * is a single statement.
 */
export async function writeBatch(store: Store, batch: Batch, now = systemClock()): Promise<void> {
  const days = new Map<string, { websiteId: string; day: string }>();
  for (const table of Object.keys(batch.rows) as RawTable[]) {
    for (const row of batch.rows[table]) days.set(`${row.website_id}\0${row.day}`, { websiteId: row.website_id, day: row.day });
  }
  // Sorted, so that two processes writing the same days lock their marker rows in the same order.
  const marked = [...days.keys()].sort().map((key) => days.get(key)!);
  const rejections = [...batch.rejections].map(([key, count]) => {
    const [websiteId, day, endpoint, reason] = key.split('\0') as [string, string, string, string];
    return { websiteId, day, endpoint, reason, count };
  });
  const bots = [...batch.bots].map(([key, count]) => {
    const [websiteId, day, endpoint] = key.split('\0') as [string, string, string];
    return { websiteId, day, endpoint, count };
  });
  if (store.dialect === 'postgres') {
    await writePostgresBatch(store, { rows: batch.rows, rejections, bots, days: marked, now });
    return;
  }
  await writeTransaction(store, async (tx) => {
    for (const table of Object.keys(batch.rows) as RawTable[]) await insertRawRows(store, tx, table, batch.rows[table]);
    for (const { websiteId, day } of marked) await markDayChanged(store, tx, websiteId, day, now);
    for (const { count, ...key } of rejections) await addRejections(store, tx, key, count);
    for (const { count, ...key } of bots) await addBotCalls(store, tx, key, count);
  });
}
