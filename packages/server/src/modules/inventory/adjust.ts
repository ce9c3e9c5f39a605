import type { AdjustmentReason } from '../../storage/schema-catalogue.js';
import type { Store } from '../../storage/dialect.js';
import { timeOrderedId } from '../../storage/ids.js';
import type { Executor } from '../../storage/statement.js';

/** Who changed a variant's stock: a staff account (by email), a shopper's checkout, or the store itself. */
export interface StockActor {
  readonly kind: 'staff' | 'customer' | 'system';
  readonly email: string | null;
}

/** A change of stock: pieces added or taken (`delta`), or a count that sets the stock (`count`). */
type StockChange = { readonly delta: number } | { readonly count: number };

interface AdjustInput {
  readonly websiteId: string;
  readonly variantId: string;
  readonly change: StockChange;
  readonly reason: AdjustmentReason;
  readonly note?: string;
  readonly actor: StockActor;
  readonly orderId?: string | null;
  readonly now: number;
}

/** A change made: the variant's stock before and after it, and its row in the history. */
export interface Adjusted {
  readonly adjustmentId: string;
  readonly variantId: string;
  readonly itemId: string;
  readonly sku: string;
  readonly productType: number;
  readonly before: number;
  readonly after: number;
  readonly delta: number;
  /** When it was made (epoch ms). */
  readonly created: number;
}

/** Why a change was not made: no such variant on the site, a variant without a count, fewer pieces than taken, or more than a count holds. */
type AdjustRefusal = 'not-found' | 'unlimited' | 'insufficient' | 'too-many';

/** The most pieces a variant counts, as site.json writes stock (the import's own bound). */
export const MAX_STOCK = 2_000_000_000;

/**
 * Changes one variant's stock by a delta, or to a count, and records the change in its history, in
 * the caller's write transaction. A delta is applied by the database to the stock as it stands
 * (`stock = stock + delta`, refused below zero), so checkouts taking pieces at the same moment, in
 * this process or another, are never lost or counted twice. A count reads the stock under the row's
 * lock (PostgreSQL `for update`; SQLite's write transaction holds the whole store) and records the
 * difference as its delta. A zero delta records nothing and changes nothing.
 */
export async function adjustStock(store: Store, tx: Executor, input: AdjustInput): Promise<Adjusted | AdjustRefusal> {
  const row = await tx
    .selectFrom('product_variants as v')
    .innerJoin('products', 'products.item_id', 'v.item_id')
    .select(['v.id', 'v.item_id', 'v.sku', 'v.stock', 'v.unlimited', 'products.product_type'])
    .where('v.website_id', '=', input.websiteId)
    .where('v.id', '=', input.variantId)
    .$if(store.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) return 'not-found';
  if (row.unlimited === 1) return 'unlimited';
  const before = Number(row.stock);
  const delta = 'delta' in input.change ? input.change.delta : input.change.count - before;
  if (before + delta < 0) return 'insufficient';
  if (before + delta > MAX_STOCK) return 'too-many';
  const base = { variantId: row.id, itemId: row.item_id, sku: row.sku, productType: row.product_type };
  if (delta === 0) return { ...base, adjustmentId: '', before, after: before, delta: 0, created: input.now };
  const updated = await tx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', row.id)
    .where('stock', '>=', -delta)
    .returning('stock')
    .executeTakeFirst();
  if (!updated) return 'insufficient';
  const after = Number(updated.stock);
  const adjustmentId = timeOrderedId(input.now);
  await tx
    .insertInto('inventory_adjustments')
    .values({
      id: adjustmentId,
      website_id: input.websiteId,
      variant_id: row.id,
      item_id: row.item_id,
      sku: row.sku,
      delta,
      stock_after: after,
      reason: input.reason,
      note: input.note ?? '',
      actor_kind: input.actor.kind,
      actor_email: input.actor.email,
      order_id: input.orderId ?? null,
      created_on: input.now,
    })
    .execute();
  return { ...base, adjustmentId, before: after - delta, after, delta, created: input.now };
}
