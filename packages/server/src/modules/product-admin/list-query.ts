import { sql, type RawBuilder } from 'kysely';
import { ProductType } from '../../constants.js';
import type { Executor } from '../../storage/statement.js';
import type { ListPosition } from './cursor.js';
import type { ProductFilters } from './schemas.js';

/** A product of the list as the query answers it (numbers may come back as strings from PostgreSQL). */
export interface ProductListRow {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  status: string;
  publish_on: number | string | null;
  updated_on: number | string;
  revision: number | string;
  product_type: number;
  product_data: string;
  variant_count: number | string;
  price: number | string;
  max_price: number | string;
  on_sale: number | string;
  stock: number | string;
  stock_state: 'in' | 'low' | 'out' | 'unlimited';
  sort_key: number | string;
}

/** Digital products, gift cards and paywalls have no stock: they are never sold out. */
const UNCOUNTED = [ProductType.DIGITAL, ProductType.GIFT_CARD, ProductType.PAYWALL];

/** The sort key of each sort and its direction; ties are broken by the product's id in the same direction. */
const SORT_KEYS = {
  position: { key: sql`i.position`, desc: false },
  title: { key: sql`lower(i.title)`, desc: false },
  '-title': { key: sql`lower(i.title)`, desc: true },
  updated: { key: sql`i.updated_on`, desc: true },
  price: { key: sql`a.price`, desc: false },
  '-price': { key: sql`a.price`, desc: true },
  // Unlimited products after every counted one.
  stock: { key: sql`case when a.stocked = 0 or p.product_type in (${sql.join(UNCOUNTED)}) then 2000000000 else a.stock end`, desc: false },
} as const;
export type SortName = keyof typeof SORT_KEYS;

/** The sort a list uses: the one asked for, else the collection's order by hand with a collection, else the latest saved first. */
export function sortOf(f: ProductFilters): SortName {
  return f.sort ?? (f.collection ? 'position' : 'updated');
}

/** `%`, `_` and the escape character itself match literally in a search. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every product of the site with what the list shows of its variants (count, lowest and highest
 * price a shopper pays now, on sale, stock of the counted variants and its state against the
 * threshold), filtered. One statement: the variants are aggregated once per item, never per row.
 * A product is `out` when it has no counted piece left and no unlimited variant, `low` when a counted
 * variant is at or under the threshold, `unlimited` when nothing of it is counted.
 */
function baseQuery(websiteId: string, f: ProductFilters, collectionId: string | null, threshold: number, sort: SortName): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`i.website_id = ${websiteId}`];
  const q = f.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      sql`(lower(i.title) like ${pattern} escape '\\' or lower(i.url_id) like ${pattern} escape '\\' or i.id in (select sv.item_id from product_variants sv where sv.website_id = ${websiteId} and lower(sv.sku) like ${pattern} escape '\\'))`,
    );
  }
  if (f.type !== undefined) conditions.push(sql`p.product_type = ${f.type}`);
  if (f.status) conditions.push(sql`i.status = ${f.status}`);
  if (collectionId !== null) conditions.push(sql`i.collection_id = ${collectionId}`);
  const uncounted = sql.join(UNCOUNTED);
  return sql`select i.id, i.collection_id, i.url_id, i.title, i.status, i.publish_on, i.updated_on, i.revision,
      p.product_type, p.data as product_data, a.n as variant_count, a.price, a.max_price, a.on_sale, a.stock,
      case when a.stocked = 0 or p.product_type in (${uncounted}) then 'unlimited'
           when a.stock = 0 and a.any_unlimited = 0 then 'out'
           when a.min_stock <= ${threshold} then 'low'
           else 'in' end as stock_state,
      ${SORT_KEYS[sort].key} as sort_key
    from items i
    inner join products p on p.item_id = i.id
    inner join (
      select item_id, count(*) as n,
        min(case when on_sale = 1 then sale_price_cents else price_cents end) as price,
        max(case when on_sale = 1 then sale_price_cents else price_cents end) as max_price,
        max(on_sale) as on_sale,
        sum(case when unlimited = 0 then stock else 0 end) as stock,
        sum(case when unlimited = 0 then 1 else 0 end) as stocked,
        min(case when unlimited = 0 then stock end) as min_stock,
        max(unlimited) as any_unlimited
      from product_variants where website_id = ${websiteId} group by item_id
    ) a on a.item_id = i.id
    where ${sql.join(conditions, sql` and `)}`;
}

interface ListArgs {
  websiteId: string;
  filters: ProductFilters;
  /** The collection filter's id; null for every collection. */
  collectionId: string | null;
  threshold: number;
  after: ListPosition | null;
  limit: number;
}

/** One page of the list in the sort's order, after the cursor's position (keyset paging, never an offset). */
export async function pageOfProducts(db: Executor, a: ListArgs): Promise<ProductListRow[]> {
  const sort = sortOf(a.filters);
  const { desc } = SORT_KEYS[sort];
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (a.filters.stock) conditions.push(sql`b.stock_state = ${a.filters.stock}`);
  if (a.after) conditions.push(sql`(b.sort_key, b.id) ${sql.raw(desc ? '<' : '>')} (${a.after.value}, ${a.after.id})`);
  const query = sql<ProductListRow>`select * from (${baseQuery(a.websiteId, a.filters, a.collectionId, a.threshold, sort)}) b
    where ${sql.join(conditions, sql` and `)} order by b.sort_key ${dir}, b.id ${dir} limit ${a.limit}`;
  return (await query.execute(db)).rows;
}

/** How many products the filters match. */
export async function countProducts(db: Executor, a: Omit<ListArgs, 'after' | 'limit'>): Promise<number> {
  const stock = a.filters.stock ? sql`where b.stock_state = ${a.filters.stock}` : sql``;
  const query = sql<{
    n: number | string;
  }>`select count(*) as n from (${baseQuery(a.websiteId, a.filters, a.collectionId, a.threshold, 'updated')}) b ${stock}`;
  const row = (await query.execute(db)).rows[0];
  return Number(row?.n ?? 0);
}
