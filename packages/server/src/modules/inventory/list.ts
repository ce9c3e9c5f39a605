import { ProductType } from '@tessera/core';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { Executor } from '../../storage/statement.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';

export const INVENTORY_SORTS = ['stock', 'title', 'sku'] as const;
export const STOCK_FILTERS = ['low', 'out', 'in', 'unlimited'] as const;
type InventorySort = (typeof INVENTORY_SORTS)[number];
export type StockState = (typeof STOCK_FILTERS)[number];

export interface InventoryQuery {
  readonly q?: string;
  readonly stock?: StockState;
  readonly sort?: InventorySort;
  readonly limit?: number;
  readonly cursor?: string;
}

/** Physical products and services keep a count of pieces; the other types never run out. */
const STOCKED = [ProductType.PHYSICAL, ProductType.SERVICE];

/** Each sort's columns in order (the variant's id last, so the order is total) and their cursor shape. */
const SORT_KEYS: Record<InventorySort, { columns: readonly string[]; shape: string }> = {
  stock: { columns: ['v.unlimited', 'v.stock', 'v.id'], shape: 'nns' },
  title: { columns: ['i.title', 'i.id', 'v.position', 'v.id'], shape: 'ssns' },
  sku: { columns: ['v.sku', 'v.id'], shape: 'ss' },
};

/** `%`, `_` and the escape itself matched as themselves in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Eb = ExpressionBuilder<Database & { v: Database['product_variants']; i: Database['items']; p: Database['products'] }, 'v' | 'i' | 'p'>;

/** The variants in one stock state: low is at or under the threshold and above 0, in is above it. */
function stockCondition(eb: Eb, state: StockState, threshold: number) {
  if (state === 'unlimited') return eb('v.unlimited', '=', 1);
  const counted = eb('v.unlimited', '=', 0);
  if (state === 'out') return eb.and([counted, eb('v.stock', '<=', 0)]);
  if (state === 'low') return eb.and([counted, eb('v.stock', '>', 0), eb('v.stock', '<=', threshold)]);
  return eb.and([counted, eb('v.stock', '>', threshold)]);
}

export interface InventoryRow {
  readonly id: string;
  readonly item_id: string;
  readonly sku: string;
  readonly position: number;
  readonly attributes: string;
  readonly stock: number;
  readonly unlimited: number;
  readonly image: string | null;
  readonly title: string;
  readonly item_data: string;
  readonly product_data: string;
  readonly variant_option_ordering: string;
  readonly product_type: number;
  readonly waiting: number | string;
}

/**
 * A page of a site's stocked variants (physical products and services), searched in the product's
 * title and the SKU, in one stock state, fewest first, by title or by SKU: one statement, keyset-paged
 * on the sort's columns and the variant's id. Each row counts its waiting restock signups (a
 * subquery on the signups' index, for the page's rows only).
 */
export async function listInventory(db: Executor, websiteId: string, threshold: number, query: InventoryQuery) {
  const sort = query.sort ?? 'stock';
  const limit = query.limit ?? 50;
  const { columns, shape } = SORT_KEYS[sort];
  const after = decodeCursor(query.cursor, sort, shape);
  // From the items: sorted by title, the plan walks the items' title index and each item's variants in order.
  let select = db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.item_id', 'i.id')
    .innerJoin('product_variants as v', 'v.item_id', 'i.id')
    .select([
      'v.id',
      'v.item_id',
      'v.sku',
      'v.position',
      'v.attributes',
      'v.stock',
      'v.unlimited',
      'v.image',
      'i.title',
      'i.data as item_data',
      'p.data as product_data',
      'p.variant_option_ordering',
      'p.product_type',
    ])
    .select((eb) =>
      eb
        .selectFrom('restock_signups as r')
        .select(eb.fn.countAll<number | string>().as('n'))
        .where('r.website_id', '=', websiteId)
        .whereRef('r.variant_id', '=', 'v.id')
        .where('r.status', '=', 'waiting')
        .as('waiting'),
    )
    // The site named once, on the side whose index gives the sort's order (a variant is of its item's site).
    .where(sort === 'title' ? 'i.website_id' : 'v.website_id', '=', websiteId)
    .where('p.product_type', 'in', STOCKED);
  if (query.stock) {
    const state = query.stock;
    select = select.where((eb) => stockCondition(eb as unknown as Eb, state, threshold));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    // The matching titles are found once (a list the plan keeps), so each variant is checked on its index entry alone.
    const titled = db.selectFrom('items').select('id').where('website_id', '=', websiteId).where(sql`lower(title)`, 'like', sql`${pattern} escape '\\'`);
    select = select.where((eb) => eb.or([eb('v.item_id', 'in', titled), eb(sql`lower(v.sku)`, 'like', sql`${pattern} escape '\\'`)]));
  }
  if (after) {
    // A row value comparison: right after the cursor's row in the sort's order (SQLite and PostgreSQL both have them).
    select = select.where(sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) > (${sql.join(after)})`);
  }
  for (const column of columns) select = select.orderBy(column as 'v.id');
  const rows = (await select.limit(limit + 1).execute()) as InventoryRow[];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(sort, sortKey(sort, last)) : null;
  return { rows: page, nextCursor };
}

function sortKey(sort: InventorySort, r: InventoryRow): (string | number)[] {
  if (sort === 'stock') return [Number(r.unlimited), Number(r.stock), r.id];
  if (sort === 'title') return [r.title, r.item_id, Number(r.position), r.id];
  return [r.sku, r.id];
}
