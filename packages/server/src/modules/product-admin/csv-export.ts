import { Readable } from 'node:stream';
import { dayIn } from '@tessera/core';
import { stringify } from 'csv-stringify';
import type { Store } from '../../storage/dialect.js';
import { lowStockThreshold } from '../inventory/index.js';
import type { SiteSnapshot } from '../site/index.js';
import { CSV_COLUMNS, TYPE_NAMES, decimalOf, optionsText, spreadsheetSafe } from './csv-columns.js';
import type { ListPosition } from './cursor.js';
import { collectionFilter } from './list.js';
import { pageOfProducts, sortOf } from './list-query.js';
import type { ProductFilters } from './schemas.js';

/** Products read per step of the export: the file streams out while the next step is read. */
const BATCH = 500;

/** One step: the next products of the list (its own keyset query), then their variants in one query. */
async function* rowsOf(store: Store, s: SiteSnapshot, f: ProductFilters): AsyncGenerator<string[]> {
  const sort = sortOf(f);
  const args = { websiteId: s.website.id, filters: f, collectionId: collectionFilter(s, f), threshold: lowStockThreshold(s), limit: BATCH };
  let after: ListPosition | null = null;
  for (;;) {
    const { rows: page } = await pageOfProducts(store.db, { ...args, after });
    if (page.length === 0) return;
    const [variants, products] = await Promise.all([
      store.db
        .selectFrom('product_variants')
        .select(['item_id', 'sku', 'attributes', 'price_cents', 'sale_price_cents', 'on_sale', 'stock', 'unlimited', 'weight_grams'])
        .where(
          'item_id',
          'in',
          page.map((p) => p.id),
        )
        .orderBy('item_id')
        .orderBy('position')
        .execute(),
      store.db
        .selectFrom('products')
        .select(['item_id', 'variant_option_ordering'])
        .where(
          'item_id',
          'in',
          page.map((p) => p.id),
        )
        .execute(),
    ]);
    const orderings = new Map(products.map((p) => [p.item_id, JSON.parse(p.variant_option_ordering) as string[]]));
    const variantsOf = new Map<string, typeof variants>();
    for (const v of variants) variantsOf.set(v.item_id, [...(variantsOf.get(v.item_id) ?? []), v]);
    for (const p of page) {
      const collection = s.collectionsById.get(p.collection_id)?.url_id ?? '';
      for (const v of variantsOf.get(p.id) ?? []) {
        const unlimited = v.unlimited === 1;
        yield [
          v.sku,
          collection,
          p.url_id,
          p.title,
          TYPE_NAMES[Number(p.product_type)] ?? String(p.product_type),
          p.status,
          optionsText(JSON.parse(v.attributes) as Record<string, string>, orderings.get(p.id) ?? []),
          decimalOf(v.price_cents, s.currency),
          decimalOf(v.sale_price_cents, s.currency),
          v.on_sale === 1 ? 'yes' : 'no',
          unlimited ? '' : String(v.stock),
          unlimited ? 'yes' : 'no',
          v.weight_grams === null ? '' : String(v.weight_grams),
          s.currency,
        ];
      }
    }
    if (page.length < BATCH) return;
    const last = page[page.length - 1]!;
    after = { sort, value: typeof last.sort_key === 'string' ? last.sort_key : Number(last.sort_key), id: last.id };
  }
}

/**
 * `GET /api/owner/products/export.csv`: the products of the list's filters, one row per variant,
 * streamed a step of BATCH products at a time through csv-stringify, every cell spreadsheet-safe.
 */
export function exportProducts(store: Store, s: SiteSnapshot, f: ProductFilters, now: number) {
  // CRLF line ends, as RFC 4180 and the orders' export write them.
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows', cast: { string: spreadsheetSafe } });
  const rows = Readable.from(rowsOf(store, s, f));
  // A failed read ends the answer (pipe alone would leave it open).
  rows.on('error', (error) => csv.destroy(error));
  return { filename: `products-${dayIn(s.timeZone, now)}.csv`, stream: rows.pipe(csv) };
}
