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

function conditionsOf(websiteId: string, f: ProductFilters, collectionId: string | null): RawBuilder<unknown> {
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
  return sql.join(conditions, sql` and `);
}

/** The variants of the products that `scope` selects, aggregated per product: what the list shows of them. */
function aggregates(scope: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select item_id, count(*) as n,
      min(case when on_sale = 1 then sale_price_cents else price_cents end) as price,
      max(case when on_sale = 1 then sale_price_cents else price_cents end) as max_price,
      max(on_sale) as on_sale,
      sum(case when unlimited = 0 then stock else 0 end) as stock,
      sum(case when unlimited = 0 then 1 else 0 end) as stocked,
      min(case when unlimited = 0 then stock end) as min_stock,
      max(unlimited) as any_unlimited
    from product_variants where ${scope} group by item_id`;
}

/** The columns of a list row, from items `i`, products `p` and the aggregates `a`. */
function rowColumns(threshold: number, sort: SortName): RawBuilder<unknown> {
  const uncounted = sql.join(UNCOUNTED);
  return sql`i.id, i.collection_id, i.url_id, i.title, i.status, i.publish_on, i.updated_on, i.revision,
      p.product_type, p.data as product_data, a.n as variant_count, a.price, a.max_price, a.on_sale, a.stock,
      case when a.stocked = 0 or p.product_type in (${uncounted}) then 'unlimited'
           when a.stock = 0 and a.any_unlimited = 0 then 'out'
           when a.min_stock <= ${threshold} then 'low'
           else 'in' end as stock_state,
      ${SORT_KEYS[sort].key} as sort_key`;
}

/** Sorts and filters that need every product's variants aggregated first: by price or stock, or a stock filter. */
const needsAggregates = (f: ProductFilters, sort: SortName) => f.stock !== undefined || sort === 'price' || sort === '-price' || sort === 'stock';

/**
 * Every product of the site with what the list shows of its variants (count, lowest and highest
 * price a shopper pays now, on sale, stock of the counted variants and its state against the
 * threshold), filtered: the variants aggregated once per item in one statement, never per row
 * (index product_variants_list covers the aggregate). A product is `out` when it has no counted
 * piece left and no unlimited variant, `low` when a counted variant is at or under the threshold,
 * `unlimited` when nothing of it is counted.
 */
function aggregatedQuery(websiteId: string, f: ProductFilters, collectionId: string | null, threshold: number, sort: SortName): RawBuilder<unknown> {
  return sql`select ${rowColumns(threshold, sort)}
    from items i
    inner join products p on p.item_id = i.id
    inner join (${aggregates(sql`website_id = ${websiteId}`)}) a on a.item_id = i.id
    where ${conditionsOf(websiteId, f, collectionId)}`;
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

/**
 * One page of the list in the sort's order, after the cursor's position (keyset paging, never an
 * offset), and how many products the filters match, in one statement: the filtered products are
 * found once (a materialized step) and both the page and the count read them. A sort by the item's
 * own columns finds the page's products first (indexes items_updated, items_title, items_list) and
 * aggregates the variants of those alone; a sort or filter by price or stock aggregates every
 * product's (index product_variants_list).
 */
export async function pageOfProducts(db: Executor, a: ListArgs): Promise<{ rows: ProductListRow[]; total: number }> {
  const sort = sortOf(a.filters);
  const { desc } = SORT_KEYS[sort];
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const after = a.after ? sql`and (m.sort_key, m.id) ${sql.raw(desc ? '<' : '>')} (${a.after.value}, ${a.after.id})` : sql``;
  let query: RawBuilder<ProductListRow & { total: number | string }>;
  if (needsAggregates(a.filters, sort)) {
    const stock = a.filters.stock ? sql`where x.stock_state = ${a.filters.stock}` : sql``;
    query = sql`with m as materialized (select * from (${aggregatedQuery(a.websiteId, a.filters, a.collectionId, a.threshold, sort)}) x ${stock})
      select m.*, (select count(*) from m) as total from m
      where 1 = 1 ${after} order by m.sort_key ${dir}, m.id ${dir} limit ${a.limit}`;
  } else if (a.filters.q?.trim()) {
    // A search reads every product: once, for the page and the count alike.
    query = sql`with m as materialized (select i.id, ${SORT_KEYS[sort].key} as sort_key from items i inner join products p on p.item_id = i.id
        where ${conditionsOf(a.websiteId, a.filters, a.collectionId)}),
      pg as materialized (select m.id from m where 1 = 1 ${after} order by m.sort_key ${dir}, m.id ${dir} limit ${a.limit})
      select ${rowColumns(a.threshold, sort)}, (select count(*) from m) as total
      from items i
      inner join products p on p.item_id = i.id
      inner join (${aggregates(sql`item_id in (select id from pg)`)}) a on a.item_id = i.id
      where i.id in (select id from pg)
      order by sort_key ${dir}, i.id ${dir}`;
  } else {
    // Without a search the page is an index walk that stops at the page's end; the count is a narrow one of its own.
    const page = sql`select m.id from (select i.id, ${SORT_KEYS[sort].key} as sort_key from items i inner join products p on p.item_id = i.id
        where ${conditionsOf(a.websiteId, a.filters, a.collectionId)}) m
      where 1 = 1 ${after} order by m.sort_key ${dir}, m.id ${dir} limit ${a.limit}`;
    const rows = await sql<ProductListRow>`with pg as materialized (${page})
      select ${rowColumns(a.threshold, sort)}
      from items i
      inner join products p on p.item_id = i.id
      inner join (${aggregates(sql`item_id in (select id from pg)`)}) a on a.item_id = i.id
      where i.id in (select id from pg)
      order by sort_key ${dir}, i.id ${dir}`.execute(db);
    return { rows: rows.rows, total: await countProducts(db, a) };
  }
  const rows = (await query.execute(db)).rows;
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countProducts(db, a);
  return { rows, total };
}

/** How many products the filters match (the variants aggregated only for a stock filter): for a page past the last. */
async function countProducts(db: Executor, a: Omit<ListArgs, 'after' | 'limit'>): Promise<number> {
  const query = a.filters.stock
    ? sql<{ n: number | string }>`select count(*) as n from (${aggregatedQuery(a.websiteId, a.filters, a.collectionId, a.threshold, 'updated')}) b
        where b.stock_state = ${a.filters.stock}`
    : sql<{ n: number | string }>`select count(*) as n from items i inner join products p on p.item_id = i.id
        where ${conditionsOf(a.websiteId, a.filters, a.collectionId)}`;
  const row = (await query.execute(db)).rows[0];
  return Number(row?.n ?? 0);
}
