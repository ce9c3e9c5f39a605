import type { ItemRow, ProductRow } from '../../../storage/content.js';
import type { Store } from '../../../storage/dialect.js';
import type { PageContext, PageRequest } from '../pages.js';
import { categoriesOf, visibleProductsOf } from '../catalog.js';
import { type ItemRef, visibleItemsByRef } from './layout-data/items.js';
import { itemsWithProducts } from './layout-data/products.js';

/** The owner chooses at most this many; the page shows them in the owner's order. */
const MAX_CHOSEN_RELATED = 8;
/** Without a choice, this many other products sharing a category, in their collections' order. */
const MAX_FALLBACK_RELATED = 4;

/**
 * A product page's related products (`item.relatedProducts`): the ones the owner chose
 * (`relatedProducts` of the product, as `<collection>/<urlId>`), those visible now and in a
 * collection this visitor may open; when the owner chose none, other visible products sharing one of
 * its categories; else none. Each is an item as lists show it (with its product and live variants).
 */
export async function relatedProductsOf(
  store: Store,
  req: PageRequest,
  page: PageContext,
  row: ItemRow,
  product: ProductRow | undefined,
): Promise<Record<string, unknown>[]> {
  if (!product) return [];
  const chosen = chosenRefs(req, product);
  const rows = chosen.length > 0 ? await chosenRows(store, req, chosen) : await sameCategoryRows(store, req, row);
  const readable: ItemRow[] = [];
  for (const r of rows) {
    const c = req.snapshot.collectionsById.get(r.collection_id);
    if (c && r.id !== row.id && !(req.access && (await req.access(c)))) readable.push(r);
  }
  const shown = readable.slice(0, chosen.length > 0 ? MAX_CHOSEN_RELATED : MAX_FALLBACK_RELATED);
  return shown.length === 0 ? [] : itemsWithProducts(store, req, page, shown);
}

/** The owner's choice as references to collections of the site, in the owner's order. */
function chosenRefs(req: PageRequest, product: ProductRow): ItemRef[] {
  let data: { relatedProducts?: unknown };
  try {
    data = JSON.parse(product.data) as { relatedProducts?: unknown };
  } catch {
    return [];
  }
  if (!Array.isArray(data.relatedProducts)) return [];
  const refs: ItemRef[] = [];
  for (const ref of data.relatedProducts.slice(0, MAX_CHOSEN_RELATED)) {
    if (typeof ref !== 'string') continue;
    const [collection, urlId] = ref.split('/');
    const c = collection ? req.snapshot.collectionsByUrlId.get(collection) : undefined;
    if (c && urlId) refs.push({ collectionId: c.id, urlId });
  }
  return refs;
}

/** The chosen items visible now, in the owner's order: one query. */
async function chosenRows(store: Store, req: PageRequest, refs: ItemRef[]): Promise<ItemRow[]> {
  const rows = await visibleItemsByRef(store, req.snapshot, refs, req.now);
  const out: ItemRow[] = [];
  for (const ref of refs) {
    const found = rows.find((r) => r.collection_id === ref.collectionId && r.url_id === ref.urlId);
    if (found && !out.includes(found)) out.push(found);
  }
  return out;
}

/**
 * Visible products of the site's products collections sharing a category with this one: one prepared
 * query for the ids and publication of the collections' visible products (a collection holds at most
 * 200), their rows and categories from the site version's kept catalog (catalog.ts).
 */
async function sameCategoryRows(store: Store, req: PageRequest, row: ItemRow): Promise<ItemRow[]> {
  const s = req.snapshot;
  const categories = categoriesOf(s, row);
  if (categories.length === 0) return [];
  const collections = s.collections.filter((c) => c.type_name === 'products');
  if (collections.length === 0) return [];
  const rows = await visibleProductsOf(
    store,
    s,
    collections.map((c) => c.id),
    row.id,
    req.now,
  );
  const order = new Map(collections.map((c, i) => [c.id, i]));
  const wanted = new Set(categories);
  return rows
    .filter((r) => categoriesOf(s, r).some((c) => wanted.has(c)))
    .sort((a, b) => (order.get(a.collection_id) ?? 0) - (order.get(b.collection_id) ?? 0));
}
