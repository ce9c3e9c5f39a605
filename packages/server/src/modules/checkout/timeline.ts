import type {} from '../../storage/schema-owner.js';
import type { Executor } from '../../storage/statement.js';
import { timeOrderedId } from '../../storage/ids.js';

// Timeline entries and refunds sort by time, then by the order of writing (storage/ids.ts).
export { timeOrderedId };

/** Who did something to an order: a staff account (by its email), the customer, or the system (a job, a provider). */
export type OrderActor = { kind: 'staff'; email: string } | { kind: 'customer'; email: string | null } | { kind: 'system' };

/** The kinds of entry of an order's timeline (docs/owner-api.md "Orders"). */
type OrderEventType =
  | 'placed'
  | 'paid'
  | 'payment_declined'
  | 'fulfilled'
  | 'canceled'
  | 'refunded'
  | 'note'
  | 'mail'
  // A provider's events (its webhook): a payment attempt that failed, a refund it could not make,
  // a payment that arrived after its order was canceled (given back at once), a dispute and its end.
  | 'payment_failed'
  | 'refund_failed'
  | 'late_payment_refunded'
  | 'disputed'
  | 'dispute_closed';

export const SYSTEM: OrderActor = { kind: 'system' };

/** Adds an entry to an order's timeline, inside the transaction that did what it records. */
export async function recordOrderEvent(
  tx: Executor,
  websiteId: string,
  orderId: string,
  type: OrderEventType,
  actor: OrderActor,
  now: number,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx
    .insertInto('order_events')
    .values({
      id: timeOrderedId(now),
      website_id: websiteId,
      order_id: orderId,
      type,
      actor_kind: actor.kind,
      actor_email: actor.kind === 'system' ? null : actor.email,
      data: JSON.stringify(data),
      created_on: now,
    })
    .execute();
}

/** The buyer's name as the studio lists it: from the shipping address, '' without one. */
export function customerNameOf(address: { firstName?: string; lastName?: string } | null): string {
  return address ? `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim() : '';
}

/**
 * The site's next order number, inside the transaction that writes the order: one upsert, so two
 * orders placed at once (a checkout, a renewal) never share a number. Numbers start at 1001.
 */
export async function nextOrderNumber(tx: Executor, websiteId: string): Promise<number> {
  const counter = await tx
    .insertInto('commerce_counters')
    .values({ website_id: websiteId, next_order_number: 1001 })
    .onConflict((oc) => oc.column('website_id').doUpdateSet((eb) => ({ next_order_number: eb('commerce_counters.next_order_number', '+', 1) })))
    .returning('next_order_number')
    .executeTakeFirstOrThrow();
  return Number(counter.next_order_number);
}
