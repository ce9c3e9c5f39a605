import type { ItemRow } from '../../../../storage/content.js';
import type { Store } from '../../../../storage/dialect.js';
import type { PageContext, PageRequest } from '../../pages.js';
import { indexProducts } from '../content.js';
import { keptItemContext, keptMerchandising } from '../item-memo.js';
import type { storeSettingsContext } from '../site.js';
import { pageBatch } from './batch.js';

/**
 * Items as themes read them, with their products (variants, prices, stock read now) for those that
 * are products; the products' restock and scarcity views are merged into the page's
 * `productMerchandisingContext`, where the engine's snippets look them up, as a list page does.
 */
export async function itemsWithProducts(store: Store, req: PageRequest, page: PageContext, rows: readonly ItemRow[]): Promise<Record<string, unknown>[]> {
  const s = req.snapshot;
  // The page's language as pages.ts reads it (not imported from there: pages.ts builds layouts from this table).
  const language = req.language ?? s.language;
  const productIds = rows.filter((r) => r.record_type === 11 || s.collectionsById.get(r.collection_id)?.type_name === 'products').map((r) => r.id);
  const products = indexProducts(await pageBatch(store, req, page).productsOf(productIds));
  const items: Record<string, unknown>[] = [];
  for (const row of rows) {
    const c = s.collectionsById.get(row.collection_id);
    if (c) items.push(keptItemContext(s, c, row, products, language));
  }
  const merchandising =
    typeof s.store.merchandising === 'object' && s.store.merchandising && !Array.isArray(s.store.merchandising) ? s.store.merchandising : {};
  page.productMerchandisingContext = {
    ...(page.productMerchandisingContext as Record<string, unknown> | undefined),
    ...keptMerchandising(
      page.storeSettings as ReturnType<typeof storeSettingsContext>,
      String((merchandising as Record<string, unknown>).scarcityText ?? ''),
      page.localizedStrings as Record<string, string>,
      items as { id: string; structuredContent?: unknown }[],
    ),
  };
  return items;
}
