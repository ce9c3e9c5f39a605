import type { SiteSnapshot } from '../site/index.js';
import { money } from '../site/index.js';
import { storeRules } from '../commerce/index.js';
import type { Store } from '../../storage/dialect.js';
import type { Executor } from '../../storage/statement.js';
import { decodeCursor, encodeCursor, type ListPosition } from './cursor.js';
import { SORT_COLUMNS, orderConditions, type SortName } from './filters.js';
import type { ListQueryValue, OrderFilters } from './schemas.js';
import { paymentStatusOf } from './state.js';

const DEFAULT_LIMIT = 50;

const LIST_COLUMNS = [
  'orders.id',
  'orders.order_number',
  'orders.created_on',
  'orders.customer_email',
  'orders.customer_name',
  'orders.payment_status',
  'orders.fulfillment_status',
  'orders.payment_provider',
  'orders.currency',
  'orders.grand_total_cents',
  'orders.amount_due_cents',
  'orders.refunded_cents',
] as const;

/**
 * One page of orders matching the filters, in the sort's order: keyset paging on the sort column
 * and the id (indexes orders_list, orders_total and the order number's unique index), never an
 * offset. `limit + 1` rows tell whether a next page exists. Two steps in one statement: the ids of
 * the page are found first, reading only what the filters need (a search by email or name scans
 * the narrow orders_search index, not the wide rows of orders), then the page's orders by id.
 */
export function listQuery(store: Store, db: Executor, websiteId: string, f: OrderFilters, after: ListPosition | null, limit: number) {
  const { column, desc } = SORT_COLUMNS[(f.sort ?? 'newest') as SortName];
  const dir = desc ? 'desc' : 'asc';
  let ids = db
    .selectFrom('orders')
    .select('orders.id')
    .where((eb) => orderConditions(eb, store.dialect, websiteId, f, after))
    .orderBy(`orders.${column}`, dir);
  let page = db.selectFrom('orders').select(LIST_COLUMNS).orderBy(`orders.${column}`, dir);
  if (column !== 'order_number') {
    ids = ids.orderBy('orders.id', dir);
    page = page.orderBy('orders.id', dir);
  }
  return page.where('orders.id', 'in', ids.limit(limit));
}

export function pageOfOrders(store: Store, db: Executor, websiteId: string, f: OrderFilters, after: ListPosition | null, limit: number) {
  return listQuery(store, db, websiteId, f, after, limit).execute();
}

type ListRow = Awaited<ReturnType<typeof pageOfOrders>>[number];

/** The pieces ordered per order of a page, in one query. */
async function itemCounts(db: Executor, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select((eb) => ['order_lines.order_id', eb.fn.sum<number | string>('order_lines.quantity').as('n')])
    .where('order_lines.order_id', 'in', orderIds)
    .groupBy('order_lines.order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}

/** An order as the list shows it. */
function orderSummary(r: ListRow, itemCount: number) {
  return {
    id: r.id,
    orderNumber: r.order_number,
    created: r.created_on,
    customerEmail: r.customer_email,
    customerName: r.customer_name,
    paymentStatus: paymentStatusOf(r),
    fulfillmentStatus: r.fulfillment_status,
    paymentProvider: r.payment_provider,
    itemCount,
    grandTotalCents: r.grand_total_cents,
    grandTotalMoney: money(r.grand_total_cents, r.currency),
    refundedCents: r.refunded_cents,
  };
}

/** `GET /api/owner/orders`: a page of the list, with the cursor of the next. */
export async function listOrders(store: Store, s: SiteSnapshot, query: ListQueryValue) {
  const sort = query.sort ?? 'newest';
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = decodeCursor(query.cursor, sort);
  const rows = await pageOfOrders(store, store.db, s.website.id, query, after, limit + 1);
  const page = rows.slice(0, limit);
  const counts = await itemCounts(
    store.db,
    page.map((r) => r.id),
  );
  const last = page[page.length - 1];
  const { column } = SORT_COLUMNS[sort];
  return {
    orders: page.map((r) => orderSummary(r, counts.get(r.id) ?? 0)),
    nextCursor: rows.length > limit && last ? encodeCursor({ sort, value: Number(last[column]), id: last.id }) : null,
    currency: storeRules(s).currency,
  };
}
