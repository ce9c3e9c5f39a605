import { ProductType } from '@tessera/core/enums';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-commerce.js';
import type {} from '../../storage/schema-forms.js';
import type {} from '../../storage/schema-restock.js';
import type { Period } from './periods.js';

/**
 * The home page's figures, one query per card, each on an index of its table (docs/owner-api.md
 * "Home"). Money is summed in the store's currency only: an order placed in another (before the
 * store changed its currency) is not added to it.
 */
type Db = Kysely<Database>;

/** An order counts once it was placed: not while its payment is under way, nor when it was declined. */
const NOT_PLACED = ['processing', 'declined'];
/** Money an order brought in: paid, less what was refunded. */
const PAID = ['paid', 'partially_refunded', 'refunded'];

export interface PeriodFigures {
  orders: number;
  salesCents: number;
}

/** Orders placed and sales in each period: one pass over the orders of the earliest period on (orders_list). */
export async function salesFigures<K extends string>(
  db: Db,
  websiteId: string,
  currency: string,
  periods: Record<K, Period>,
): Promise<Record<K, PeriodFigures>> {
  const entries = Object.entries(periods) as [K, Period][];
  const from = Math.min(...entries.map(([, p]) => p.from));
  const to = Math.max(...entries.map(([, p]) => p.to));
  const row = await db
    .selectFrom('orders')
    .select((eb) =>
      entries.flatMap(([key, p]) => {
        const within = [eb('created_on', '>=', p.from), eb('created_on', '<=', p.to)];
        return [
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb.and([...within, eb('payment_status', 'not in', NOT_PLACED)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as(`${key}_orders`),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb.and([...within, eb('payment_status', 'in', PAID)]))
                .then(eb('grand_total_cents', '-', eb.ref('refunded_cents')))
                .else(0)
                .end(),
            )
            .as(`${key}_sales`),
        ];
      }),
    )
    .where('website_id', '=', websiteId)
    .where('created_on', '>=', from)
    .where('created_on', '<=', to)
    .where('currency', '=', currency)
    .executeTakeFirst();
  const values = (row ?? {}) as Record<string, number | string | null>;
  return Object.fromEntries(
    entries.map(([key]) => [key, { orders: Number(values[`${key}_orders`] ?? 0), salesCents: Number(values[`${key}_sales`] ?? 0) }]),
  ) as Record<K, PeriodFigures>;
}

/** Paid orders whose items wait to be sent (orders_fulfillment): what the orders list shows for fulfillment=unfulfilled&payment=paid. */
export async function ordersToFulfil(db: Db, websiteId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('website_id', '=', websiteId)
    .where('fulfillment_status', '=', 'PENDING')
    .where('payment_status', '=', 'paid')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Orders waiting for an offline payment (orders_payment), and the money they hold in the store's currency. */
export async function pendingPayments(db: Db, websiteId: string, currency: string): Promise<{ count: number; amountCents: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>(eb.case().when('currency', '=', currency).then(eb.ref('amount_due_cents')).else(0).end()).as('due'),
    ])
    .where('website_id', '=', websiteId)
    .where('payment_status', '=', 'pending')
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), amountCents: Number(row?.due ?? 0) };
}

/** Stock is counted for these product types only (a digital product or a gift card never runs out). */
const STOCKED = [ProductType.PHYSICAL, ProductType.SERVICE];

export interface LowStockRow {
  variantId: string;
  itemId: string;
  sku: string;
  attributes: string;
  variantOptionOrdering: string;
  stock: number;
  title: string;
  total: number;
}

/**
 * Variants at or under the threshold (not unlimited), fewest first: the first `limit`, each with how
 * many there are in all. The count is its own query: counted beside the rows (a window), every low
 * variant's row would be built and sorted to show five.
 */
export async function lowStock(db: Db, websiteId: string, threshold: number, limit: number): Promise<LowStockRow[]> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.item_id', 'v.item_id')
      .innerJoin('items as i', 'i.id', 'v.item_id')
      .select(['v.id as variantId', 'v.item_id as itemId', 'v.sku', 'v.attributes', 'p.variant_option_ordering as variantOptionOrdering', 'v.stock', 'i.title'])
      .where('v.website_id', '=', websiteId)
      .where('v.unlimited', '=', 0)
      .where('v.stock', '<=', threshold)
      .where('p.product_type', 'in', STOCKED)
      .orderBy('v.stock')
      .orderBy('i.title')
      .orderBy('v.position')
      .limit(limit)
      .execute(),
    db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.item_id', 'v.item_id')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('v.website_id', '=', websiteId)
      .where('v.unlimited', '=', 0)
      .where('v.stock', '<=', threshold)
      .where('p.product_type', 'in', STOCKED)
      .executeTakeFirstOrThrow(),
  ]);
  return rows.map((r) => ({ ...r, stock: Number(r.stock), total: Number(count.total) }));
}

export interface RecentReviewRow {
  id: string;
  itemId: string;
  rating: number;
  reviewerName: string;
  body: string;
  created: number;
  title: string | null;
  total: number;
}

/**
 * Reviews of one state, newest first: those written since `since` (null: whenever), the first
 * `limit`, each with how many there are in all (product_reviews_status).
 */
export async function recentReviews(
  db: Db,
  websiteId: string,
  status: 'pending' | 'approved',
  since: number | null,
  limit: number,
): Promise<RecentReviewRow[]> {
  const rows = await db
    .selectFrom('product_reviews as r')
    .leftJoin('items as i', 'i.id', 'r.item_id')
    .select(['r.id', 'r.item_id as itemId', 'r.rating', 'r.reviewer_name as reviewerName', 'r.body', 'r.created_on as created', 'i.title'])
    .select((eb) => eb.fn.countAll<number | string>().over().as('total'))
    .where('r.website_id', '=', websiteId)
    .where('r.status', '=', status)
    .$if(since !== null, (q) => q.where('r.created_on', '>=', since!))
    .orderBy('r.created_on', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, created: Number(r.created), total: Number(r.total) }));
}

/**
 * Form submissions since `since`, counted per form of the site (its name as it is now), most first;
 * forms without any are left out. Each form's count reads its own stretch of the submissions' index.
 */
export async function recentSubmissions(db: Db, websiteId: string, since: number): Promise<{ formKey: string; formName: string; count: number }[]> {
  const rows = await db
    .selectFrom('forms as f')
    .select((eb) => [
      'f.form_key as formKey',
      'f.name as formName',
      eb
        .selectFrom('form_submissions as s')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('s.website_id', '=', 'f.website_id')
        .whereRef('s.form_key', '=', 'f.form_key')
        .where('s.submitted_on', '>=', since)
        .as('count'),
    ])
    .where('f.website_id', '=', websiteId)
    .execute();
  return rows
    .map((r) => ({ formKey: r.formKey, formName: r.formName, count: Number(r.count ?? 0) }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || (a.formKey < b.formKey ? -1 : a.formKey > b.formKey ? 1 : 0));
}

export async function notifiesNewOrders(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('owner_accounts').select('notify_new_orders').where('id', '=', accountId).executeTakeFirst();
  return row?.notify_new_orders === 1;
}
