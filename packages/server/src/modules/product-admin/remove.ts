import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { productsCollection } from './list.js';

/** Bumps the site's version, in the change's transaction: pages show the change at once. */
export async function bumpSiteVersion(tx: Executor, websiteId: string, now: number): Promise<void> {
  await tx
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
    .where('id', '=', websiteId)
    .execute();
}

/**
 * `DELETE /api/owner/products/:id`: the item with its product, variants and plan (by cascade),
 * and the restock sign-ups and reviews of the product. Orders keep their lines: they copy what
 * they sold.
 */
export async function deleteProduct(store: Store, s: SiteSnapshot, id: string, now: number): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    const found = await tx
      .selectFrom('items')
      .innerJoin('products', 'products.item_id', 'items.id')
      .select('items.id')
      .where('items.website_id', '=', s.website.id)
      .where('items.id', '=', id)
      .executeTakeFirst();
    if (!found) throw new AppError('NOT_FOUND');
    await tx.deleteFrom('restock_signups').where('website_id', '=', s.website.id).where('item_id', '=', id).execute();
    await tx.deleteFrom('product_reviews').where('website_id', '=', s.website.id).where('item_id', '=', id).execute();
    await tx.deleteFrom('items').where('id', '=', id).execute();
    await bumpSiteVersion(tx, s.website.id, now);
  });
}

/**
 * `PUT /api/owner/products/order`: the collection's products in a new order by hand. `ids` must be
 * exactly the collection's products, each once; positions follow the list.
 */
export async function orderProducts(store: Store, s: SiteSnapshot, collectionUrlId: string, ids: string[], now: number): Promise<void> {
  const collection = productsCollection(s, collectionUrlId);
  await store.db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('items').select('id').where('collection_id', '=', collection.id).execute();
    const expected = new Set(rows.map((r) => r.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== expected.size || ids.some((id) => !expected.has(id))) {
      throw new AppError('VALIDATION_FAILED', undefined, { ids: 'List every product of the collection once, in its new order.' });
    }
    for (const [position, id] of ids.entries()) await tx.updateTable('items').set({ position }).where('id', '=', id).execute();
    await bumpSiteVersion(tx, s.website.id, now);
  });
}
