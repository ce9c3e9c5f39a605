import { contentStatusLabel } from '@tessera/core/enums';
import { isObject } from '../../site-dir/checker.js';
import type { Store } from '../../storage/dialect.js';
import type { JsonObject } from '../../site-dir/types.js';
import { lowStockThreshold } from '../inventory/index.js';
import { assetUrl, itemUrl, type SiteSnapshot } from '../site/index.js';
import { AppError } from '../../errors.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { pageOfProducts, sortOf, type ProductListRow } from './list-query.js';
import type { ListQueryValue, ProductFilters } from './schemas.js';

const DEFAULT_LIMIT = 50;

/** The first image's path of a product's images (a path, or `{ path, alt }` as the site directory writes it). */
function firstImage(data: JsonObject): string | null {
  const first = Array.isArray(data.images) ? data.images[0] : undefined;
  const path = isObject(first) ? first.path : first;
  return typeof path === 'string' && path !== '' ? path : null;
}

/** A `products` collection of the site by its URL slug; VALIDATION_FAILED on the field for anything else. */
export function productsCollection(s: SiteSnapshot, urlId: string, field = 'collection') {
  const c = s.collectionsByUrlId.get(urlId);
  if (c?.type_name !== 'products') throw new AppError('VALIDATION_FAILED', undefined, { [field]: `There is no products collection "${urlId}".` });
  return c;
}

/** The collection filter's id: null without one. */
export function collectionFilter(s: SiteSnapshot, f: ProductFilters): string | null {
  return f.collection ? productsCollection(s, f.collection).id : null;
}

/** A row of the list as the API answers it (docs/owner-api.md "GET /api/owner/products"). */
function listEntry(s: SiteSnapshot, r: ProductListRow) {
  const c = s.collectionsById.get(r.collection_id);
  const image = firstImage(JSON.parse(r.product_data) as JsonObject);
  const unlimited = r.stock_state === 'unlimited';
  return {
    id: r.id,
    collection: c ? { urlId: c.url_id, title: c.title } : null,
    urlId: r.url_id,
    title: r.title,
    url: c ? itemUrl(s, c, r) : null,
    productType: Number(r.product_type),
    status: r.status,
    statusLabel: contentStatusLabel(r.status) ?? '',
    publishOn: r.publish_on === null ? null : Number(r.publish_on),
    image: image ? { path: image, url: assetUrl(s, image) } : null,
    variantCount: Number(r.variant_count),
    priceCents: Number(r.price),
    maxPriceCents: Number(r.max_price),
    onSale: Number(r.on_sale) === 1,
    stock: unlimited ? null : Number(r.stock),
    stockState: r.stock_state,
    updatedOn: Number(r.updated_on),
    revision: Number(r.revision),
  };
}

/** `GET /api/owner/products`: one page of the filtered list, its next cursor and how many match in all. */
export async function listProducts(store: Store, s: SiteSnapshot, query: ListQueryValue) {
  const sort = sortOf(query);
  const after = decodeCursor(query.cursor, sort);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const args = { websiteId: s.website.id, filters: query, collectionId: collectionFilter(s, query), threshold: lowStockThreshold(s) };
  const { rows, total } = await pageOfProducts(store.db, { ...args, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    products: page.map((r) => listEntry(s, r)),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ sort, value: typeof last.sort_key === 'string' ? last.sort_key : Number(last.sort_key), id: last.id })
        : null,
    total,
    currency: s.currency,
  };
}
