import type { Store } from '../../storage/dialect.js';
import type { Executor } from '../../storage/statement.js';
import { giveBackCouponUses } from '../commerce/index.js';
import { giveBackStock, type Adjusted } from '../inventory/index.js';
import { SYSTEM, type OrderActor } from './timeline.js';

/**
 * Gives back what an unpaid order took when it was placed, inside the transaction that ends it (a
 * declined payment, a hold that expired, a cancellation): its stock, the gift card balance it
 * redeemed, the coupon uses it counted, and its subscriptions, which end before they start. The
 * caller has changed the order's state with a compare-and-set first (or holds the only reference to
 * it), so this runs once per order. Locks in the order every transaction takes them: variants (by id), then gift cards, then
 * coupon use counts (by code). The stock given back is recorded in the variants' history as
 * `restored`, by `actor` (the staff member who canceled, else the store itself); the answer names the
 * stock changes, for the inventory's hooks once the transaction committed.
 */
export async function giveBackOrder(store: Store, tx: Executor, orderId: string, now: number, actor: OrderActor = SYSTEM): Promise<Adjusted[]> {
  const lines = await tx
    .selectFrom('order_lines')
    .select(['website_id', 'variant_id', 'quantity', 'restocked_quantity'])
    .where('order_id', '=', orderId)
    .where('stock_taken', '=', 1)
    .execute();
  const taken = new Map<string, number>();
  // Pieces a refund already put back in stock are not given back again.
  for (const l of lines) if (l.variant_id) taken.set(l.variant_id, (taken.get(l.variant_id) ?? 0) + l.quantity - l.restocked_quantity);
  const websiteId = lines[0]?.website_id ?? '';
  const adjusted = await giveBackStock(store, tx, taken, { websiteId, orderId, actor: stockActor(actor), now });
  await tx.updateTable('order_lines').set({ stock_taken: 0 }).where('order_id', '=', orderId).execute();
  const redemptions = await tx
    .selectFrom('gift_card_redemptions')
    .select(['gift_card_id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .orderBy('gift_card_id')
    .execute();
  for (const r of redemptions) {
    await tx
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', r.amount_cents), updated_on: now }))
      .where('id', '=', r.gift_card_id)
      .execute();
  }
  await tx.deleteFrom('gift_card_redemptions').where('order_id', '=', orderId).execute();
  await giveBackCouponUses(tx, orderId);
  await tx.updateTable('subscriptions').set({ status: 'canceled', next_billing_on: null }).where('order_id', '=', orderId).execute();
  return adjusted;
}

/** An order's actor as the stock history names it. */
export function stockActor(actor: OrderActor) {
  return { kind: actor.kind, email: actor.kind === 'system' ? null : actor.email };
}
