import type { Store } from '../../storage/dialect.js';
import {
  type ItemRow,
  type PlanRow,
  type ProductRow,
  type ProductRows,
  type VariantRow,
  findItems,
  listVisibleItemIds,
  loadProducts,
  variantStock,
} from '../../storage/content.js';
import type { SiteSnapshot } from './snapshot.js';

/**
 * The catalog a site snapshot keeps: items and their products, read once per site version instead
 * of once per page. Their content changes only with an import, which bumps the site's version (a new
 * snapshot, so a new catalog), so it is as fresh as the site's collections and navigation. What is
 * read at each request: which items a page shows, in which order, with their publication (status and
 * date, which may change without an import), and the stock of the variants shown.
 *
 * Rows are shared between requests: nothing may change them (contexts are built from them afresh).
 */

interface KeptProduct {
  readonly product: ProductRow;
  readonly plan: PlanRow | undefined;
  readonly variants: readonly VariantRow[];
}

interface Catalog {
  /** Per item: its row as imported (its publication is read live). */
  readonly items: Map<string, ItemRow>;
  /** Per item: its product, plan and variants (stock as imported; the live stock replaces it), or null for an item without one. */
  readonly products: Map<string, KeptProduct | null>;
}

const catalogs = new WeakMap<SiteSnapshot, Catalog>();

function catalogOf(s: SiteSnapshot): Catalog {
  let catalog = catalogs.get(s);
  if (!catalog) catalogs.set(s, (catalog = { items: new Map(), products: new Map() }));
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
  const catalog = catalogOf(s);
  const page = await listVisibleItemIds(store.db, s.website.id, collectionId, now, limit, offset);
  const missing = page.rows.filter((r) => !catalog.items.has(r.id)).map((r) => r.id);
  if (missing.length > 0) for (const row of await findItems(store.db, s.website.id, missing)) catalog.items.set(row.id, row);
  const rows: ItemRow[] = [];
  for (const live of page.rows) {
    const kept = catalog.items.get(live.id);
    // Deleted between the two reads: left out, as a later read would.
    if (kept) rows.push({ ...kept, status: live.status, publish_on: live.publish_on });
  }
  return { rows, count: page.count };
}

/** Products, plans and variants of the given items, each variant with its stock as it is now. */
export async function productsOf(store: Store, s: SiteSnapshot, itemIds: readonly string[]): Promise<ProductRows> {
  if (itemIds.length === 0) return { products: [], variants: [], plans: [] };
  const catalog = catalogOf(s);
  const missing = itemIds.filter((id) => !catalog.products.has(id));
  if (missing.length > 0) {
    const loaded = await loadProducts(store.db, s.website.id, missing);
    for (const id of missing) catalog.products.set(id, null);
    for (const product of loaded.products) {
      catalog.products.set(product.item_id, {
        product,
        plan: loaded.plans.find((p) => p.item_id === product.item_id),
        variants: loaded.variants.filter((v) => v.item_id === product.item_id),
      });
    }
  }
  const stock = await variantStock(store.db, s.website.id, itemIds);
  const rows: ProductRows = { products: [], variants: [], plans: [] };
  for (const id of itemIds) {
    const kept = catalog.products.get(id);
    if (!kept) continue;
    rows.products.push(kept.product);
    if (kept.plan) rows.plans.push(kept.plan);
    // A variant the store no longer has (deleted since) is left out, as a fresh read would.
    for (const v of kept.variants) if (stock.has(v.id)) rows.variants.push({ ...v, stock: stock.get(v.id)! });
  }
  return rows;
}
