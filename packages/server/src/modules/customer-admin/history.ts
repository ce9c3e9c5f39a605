import { sql } from 'kysely';
import type { Executor } from '../../storage/statement.js';
import type {} from '../../storage/schema-accounts.js';

/** How many of a customer's orders their page lists, newest first (the orders page lists them all). */
export const CUSTOMER_ORDERS_LIMIT = 50;
/** How many distinct shipping addresses their page lists, last used first. */
const ADDRESSES_LIMIT = 20;

/** The customer's latest orders (declined attempts left out, as in their order count), with their item counts. */
export function customerOrders(db: Executor, websiteId: string, email: string) {
  return db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.order_number',
      'o.kind',
      'o.created_on',
      'o.payment_status',
      'o.fulfillment_status',
      'o.grand_total_cents',
      'o.refunded_cents',
      'o.currency',
      eb
        .selectFrom('order_lines as l')
        .select((sub) => sub.fn.sum<number>('l.quantity').as('n'))
        .whereRef('l.order_id', '=', 'o.id')
        .as('item_count'),
    ])
    .where('o.website_id', '=', websiteId)
    .where(sql<string>`lower(o.customer_email)`, '=', email)
    .where('o.payment_status', '!=', 'declined')
    .orderBy('o.created_on', 'desc')
    .orderBy('o.id', 'desc')
    .limit(CUSTOMER_ORDERS_LIMIT)
    .execute();
}

/** The distinct shipping addresses of the customer's orders, each with how often and when it was last used. */
export function customerAddresses(db: Executor, websiteId: string, email: string) {
  return db
    .selectFrom('orders')
    .select((eb) => ['shipping_address', eb.fn.countAll<number>().as('uses'), eb.fn.max('created_on').as('last_used')])
    .where('website_id', '=', websiteId)
    .where(sql<string>`lower(customer_email)`, '=', email)
    .where('shipping_address', 'is not', null)
    .groupBy('shipping_address')
    .orderBy('last_used', 'desc')
    .limit(ADDRESSES_LIMIT)
    .execute();
}

/** The account's members' areas, with the order that granted each (its number) or the staff member who did. */
export function customerGrants(db: Executor, websiteId: string, siteUserId: string) {
  return db
    .selectFrom('member_grants as g')
    .leftJoin('orders as o', 'o.id', 'g.order_id')
    .select(['g.area', 'g.pricing', 'g.starts_on', 'g.expires_on', 'g.created_on', 'g.updated_on', 'g.granted_by', 'g.order_id', 'o.order_number'])
    .where('g.website_id', '=', websiteId)
    .where('g.site_user_id', '=', siteUserId)
    .orderBy('g.area')
    .execute();
}
