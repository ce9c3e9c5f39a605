import type { Store } from '../../../../storage/dialect.js';
import type { PageContext, PageRequest } from '../../pages.js';
import { collectionUrl } from '../content.js';
import { pageBatch } from './batch.js';
import { itemsWithProducts } from './products.js';

/**
 * A product block: one product by `collection/item` URL ids, with its variants as they are now,
 * what the product page shows of it and what the engine's add-to-cart markup needs. Null when the
 * product is gone (deleted, withdrawn, not a product any more) or its collection is closed to this
 * visitor: the block is left out.
 */
export async function productData(store: Store, req: PageRequest, settings: Readonly<Record<string, unknown>>, page: PageContext) {
  const s = req.snapshot;
  const [collectionUrlId, itemUrlId, ...rest] = typeof settings.product === 'string' ? settings.product.replace(/^\/+|\/+$/g, '').split('/') : [];
  const c = collectionUrlId ? s.collectionsByUrlId.get(collectionUrlId) : undefined;
  if (!c || !itemUrlId || rest.length > 0) return null;
  // Asked for before the first wait, so that every product block of the page is read in one query.
  const found = pageBatch(store, req, page).item({ collectionId: c.id, urlId: itemUrlId });
  const [row, denial] = await Promise.all([found, req.access ? req.access(c) : null]);
  if (!row || denial) return null;
  const [item] = await itemsWithProducts(store, req, page, [row]);
  if (!item?.structuredContent) return null;
  return { item, collection: { id: c.id, title: c.title, urlId: c.url_id, fullUrl: collectionUrl(s, c) } };
}
