import type { ExpressionBuilder } from 'kysely';
import { CollectionType, PageType } from '@tessera/core/enums';
import type { Database } from '../../storage/schema.js';
import { ADD_TO_CART_EVENTS } from './event-schemas.js';

/**
 * The commerce funnel of a day, counted from the recorded events (issue 8): product views are page
 * views of product pages, adds to cart the event client's add-to-cart events, checkouts page views
 * of the checkout page, and orders, until the commerce issue stores orders, page views of the
 * order-confirmed page.
 *
 * HOOK for the commerce issue: replace `orders` below with a count of the day's orders from the
 * orders table (`selectFrom('orders')...`) and drop its page-view rule; nothing else changes.
 */
export const FUNNEL_STEPS = ['productViews', 'addsToCart', 'checkouts', 'orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

type Eb = ExpressionBuilder<Database, 'analytics_events'>;

const pageView = (eb: Eb) => eb.and([eb('kind', '=', 'hit'), eb('name', '=', 'view')]);

/** Each step as a condition on one raw event row, summed per day by the roll-up. */
export const FUNNEL_RULES: Record<FunnelStep, (eb: Eb) => ReturnType<Eb['and']>> = {
  productViews: (eb) => eb.and([pageView(eb), eb('page_type', '=', PageType.ITEM), eb('collection_type', '=', CollectionType.PRODUCTS)]),
  addsToCart: (eb) => eb.and([eb('kind', '=', 'event'), eb('name', 'in', [...ADD_TO_CART_EVENTS])]),
  checkouts: (eb) => eb.and([pageView(eb), eb('page_type', '=', PageType.CHECKOUT)]),
  orders: (eb) => eb.and([pageView(eb), eb('page_type', '=', PageType.ORDER_CONFIRMED)]),
};
