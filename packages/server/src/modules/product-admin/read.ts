import { AppError } from '../../errors.js';
import { itemToDoc } from '../../site-dir/write.js';
import type { JsonObject } from '../../site-dir/types.js';
import { itemDocOf, productDocOf } from '../../storage/product-rows.js';
import type { Executor } from '../../storage/statement.js';
import { itemUrl, type SiteSnapshot } from '../site/index.js';

/**
 * `GET /api/owner/products/:id`: the product in the site directory's shape (what `tessera export`
 * writes for the item), each variant with its id and live stock, with the revision a save names.
 */
export async function readProduct(db: Executor, s: SiteSnapshot, id: string) {
  const [item, product, variants, plan] = await Promise.all([
    db.selectFrom('items').selectAll().where('website_id', '=', s.website.id).where('id', '=', id).executeTakeFirst(),
    db.selectFrom('products').selectAll().where('website_id', '=', s.website.id).where('item_id', '=', id).executeTakeFirst(),
    db.selectFrom('product_variants').selectAll().where('website_id', '=', s.website.id).where('item_id', '=', id).orderBy('position').execute(),
    db.selectFrom('subscription_plans').selectAll().where('website_id', '=', s.website.id).where('item_id', '=', id).executeTakeFirst(),
  ]);
  const collection = item ? s.collectionsById.get(item.collection_id) : undefined;
  if (!item || !product || !collection) throw new AppError('NOT_FOUND');
  const doc = itemToDoc(itemDocOf(item, productDocOf(product, variants, plan)));
  const productDoc = doc.product as JsonObject & { variants: JsonObject[] };
  productDoc.variants = productDoc.variants.map((v, i) => ({ id: variants[i]!.id, ...v }));
  // The fields the editor shows are there even when the product never set them.
  productDoc.relatedProducts ??= [];
  for (const key of ['tags', 'categories'] as const) doc[key] ??= [];
  for (const key of ['seoTitle', 'seoDescription'] as const) doc[key] ??= '';
  return {
    id: item.id,
    collection: collection.url_id,
    revision: Number(item.revision),
    url: itemUrl(s, collection, item),
    item: doc,
  };
}
