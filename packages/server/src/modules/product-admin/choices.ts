import { CONTENT_LIMITS } from '@tessera/core';
import type { Executor } from '../../storage/statement.js';
import { assetUrl, type SiteSnapshot } from '../site/index.js';
import { listTags } from './tags.js';

/** Product counts per collection and every product's reference and title, for the editor's lists. */
function products(db: Executor, websiteId: string) {
  return db
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .select(['items.collection_id', 'items.url_id', 'items.title'])
    .where('items.website_id', '=', websiteId)
    .orderBy('items.title')
    .execute();
}

/**
 * `GET /api/owner/products/choices`: what the editor offers to choose from (docs/owner-api.md):
 * the products collections with their counts and limit, forms, members' areas, the site's files,
 * tags and categories, and the products a product may name as related.
 */
export async function productChoices(db: Executor, s: SiteSnapshot) {
  const [rows, tags, categories] = await Promise.all([products(db, s.website.id), listTags(db, s.website.id, 'tag'), listTags(db, s.website.id, 'category')]);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.collection_id, (counts.get(r.collection_id) ?? 0) + 1);
  return {
    currency: s.currency,
    collections: s.collections
      .filter((c) => c.type_name === 'products')
      .map((c) => ({ urlId: c.url_id, title: c.title, count: counts.get(c.id) ?? 0, limit: CONTENT_LIMITS.productsInCollection })),
    forms: [...s.forms.values()].map((f) => ({ id: f.id, name: f.name })),
    membersAreas: s.collections.filter((c) => c.access === 'members').map((c) => ({ urlId: c.url_id, title: c.title })),
    assets: [...s.assets.entries()].map(([path, a]) => ({
      path,
      url: assetUrl(s, path),
      contentType: a.contentType,
      width: a.width,
      height: a.height,
      size: a.size,
    })),
    tags,
    categories,
    products: rows.map((r) => ({ ref: `${s.collectionsById.get(r.collection_id)?.url_id}/${r.url_id}`, title: r.title })),
  };
}
