import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import { giveBackOrder, recordOrderEvent } from '../checkout/index.js';
import { storeRules } from '../commerce/index.js';
import type { Adjusted } from '../inventory/index.js';
import { type ActionContext, mailCustomer, orderStatusUrl } from './context.js';
import { askProvider, completeRefund, reserveRefund, type Reservation } from './refund-steps.js';
import { cancelablePaid, lockOrder, readLines, readOrderState, refundableOf, type OrderState } from './state.js';

/** The Idempotency-Key of the refund a cancellation makes: one per order, as there is one cancellation. */
const CANCEL_KEY = 'cancel';

/** The customer's canceled mail, in the transaction that canceled the order. */
async function canceledMail(c: ActionContext, tx: Executor, order: OrderState, refundedCents: number, now: number) {
  const { format } = storeRules(c.s);
  await mailCustomer(
    c,
    tx,
    order,
    'order-canceled',
    'canceled',
    {
      orderNumber: order.order_number,
      refunded: refundedCents > 0 ? format(refundedCents) : null,
      giftCardReturned: order.gift_card_cents > 0 ? format(order.gift_card_cents) : null,
      orderStatusUrl: await orderStatusUrl(c, order),
    },
    now,
  );
}

/**
 * A paid order, canceled before anything left: in the steps of a refund (refund.ts), so the
 * provider is never asked under a lock and a refusal leaves the order as it was.
 * 1. one transaction under the order's lock: still paid, nothing fulfilled, fulfilment CANCELED
 *    (a fulfilment racing this one now finds it canceled), and the refund of what is left of the
 *    payment reserved;
 * 2. the provider refunds (a refusal puts the fulfilment status back and answers PAYMENT_FAILED);
 * 3. one transaction: the refund succeeded, stock, gift card balance and coupon use given back
 *    (checkout's giveBackOrder), gift cards the order bought voided and its download links ended,
 *    the timeline entries and the canceled mail.
 */
async function cancelPaid(c: ActionContext, orderId: string, notify: boolean): Promise<Adjusted[]> {
  const { deps, s } = c;
  const reserved = await writeTransaction(deps.store, async (tx): Promise<{ order: OrderState; refund: Reservation | null }> => {
    const now = deps.clock();
    const order = await lockOrder(deps.store, tx, s.website.id, orderId);
    const lines = await readLines(tx, orderId);
    if (order.payment_status !== 'paid' || !cancelablePaid(order) || lines.some((l) => l.fulfilled_quantity > 0)) throw new AppError('ORDER_NOT_CANCELABLE');
    await tx.updateTable('orders').set({ fulfillment_status: 'CANCELED', canceled_on: now, updated_on: now }).where('id', '=', orderId).execute();
    const left = refundableOf(order);
    const refund = left > 0 ? await reserveRefund(c, tx, order, { key: CANCEL_KEY, amountCents: left, lines: [], reason: 'canceled' }, now) : null;
    return { order, refund };
  });
  const { order, refund } = reserved;
  const reference = refund
    ? await askProvider(c, refund, async (tx) => {
        await tx.updateTable('orders').set({ fulfillment_status: 'PENDING', canceled_on: null }).where('id', '=', orderId).execute();
      })
    : null;
  return writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    if (refund) {
      await completeRefund(tx, refund, reference);
      await recordOrderEvent(tx, s.website.id, orderId, 'refunded', c.actor, now, {
        refundId: refund.refundId,
        amountCents: refund.amountCents,
        lines: [],
        reason: 'canceled',
      });
    }
    const restocked = await giveBackOrder(deps.store, tx, orderId, now, c.actor);
    // What the order delivered at once stops working: its gift cards and download links.
    await tx.updateTable('gift_cards').set({ status: 'void', updated_on: now }).where('order_id', '=', orderId).execute();
    await tx.updateTable('order_downloads').set({ expires_on: now }).where('order_id', '=', orderId).where('expires_on', '>', now).execute();
    await recordOrderEvent(tx, s.website.id, orderId, 'canceled', c.actor, now, { reason: 'staff', refundedCents: refund?.amountCents ?? 0 });
    if (notify) await canceledMail(c, tx, order, refund?.amountCents ?? 0, now);
    return restocked;
  });
}

/**
 * `POST .../cancel`: a pending order through checkout's cancelOrder (its compare-and-set on the
 * pending payment; stock and gift card balance back), with the canceled mail written in its
 * transaction; a paid order not yet fulfilled through cancelPaid. Anything else: ORDER_NOT_CANCELABLE.
 */
export async function cancelOrder(app: FastifyInstance, c: ActionContext, orderId: string, notify: boolean): Promise<void> {
  const { deps, s } = c;
  const order = await readOrderState(deps.store.db, s.website.id, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  await deps.signer.ready(s.website.id);
  if (order.payment_status === 'pending') {
    const result = await app.orders.cancel(s.website.id, orderId, {
      actor: c.actor,
      within: async (tx, now) => {
        if (notify) await canceledMail(c, tx, order, 0, now);
      },
    });
    // Paid or canceled by someone else between the read and the cancellation.
    if (!result.ok) throw new AppError(result.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'ORDER_CHANGED');
    // Stock back from none mails its waiting restock signups (when the site sends them by itself).
    await app.inventory.stockChanged(s, result.restocked);
  } else if (order.payment_status === 'paid') {
    await app.inventory.stockChanged(s, await cancelPaid(c, orderId, notify));
  } else {
    throw new AppError('ORDER_NOT_CANCELABLE');
  }
  deps.mail?.kick();
}
