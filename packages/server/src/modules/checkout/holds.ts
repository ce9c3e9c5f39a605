import type { ErrorCode } from '../../errors.js';
import { newId } from '../../storage/ids.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { CommerceDeps } from '../commerce/index.js';
import { giveBackOrder } from './give-back.js';
import type { Adjusted } from '../inventory/index.js';
import { SYSTEM, recordOrderEvent, type OrderActor } from './timeline.js';

/** How often the `order-holds` job looks for pending orders whose hold passed. */
export const HOLD_SWEEP_MS = 60_000;
/** Orders read per query of the job; each is canceled in a transaction of its own. */
const HOLD_BATCH = 100;

/** Why an order's state did not change: codes of the registry (errors.ts), for a route to answer with. */
export type OrderChangeFailure = Extract<ErrorCode, 'NOT_FOUND' | 'ORDER_NOT_PENDING' | 'ORDER_HOLD_EXPIRED'>;
export type OrderChange<T = object> = ({ ok: true } & T) | { ok: false; code: OrderChangeFailure };

type Deps = Pick<CommerceDeps, 'store' | 'clock'>;
/** The job also stops the provider's unfinished payment of each order it cancels. */
type JobDeps = Deps & Pick<CommerceDeps, 'payments'>;

/** Why a pending-only change found nothing to change: no such order, a hold that passed, or not pending. */
export async function whyNotPending(db: Executor, websiteId: string, orderId: string, now: number): Promise<OrderChangeFailure> {
  const order = await db
    .selectFrom('orders')
    .select(['payment_status', 'hold_expires_on'])
    .where('id', '=', orderId)
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  if (!order) return 'NOT_FOUND';
  if (order.payment_status === 'pending' && order.hold_expires_on !== null && order.hold_expires_on <= now) return 'ORDER_HOLD_EXPIRED';
  return 'ORDER_NOT_PENDING';
}

/**
 * Cancels an order whose payment is pending, in one transaction: the order becomes canceled
 * (payment CANCELED, fulfillment CANCELED) by a compare-and-set on its payment status, and only the
 * transaction that won it gives back the stock, the gift card balance and the subscriptions. A
 * payment recorded at the same moment (markOrderPaid, the same compare-and-set) or another
 * cancellation makes this one find nothing to change: exactly one of them happens.
 * `expiredBy`: cancel only if the hold passed by then (the job), so a hold prolonged meanwhile holds.
 */
async function cancelPending(
  deps: Deps,
  websiteId: string,
  orderId: string,
  reason: 'hold-expired' | 'canceled',
  expiredBy?: number,
  by: CancelBy = {},
): Promise<OrderChange<Restocked>> {
  return writeTransaction(deps.store, async (tx): Promise<OrderChange<Restocked>> => {
    const now = deps.clock();
    const { numUpdatedRows } = await tx
      .updateTable('orders')
      .set({ payment_status: 'canceled', fulfillment_status: 'CANCELED', hold_expires_on: null, updated_on: now, canceled_on: now })
      .where('id', '=', orderId)
      .where('website_id', '=', websiteId)
      .where('payment_status', '=', 'pending')
      .$if(expiredBy !== undefined, (q) => q.where('hold_expires_on', '<=', expiredBy!))
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) return { ok: false, code: await whyNotPending(tx, websiteId, orderId, now) };
    const restocked = await giveBackOrder(deps.store, tx, orderId, now, by.actor ?? SYSTEM);
    const order = await tx.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    await tx
      .insertInto('commerce_events')
      .values({
        id: newId(),
        website_id: websiteId,
        type: 'orders.canceled',
        order_id: orderId,
        created_on: now,
        processed_on: null,
        payload: JSON.stringify({ orderId, orderNumber: order.order_number, reason }),
      })
      .execute();
    const timelineReason = reason === 'hold-expired' ? 'hold_expired' : 'staff';
    await recordOrderEvent(tx, websiteId, orderId, 'canceled', by.actor ?? SYSTEM, now, { reason: timelineReason });
    if (by.within) await by.within(tx, now);
    return { ok: true, restocked };
  });
}

/** The stock a cancellation gave back: the caller tells the inventory's hooks once it committed. */
interface Restocked {
  restocked: Adjusted[];
}

/** Who cancels a pending order by hand, and what else their transaction writes once it did (the customer's mail). */
export interface CancelBy {
  actor?: OrderActor;
  within?: (tx: Executor, now: number) => Promise<void>;
}

/** Cancels a pending order by hand (the owner's): its hold need not have passed. */
export function cancelOrder(deps: Deps, websiteId: string, orderId: string, by: CancelBy = {}): Promise<OrderChange<Restocked>> {
  return cancelPending(deps, websiteId, orderId, 'canceled', undefined, by);
}

/**
 * The `order-holds` job: cancels every pending order whose hold has passed, each in its own
 * transaction, and answers how many it canceled. Safe to run in several processes at once: an
 * order another run canceled first is skipped by the compare-and-set.
 */
export async function expireHolds(deps: JobDeps, onCancelFailed: (error: unknown) => void = () => {}): Promise<number> {
  let canceled = 0;
  for (;;) {
    const now = deps.clock();
    const due = await deps.store.db
      .selectFrom('orders')
      .select(['id', 'website_id', 'payment_provider', 'payment_reference'])
      .where('payment_status', '=', 'pending')
      .where('hold_expires_on', '<=', now)
      .orderBy('hold_expires_on')
      .limit(HOLD_BATCH)
      .execute();
    let changed = 0;
    for (const order of due) {
      if (!(await cancelPending(deps, order.website_id, order.id, 'hold-expired', now)).ok) continue;
      changed++;
      // After the commit, never inside it: a provider's call may take seconds. A failure is only
      // logged: a payment that still succeeds later is refunded by its webhook (the order is canceled).
      await stopPayment(deps, order).catch(onCancelFailed);
    }
    canceled += changed;
    // A short batch was the last one. A batch of orders all changed elsewhere meanwhile (paid, or
    // canceled by another process) is left to that process: this run stops rather than spin.
    if (due.length < HOLD_BATCH || changed === 0) return canceled;
  }
}

/** Stops the unfinished payment of an order the job canceled, when its provider can (a Stripe PaymentIntent). */
async function stopPayment(
  deps: JobDeps,
  order: { id: string; website_id: string; payment_provider: string; payment_reference: string | null },
): Promise<void> {
  const provider = deps.payments.get(order.payment_provider);
  if (!provider?.cancel || !order.payment_reference) return;
  await provider.cancel({ websiteId: order.website_id, orderId: order.id, paymentReference: order.payment_reference });
}
