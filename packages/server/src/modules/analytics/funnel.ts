import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { CollectionType, PageType } from '@tessera/core/enums';
import type { Database } from '../../storage/schema.js';
import { ADD_TO_CART_EVENTS } from './event-schemas.js';
import { dayIn } from '@tessera/core/zone';

/**
 * The commerce funnel of a day: product views are page views of product pages, adds to
 * cart the event client's add-to-cart events, checkouts page views of the checkout page (counted
 * from the recorded events), and orders the day's orders in the orders table: placed and
 * not declined, donations left out, by the day in the site's time zone.
 */
export const FUNNEL_STEPS = ['productViews', 'addsToCart', 'checkouts', 'orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The steps counted from the recorded events. */
export const EVENT_FUNNEL_STEPS = ['productViews', 'addsToCart', 'checkouts'] as const satisfies readonly FunnelStep[];

type Eb = ExpressionBuilder<Database, 'analytics_events'>;

const pageView = (eb: Eb) => eb.and([eb('kind', '=', 'hit'), eb('name', '=', 'view')]);

/** Each event step as a condition on one raw event row, summed per day by the roll-up. */
export const FUNNEL_RULES: Record<(typeof EVENT_FUNNEL_STEPS)[number], (eb: Eb) => ReturnType<Eb['and']>> = {
  productViews: (eb) => eb.and([pageView(eb), eb('page_type', '=', PageType.ITEM), eb('collection_type', '=', CollectionType.PRODUCTS)]),
  addsToCart: (eb) => eb.and([eb('kind', '=', 'event'), eb('name', 'in', [...ADD_TO_CART_EVENTS])]),
  checkouts: (eb) => eb.and([pageView(eb), eb('page_type', '=', PageType.CHECKOUT)]),
};

const HOUR = 3_600_000;

/** The orders placed on a day (YYYY-MM-DD in the site's time zone), not declined, donations left out. */
export async function ordersOfDay(db: Kysely<Database> | Transaction<Database>, websiteId: string, day: string): Promise<number> {
  const zone = (await db.selectFrom('site_settings').select('time_zone').where('website_id', '=', websiteId).executeTakeFirst())?.time_zone ?? 'UTC';
  // Every zone's day lies within 14 hours before and 12 after the UTC day of the same date.
  const from = Date.parse(`${day}T00:00:00Z`) - 14 * HOUR;
  const rows = await db
    .selectFrom('orders')
    .select('created_on')
    .where('website_id', '=', websiteId)
    .where('created_on', '>=', from)
    .where('created_on', '<', from + 50 * HOUR)
    .where('kind', '!=', 'donation')
    .where('payment_status', '!=', 'declined')
    .execute();
  return rows.filter((r) => dayIn(zone, r.created_on) === day).length;
}
