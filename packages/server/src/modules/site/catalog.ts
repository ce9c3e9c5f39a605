import type { Store } from '../../storage/dialect.js';
import {
  type ItemRow,
  type PlanRow,
  type ProductRow,
  type ProductRows,
  findItems,
  findVisibleItemIdByUrl,
  listVisibleItemIds,
  listVisibleProductIds,
  loadProducts,
  loadVariants,
} from '../../storage/content.js';
import type { SiteSnapshot } from './snapshot.js';

/**
 * The catalog a site snapshot keeps: items and their products, read once per site version instead
 * of once per page. Their content changes only with an import, which bumps the site's version (a new
 * snapshot, so a new catalog), so it is as fresh as the site's collections and navigation. What is
 * read at each request: which items a page shows, in which order, with their publication (status and
 * date, which may change without an import), and the variants shown, with their prices and stock.
 *
 * Rows are shared between requests: nothing may change them (contexts are built from them afresh).
 */

interface KeptProduct {
  readonly product: ProductRow;
  readonly plan: PlanRow | undefined;
}

interface Catalog {
  /** Per item: its row as imported (its publication is read live). */
  readonly items: Map<string, ItemRow>;
  /** Per item: its product and plan, or null for an item without one. */
  readonly products: Map<string, KeptProduct | null>;
  /** Per item: the categories its data names (read once: related products compare them on every product page). */
  readonly categories: Map<string, readonly string[]>;
}

const catalogs = new WeakMap<SiteSnapshot, Catalog>();

function catalogOf(s: SiteSnapshot): Catalog {
  let catalog = catalogs.get(s);
  if (!catalog) catalogs.set(s, (catalog = { items: new Map(), products: new Map(), categories: new Map() }));
  return catalog;
}

/**
 * One page of a collection's items visible at `now`, and how many are visible (null when the page is
 * past the end).
 */
export async function visibleItemsPage(
  store: Store,
  s: SiteSnapshot,
  collectionId: string,
  now: number,
  limit: number,
  offset: number,
): Promise<{ rows: ItemRow[]; count: number | null }> {
  const page = await listVisibleItemIds(store.db, s.website.id, collectionId, now, limit, offset);
  return { rows: await keptItems(store, s, page.rows), count: page.count };
}

/** A collection's item by its URL slug, when it is visible at `now`. */
export async function visibleItemByUrl(store: Store, s: SiteSnapshot, collectionId: string, urlId: string, now: number): Promise<ItemRow | undefined> {
  const live = await findVisibleItemIdByUrl(store.db, s.website.id, collectionId, urlId, now);
  return live ? (await keptItems(store, s, [live]))[0] : undefined;
}

/** Rows read through the catalog -> the row it keeps: their content is the site version's own. */
const keptRows = new WeakMap<ItemRow, ItemRow>();

/**
 * The catalog's own row of an item row it gave (the same content, its publication read live), or
 * undefined for a row read elsewhere (an editor's unsaved copy, a block's read).
 */
export function keptRowOf(row: ItemRow): ItemRow | undefined {
  return keptRows.get(row);
}

/** The product and plan the catalog keeps for an item: undefined when not read yet, null for an item without a product. */
export function keptProductOf(s: SiteSnapshot, itemId: string): { readonly product: ProductRow; readonly plan: PlanRow | undefined } | null | undefined {
  return catalogOf(s).products.get(itemId);
}

/**
 * The products of these collections visible at `now`, but one item, in display order (the rows kept,
 * their publication read now).
 */
export async function visibleProductsOf(
  store: Store,
  s: SiteSnapshot,
  collectionIds: readonly string[],
  exceptItemId: string,
  now: number,
): Promise<ItemRow[]> {
  return keptItems(store, s, await listVisibleProductIds(store.db, s.website.id, collectionIds, exceptItemId, now));
}

/** The categories an item's data names (strings only), read once per site version. */
export function categoriesOf(s: SiteSnapshot, row: ItemRow): readonly string[] {
  const catalog = catalogOf(s);
  let categories = catalog.categories.get(row.id);
  // Only rows as imported are kept: an editor's unsaved copy is read each time.
  if (categories && catalog.items.get(row.id)?.data === row.data) return categories;
  categories = readCategories(row.data);
  if (catalog.items.get(row.id)?.data === row.data) catalog.categories.set(row.id, categories);
  return categories;
}

function readCategories(data: string): string[] {
  try {
    const categories = (JSON.parse(data) as { categories?: unknown }).categories;
    return Array.isArray(categories) ? categories.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** The kept rows of items read live (their publication as read now), read from the store the first time. */
export async function keptItems(store: Store, s: SiteSnapshot, live: readonly Pick<ItemRow, 'id' | 'status' | 'publish_on'>[]): Promise<ItemRow[]> {
  const catalog = catalogOf(s);
  const missing = live.filter((r) => !catalog.items.has(r.id)).map((r) => r.id);
  if (missing.length > 0) for (const row of await findItems(store.db, s.website.id, missing)) catalog.items.set(row.id, row);
  const rows: ItemRow[] = [];
  for (const r of live) {
    const kept = catalog.items.get(r.id);
    // Deleted between the two reads: left out, as a later read would.
    if (!kept) continue;
    // The kept row itself when its publication is the one read (the common case), else a copy with it.
    const row = kept.status === r.status && kept.publish_on === r.publish_on ? kept : { ...kept, status: r.status, publish_on: r.publish_on };
    keptRows.set(row, kept);
    rows.push(row);
  }
  return rows;
}

/** Products and plans of the given items as the site version keeps them (no variants): read from the store the first time. */
export async function keptProductsOf(store: Store, s: SiteSnapshot, itemIds: readonly string[]): Promise<ProductRows> {
  const rows: ProductRows = { products: [], variants: [], plans: [] };
  if (itemIds.length === 0) return rows;
  const catalog = catalogOf(s);
  const missing = itemIds.filter((id) => !catalog.products.has(id));
  if (missing.length > 0) {
    const loaded = await loadProducts(store.db, s.website.id, missing);
    for (const id of missing) catalog.products.set(id, null);
    for (const product of loaded.products) {
      catalog.products.set(product.item_id, { product, plan: loaded.plans.find((p) => p.item_id === product.item_id) });
    }
  }
  for (const id of itemIds) {
    const kept = catalog.products.get(id);
    if (!kept) continue;
    rows.products.push(kept.product);
    if (kept.plan) rows.plans.push(kept.plan);
  }
  return rows;
}

/** Products, plans and variants of the given items; the variants as they are now. */
export async function productsOf(store: Store, s: SiteSnapshot, itemIds: readonly string[]): Promise<ProductRows> {
  const rows = await keptProductsOf(store, s, itemIds);
  // Variants are read at every request, for the products shown: their prices and stock.
  rows.variants = await loadVariants(
    store.db,
    s.website.id,
    rows.products.map((p) => p.item_id),
  );
  return rows;
}
