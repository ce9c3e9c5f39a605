import type {} from '../../storage/schema-accounts.js';
import type { Executor } from '../../storage/statement.js';
import type { SubscriptionRow } from './claim.js';

/**
 * A membership bought as a subscription (a paywall product, `paywall.pricing: "subscription"`)
 * follows its subscription: each paid renewal extends the member's grant by one period (the
 * members module's paid-order hook, as for any paid order); these keep it open while a failed
 * renewal is retried, and close it when the subscription ends. The member is the subscription's,
 * else the one who claimed its first order.
 */
async function memberOf(tx: Executor, sub: SubscriptionRow): Promise<string | null> {
  if (sub.member_id) return sub.member_id;
  const order = await tx.selectFrom('orders').select('member_id').where('id', '=', sub.order_id).executeTakeFirst();
  return order?.member_id ?? null;
}

/**
 * Moves the end of the membership a subscription grants to `until`, only in the direction asked:
 * later while a renewal is retried (the member keeps the area until the retry), earlier when the
 * subscription ended unpaid (the membership closes now).
 */
async function moveGrantEnd(tx: Executor, sub: SubscriptionRow, until: number, direction: 'later' | 'earlier', now: number): Promise<void> {
  const member = await memberOf(tx, sub);
  if (!member) return;
  await tx
    .updateTable('member_grants')
    .set({ expires_on: until, updated_on: now })
    .where('website_id', '=', sub.website_id)
    .where('site_user_id', '=', member)
    .where('item_id', '=', sub.item_id)
    .where('pricing', '=', 'subscription')
    .where('expires_on', direction === 'later' ? '<' : '>', until)
    .execute();
}

/** While a renewal is retried, the member keeps the area until the retry. */
export function holdGrant(tx: Executor, sub: SubscriptionRow, until: number, now: number): Promise<void> {
  return moveGrantEnd(tx, sub, until, 'later', now);
}

/** The subscription ended unpaid: the membership it granted closes now. */
export function endGrant(tx: Executor, sub: SubscriptionRow, now: number): Promise<void> {
  return moveGrantEnd(tx, sub, now, 'earlier', now);
}
