import { ProductType } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import type {} from '../../storage/schema-owner.js';
import type { Executor } from '../../storage/statement.js';

/** What an order's state is read from, for the list, the detail and every action. */
export interface OrderState {
  id: string;
  order_number: number;
  kind: string;
  customer_email: string;
  currency: string;
  payment_provider: string;
  payment_status: string;
  payment_reference: string | null;
  fulfillment_status: string;
  hold_expires_on: number | null;
  amount_due_cents: number;
  gift_card_cents: number;
  refunded_cents: number;
  base_url: string;
}

/**
 * The payment status the studio shows: the stored one, except that a paid order with refunds is
 * PARTIALLY_REFUNDED, or REFUNDED once everything paid was given back.
 */
export function paymentStatusOf(o: { payment_status: string; refunded_cents: number; amount_due_cents: number }): string {
  if (o.payment_status === 'paid' && o.refunded_cents > 0) return o.refunded_cents >= o.amount_due_cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return o.payment_status.toUpperCase();
}

/** What is left of the payment to refund: what the provider took less what was refunded (a gift card's part is not the provider's). */
export const refundableOf = (o: { payment_status: string; amount_due_cents: number; refunded_cents: number }) =>
  o.payment_status === 'paid' ? Math.max(0, o.amount_due_cents - o.refunded_cents) : 0;

/** Types that are shipped or handed over (and so fulfilled by the owner); the others are delivered when paid. */
const FULFILLED_BY_HAND: ReadonlySet<number | null> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);

export interface LineState {
  id: string;
  title: string;
  product_type: number | null;
  variant_id: string | null;
  quantity: number;
  unit_price_cents: number;
  fulfilled_quantity: number;
  refunded_quantity: number;
  restocked_quantity: number;
  stock_taken: number;
}

/** Pieces of a line still to fulfil: neither fulfilled nor refunded; 0 for what is delivered when paid. */
export const openQuantity = (l: LineState) =>
  FULFILLED_BY_HAND.has(l.product_type) ? Math.max(0, l.quantity - l.fulfilled_quantity - l.refunded_quantity) : 0;

/** What the order's state allows now (docs/owner-api.md "Actions"); the actions check the same under the order's lock. */
export function actionsOf(o: OrderState, lines: readonly LineState[], now: number) {
  const paid = o.payment_status === 'paid';
  const fulfilledAny = lines.some((l) => l.fulfilled_quantity > 0);
  return {
    markPaid: o.payment_status === 'pending' && (o.hold_expires_on === null || o.hold_expires_on > now),
    fulfill: paid && (o.fulfillment_status === 'PENDING' || o.fulfillment_status === 'PARTIALLY_FULFILLED') && lines.some((l) => openQuantity(l) > 0),
    cancel: o.payment_status === 'pending' || (paid && cancelablePaid(o) && !fulfilledAny),
    refund: refundableOf(o) > 0,
  };
}

/** A paid order may be canceled while nothing left and something of its payment is still there to give back (or nothing was paid). */
export const cancelablePaid = (o: OrderState) => o.fulfillment_status === 'PENDING' && (o.amount_due_cents === 0 || refundableOf(o) > 0);

const STATE_COLUMNS = [
  'id',
  'order_number',
  'kind',
  'customer_email',
  'currency',
  'payment_provider',
  'payment_status',
  'payment_reference',
  'fulfillment_status',
  'hold_expires_on',
  'amount_due_cents',
  'gift_card_cents',
  'refunded_cents',
  'base_url',
] as const;

/**
 * The order's state inside an action's write transaction, locked until it ends: on PostgreSQL a
 * row lock (`for update`), so that two staff members acting on one order at once take turns and the
 * second one sees what the first did; on SQLite the write transaction already holds the store's
 * write lock. NOT_FOUND for another site's order or none.
 */
export async function lockOrder(store: Store, tx: Executor, websiteId: string, orderId: string): Promise<OrderState> {
  const order = await tx
    .selectFrom('orders')
    .select(STATE_COLUMNS)
    .where('id', '=', orderId)
    .where('website_id', '=', websiteId)
    .$if(store.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}

export function readOrderState(db: Executor, websiteId: string, orderId: string): Promise<OrderState | undefined> {
  return db.selectFrom('orders').select(STATE_COLUMNS).where('id', '=', orderId).where('website_id', '=', websiteId).executeTakeFirst();
}

export function readLines(db: Executor, orderId: string): Promise<LineState[]> {
  return db
    .selectFrom('order_lines')
    .select([
      'id',
      'title',
      'product_type',
      'variant_id',
      'quantity',
      'unit_price_cents',
      'fulfilled_quantity',
      'refunded_quantity',
      'restocked_quantity',
      'stock_taken',
    ])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}
