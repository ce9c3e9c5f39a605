import type { JsonObject } from '../../site-dir/types.js';
import type { Executor } from '../../storage/statement.js';
import { readProduct } from './read.js';
import { type SaveContext, saveProduct } from './save.js';

/** The suffixes a copy tries, in order: `-copy`, `-copy-2`, … */
const suffixOf = (n: number) => (n === 1 ? '-copy' : `-copy-${n}`);
const MAX_TRIES = 100;

/**
 * `POST /api/owner/products/:id/duplicate`: a copy of the product as a draft, saved as a new
 * product would be: " (copy)" after the title, the first suffix free for both the URL slug in the
 * collection and every SKU in the site, no stock. Answers the copy's id.
 */
export async function duplicateProduct(c: SaveContext, id: string): Promise<string> {
  const original = await readProduct(c.store.db, c.s, id);
  const item = original.item as JsonObject & { urlId: string; title: string; product: JsonObject & { variants: JsonObject[] } };
  const skus = item.product.variants.map((v) => String(v.sku));
  const collectionId = c.s.collectionsByUrlId.get(original.collection)!.id;
  const suffix = await freeSuffix(c.store.db, c.s.website.id, collectionId, item.urlId, skus);
  const copy: JsonObject = {
    ...item,
    urlId: `${item.urlId}${suffix}`,
    title: `${item.title} (copy)`,
    status: 'draft',
    product: {
      ...item.product,
      variants: item.product.variants.map(({ id: _id, ...v }) => ({ ...v, sku: `${String(v.sku)}${suffix}`, stock: 0 })),
    },
  };
  delete copy.publishOn;
  return saveProduct(c, null, { collection: original.collection, item: copy });
}

async function freeSuffix(db: Executor, websiteId: string, collectionId: string, urlId: string, skus: string[]): Promise<string> {
  const suffixes = Array.from({ length: MAX_TRIES }, (_, i) => suffixOf(i + 1));
  const slugs = await db
    .selectFrom('items')
    .select('url_id')
    .where('collection_id', '=', collectionId)
    .where(
      'url_id',
      'in',
      suffixes.map((x) => `${urlId}${x}`),
    )
    .execute();
  const usedSlugs = new Set(slugs.map((r) => r.url_id));
  for (const suffix of suffixes) {
    if (usedSlugs.has(`${urlId}${suffix}`)) continue;
    if (
      await skusTaken(
        db,
        websiteId,
        skus.map((s) => `${s}${suffix}`),
      )
    )
      continue;
    return suffix;
  }
  return suffixOf(MAX_TRIES + 1);
}

async function skusTaken(db: Executor, websiteId: string, skus: string[]): Promise<boolean> {
  const row = await db.selectFrom('product_variants').select('id').where('website_id', '=', websiteId).where('sku', 'in', skus).executeTakeFirst();
  return row !== undefined;
}
