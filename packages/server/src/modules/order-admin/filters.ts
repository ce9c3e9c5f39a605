import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';
import type { ListPosition } from './cursor.js';
import type { OrderFilters } from './schemas.js';

type Orders = ExpressionBuilder<Database, 'orders'>;

/** Each sort: the column its keyset runs on and the direction. Order numbers are unique per site: no tie to break. */
export const SORT_COLUMNS = {
  newest: { column: 'created_on', desc: true },
  oldest: { column: 'created_on', desc: false },
  total_desc: { column: 'grand_total_cents', desc: true },
  total_asc: { column: 'grand_total_cents', desc: false },
  number_desc: { column: 'order_number', desc: true },
  number_asc: { column: 'order_number', desc: false },
} as const;
export type SortName = keyof typeof SORT_COLUMNS;

/** `%`, `_` and the escape character itself match literally in a search. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search: an order number (with or without `#`), part of an email or of the buyer's name (in any
 * case: SQLite's LIKE ignores ASCII case, PostgreSQL's ILIKE), or a SKU (as typed or upper-cased,
 * through the order_lines_sku index).
 */
function search(eb: Orders, dialect: Dialect, websiteId: string, q: string): Expression<SqlBool> {
  const op = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  const pattern = likePattern(q);
  // Order numbers are 32-bit integers: a longer number is searched as text only.
  const number = /^#?(\d{1,9})$/.exec(q);
  const skus = [...new Set([q, q.toUpperCase()])];
  return eb.or([
    ...(number ? [eb('orders.order_number', '=', Number(number[1]))] : []),
    sql<SqlBool>`${sql.ref('orders.customer_email')} ${op} ${pattern} escape '\\'`,
    sql<SqlBool>`${sql.ref('orders.customer_name')} ${op} ${pattern} escape '\\'`,
    eb(
      'orders.id',
      'in',
      eb.selectFrom('order_lines').select('order_lines.order_id').where('order_lines.website_id', '=', websiteId).where('order_lines.sku', 'in', skus),
    ),
  ]);
}

/** The payment filter; refunds are derived from refunded_cents (state.ts paymentStatusOf). */
function payment(eb: Orders, value: NonNullable<OrderFilters['payment']>): Expression<SqlBool> {
  const paid = eb('orders.payment_status', '=', 'paid');
  switch (value) {
    case 'paid':
      return eb.and([paid, eb('orders.refunded_cents', '=', 0)]);
    case 'partially_refunded':
      return eb.and([paid, eb('orders.refunded_cents', '>', 0), eb('orders.refunded_cents', '<', eb.ref('orders.amount_due_cents'))]);
    case 'refunded':
      return eb.and([paid, eb('orders.refunded_cents', '>', 0), eb('orders.refunded_cents', '>=', eb.ref('orders.amount_due_cents'))]);
    default:
      return eb('orders.payment_status', '=', value);
  }
}

const FULFILLMENT = { unfulfilled: 'PENDING', partially_fulfilled: 'PARTIALLY_FULFILLED', fulfilled: 'FULFILLED', canceled: 'CANCELED' } as const;

/** Every condition of the filters (and of the cursor's position), for the list and the export alike. */
export function orderConditions(eb: Orders, dialect: Dialect, websiteId: string, f: OrderFilters, after: ListPosition | null = null) {
  const conditions: Expression<SqlBool>[] = [eb('orders.website_id', '=', websiteId)];
  const q = f.q?.trim();
  if (q) conditions.push(search(eb, dialect, websiteId, q));
  if (f.payment) conditions.push(payment(eb, f.payment));
  if (f.fulfillment) conditions.push(eb('orders.fulfillment_status', '=', FULFILLMENT[f.fulfillment]));
  if (f.from !== undefined) conditions.push(eb('orders.created_on', '>=', f.from));
  if (f.to !== undefined) conditions.push(eb('orders.created_on', '<', f.to));
  if (f.product) {
    conditions.push(
      eb(
        'orders.id',
        'in',
        eb
          .selectFrom('order_lines')
          .select('order_lines.order_id')
          .where('order_lines.website_id', '=', websiteId)
          .where('order_lines.item_id', '=', f.product),
      ),
    );
  }
  if (after) {
    const { column, desc } = SORT_COLUMNS[(f.sort ?? 'newest') as SortName];
    const cmp = desc ? '<' : '>';
    conditions.push(
      column === 'order_number'
        ? eb(`orders.${column}`, cmp, after.value)
        : eb(eb.refTuple(`orders.${column}`, 'orders.id'), cmp, eb.tuple(after.value, after.id)),
    );
  }
  return eb.and(conditions);
}
