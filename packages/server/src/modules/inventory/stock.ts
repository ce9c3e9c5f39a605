import { ProductType } from '@tessera/core';
import type { Store } from '../../storage/dialect.js';
import { timeOrderedId } from '../../storage/ids.js';
import { statement, type Executor } from '../../storage/statement.js';
import type { Adjusted, StockActor } from './adjust.js';

/**
 * Stock changes, inside the order's transaction. The decrement is guarded by the stock itself
 * (`where stock >= n`): on PostgreSQL the update waits for any other transaction holding the row
 * and then re-checks the condition on the committed value, so concurrent checkouts across any
 * number of processes can never take more than there is; on SQLite the immediate transaction
 * holds the store. The CHECK (stock >= 0) of the table is the last guard. Each statement answers
 * the variant's stock after it, so the history's rows need no read of their own.
 */
const takeStatement = statement((db, p) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', p(1)) }))
    .where('id', '=', p(0))
    .where('unlimited', '=', 0)
    .where('stock', '>=', p(1))
    .returning(['item_id', 'sku', 'stock']),
);

const giveBackStatement = statement((db, p) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', p(1)) }))
    .where('id', '=', p(0))
    .returning(['item_id', 'sku', 'stock', 'unlimited']),
);

/** The order whose stock moves, for its rows in the stock history. */
export interface OrderStockChange {
  readonly websiteId: string;
  readonly orderId: string;
  readonly actor: StockActor;
  readonly now: number;
}

interface Moved {
  readonly variantId: string;
  readonly itemId: string;
  readonly sku: string;
  readonly delta: number;
  readonly after: number;
}

/**
 * The history's rows of one order's stock moves, in one insert: a checkout pays one statement for
 * its history whatever its number of lines.
 */
async function recordMoves(tx: Executor, change: OrderStockChange, reason: 'sold' | 'restored', moves: readonly Moved[]): Promise<string[]> {
  if (moves.length === 0) return [];
  const ids = moves.map(() => timeOrderedId(change.now));
  await tx
    .insertInto('inventory_adjustments')
    .values(
      moves.map((m, i) => ({
        id: ids[i]!,
        website_id: change.websiteId,
        variant_id: m.variantId,
        item_id: m.itemId,
        sku: m.sku,
        delta: m.delta,
        stock_after: m.after,
        reason,
        note: '',
        actor_kind: change.actor.kind,
        actor_email: change.actor.email,
        order_id: change.orderId,
        created_on: change.now,
      })),
    )
    .execute();
  return ids;
}

/**
 * Takes `quantity` of each variant, in variant id order (every checkout locks rows in the same
 * order, so two checkouts never wait on each other in a circle), and records each take in the
 * stock history as `sold`. False when one has too little: the caller rolls the transaction back,
 * which puts back what was taken before it.
 */
export async function takeStock(store: Store, tx: Executor, wanted: Map<string, number>, change: OrderStockChange): Promise<boolean> {
  const moves: Moved[] = [];
  for (const variantId of [...wanted.keys()].sort()) {
    const quantity = wanted.get(variantId)!;
    const { rows } = await takeStatement(store, tx, [variantId, quantity]);
    const row = rows[0];
    if (!row) return false;
    moves.push({ variantId, itemId: row.item_id, sku: row.sku, delta: -quantity, after: Number(row.stock) });
  }
  await recordMoves(tx, change, 'sold', moves);
  return true;
}

/**
 * Gives pieces back to stock (a cancellation, a declined payment, an expired hold, a refund that
 * restocks), recorded as `restored`. Answers the changes made, so that the caller can tell the
 * inventory's hooks of the variants back in stock once its transaction committed.
 */
export async function giveBackStock(store: Store, tx: Executor, taken: Map<string, number>, change: OrderStockChange): Promise<Adjusted[]> {
  const moves: (Moved & { unlimited: boolean })[] = [];
  for (const variantId of [...taken.keys()].sort()) {
    const quantity = taken.get(variantId)!;
    if (quantity <= 0) continue;
    const { rows } = await giveBackStatement(store, tx, [variantId, quantity]);
    const row = rows[0];
    // A variant deleted since the order was placed has nothing to give back to.
    if (!row) continue;
    moves.push({ variantId, itemId: row.item_id, sku: row.sku, delta: quantity, after: Number(row.stock), unlimited: row.unlimited === 1 });
  }
  // Unlimited variants keep no count: their stock column moves, but the history tells nothing of them.
  const counted = moves.filter((m) => !m.unlimited);
  const ids = await recordMoves(tx, change, 'restored', counted);
  // Only a variant back from none wakes the hooks, which need its product's type: read for those alone.
  const back = counted.filter((m) => m.after - m.delta <= 0).map((m) => m.itemId);
  const types = new Map<string, number>();
  if (back.length > 0) {
    const rows = await tx
      .selectFrom('products')
      .select(['item_id', 'product_type'])
      .where('item_id', 'in', [...new Set(back)])
      .execute();
    for (const r of rows) types.set(r.item_id, r.product_type);
  }
  return counted.map((m, i) => ({
    adjustmentId: ids[i]!,
    variantId: m.variantId,
    itemId: m.itemId,
    sku: m.sku,
    productType: types.get(m.itemId) ?? ProductType.PHYSICAL,
    before: m.after - m.delta,
    after: m.after,
    delta: m.delta,
    created: change.now,
  }));
}

/** A variant's stock as the owner sees it, with its product's id and type; undefined when the site has no such variant. */
export async function findVariantStock(db: Executor, websiteId: string, variantId: string) {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products', 'products.item_id', 'v.item_id')
    .select(['v.id', 'v.item_id', 'v.sku', 'v.stock', 'v.unlimited', 'products.product_type'])
    .where('v.website_id', '=', websiteId)
    .where('v.id', '=', variantId)
    .executeTakeFirst();
}
