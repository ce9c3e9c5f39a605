import { statement, type Executor } from '../../storage/statement.js';
import type { Store } from '../../storage/dialect.js';

/**
 * Stock changes, inside the order's transaction. The decrement is guarded by the stock itself
 * (`where stock >= n`): on PostgreSQL the update waits for any other transaction holding the row
 * and then re-checks the condition on the committed value, so concurrent checkouts across any
 * number of processes can never take more than there is; on SQLite the immediate transaction
 * holds the store. The CHECK (stock >= 0) of the table is the last guard.
 */
const takeStatement = statement((db, p) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', p(1)) }))
    .where('id', '=', p(0))
    .where('unlimited', '=', 0)
    .where('stock', '>=', p(1)),
);

const giveBackStatement = statement((db, p) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', p(1)) }))
    .where('id', '=', p(0)),
);

/**
 * Takes `quantity` of each variant, in variant id order (every checkout locks rows in the same
 * order, so two checkouts never wait on each other in a circle). False when one has too little:
 * the caller rolls the transaction back, which puts back what was taken before it.
 */
export async function takeStock(store: Store, tx: Executor, wanted: Map<string, number>): Promise<boolean> {
  for (const variantId of [...wanted.keys()].sort()) {
    const { changes } = await takeStatement(store, tx, [variantId, wanted.get(variantId)!]);
    if (changes !== 1) return false;
  }
  return true;
}

export async function giveBackStock(store: Store, tx: Executor, taken: Map<string, number>): Promise<void> {
  for (const variantId of [...taken.keys()].sort()) await giveBackStatement(store, tx, [variantId, taken.get(variantId)!]);
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
