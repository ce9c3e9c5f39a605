import { newId } from '../../storage/ids.js';
import { itemRow, productRow, variantRow } from '../../storage/product-rows.js';
import type { Executor } from '../../storage/statement.js';
import { type Adjusted, adjustStock } from '../inventory/index.js';
import type { ImportPlan } from './csv-plan.js';
import { bumpSiteVersion } from './remove.js';
import type { SaveContext } from './save.js';

/** Rows per insert statement: well under SQLite's limit of bound parameters. */
const CHUNK = 50;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Writes a checked import in the caller's transaction: the products' new titles and statuses (each
 * changed product's revision is bumped, so an editor opened before is told), the variants' changes,
 * stock counts as `imported` adjustments of the inventory, and the new products and variants (their
 * starting stock recorded as `created` adjustments, as the editor records it). Answers the stock
 * changes, for the restock notices once committed.
 */
export async function writeImport(c: SaveContext, tx: Executor, plan: ImportPlan): Promise<Adjusted[]> {
  const websiteId = c.s.website.id;
  const nothing = plan.products.size + plan.variantChanges.length + plan.counts.length + plan.addedVariants.length + plan.newProducts.length === 0;
  if (nothing) return [];
  for (const [id, fields] of plan.products) {
    await tx
      .updateTable('items')
      .set((eb) => ({ ...fields, updated_on: c.now, revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
  for (const { id, set } of plan.variantChanges) await tx.updateTable('product_variants').set(set).where('id', '=', id).execute();
  const adjusted: Adjusted[] = [];
  for (const { variantId, count } of plan.counts) {
    const result = await adjustStock(c.store, tx, {
      websiteId,
      variantId,
      change: { count },
      reason: 'imported',
      actor: { kind: 'staff', email: c.email },
      now: c.now,
    });
    if (typeof result === 'object') adjusted.push(result);
  }

  const place = (itemId: string, position: number) => ({ websiteId, itemId, id: newId(), position, currency: c.s.currency });
  const variants = plan.addedVariants.map(({ itemId, position, variant }) => variantRow(place(itemId, position), variant));
  const items = plan.newProducts.map((p) => ({ ...p, id: newId() }));
  for (const p of items) for (const [i, v] of p.item.product.variants.entries()) variants.push(variantRow(place(p.id, i), v));
  await insertChunked(items, (chunk) =>
    tx
      .insertInto('items')
      .values(
        chunk.map((p) => ({
          ...itemRow({ websiteId, collectionId: p.collectionId, kind: 'products', id: p.id, position: p.position, now: c.now }, p.item),
          revision: 1,
        })),
      )
      .execute(),
  );
  await insertChunked(items, (chunk) =>
    tx
      .insertInto('products')
      .values(chunk.map((p) => productRow(websiteId, p.id, p.item.product)))
      .execute(),
  );
  await insertChunked(variants, (chunk) => tx.insertInto('product_variants').values(chunk).execute());
  // A new variant's stock is its first adjustment: written with the variant, so the history adds up to it.
  const created = variants.filter((v) => v.unlimited === 0 && v.stock > 0);
  await insertChunked(created, (chunk) =>
    tx
      .insertInto('inventory_adjustments')
      .values(
        chunk.map((v) => ({
          id: newId(),
          website_id: websiteId,
          variant_id: v.id,
          item_id: v.item_id,
          sku: v.sku,
          delta: v.stock,
          stock_after: v.stock,
          reason: 'created' as const,
          note: 'CSV import',
          actor_kind: 'staff' as const,
          actor_email: c.email,
          order_id: null,
          created_on: c.now,
        })),
      )
      .execute(),
  );
  await bumpSiteVersion(tx, websiteId, c.now);
  return adjusted;
}
