import { newId } from '../../storage/ids.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { CommerceDeps } from '../commerce/index.js';
import { loadSnapshot } from '../site/index.js';
import type { OrderView, SavedMethod } from '../commerce/index.js';
import { whyNotPending, type OrderChange } from './holds.js';
import { sendReceipt } from './finish.js';
import { issuePaidOrder } from './paid.js';
import { keepSavedMethod } from './subscriptions.js';
import { SYSTEM, recordOrderEvent, type OrderActor } from './timeline.js';

/**
 * Records the payment of an order that was pending (a bank transfer arrived, cash at pickup): the
 * owner's, later (no route yet). One transaction: the order becomes paid by a compare-and-set on
 * its payment status while its hold lasts, so a payment racing the hold's expiry or a cancellation
 * gets exactly one outcome; then what a paid order earns is issued, once (paid.ts: gift card codes,
 * download links, the review request, the commerce mails, a signed-in buyer's membership). Fails
 * with ORDER_HOLD_EXPIRED once the hold has passed (even before the job canceled the order: its
 * stock is no longer promised), ORDER_NOT_PENDING when it was paid or canceled already.
 * `payment.reference`: the payment's reference (a transfer's); `payment.baseUrl`: the site's origin,
 * for the links of orders placed before their address was kept on them; `payment.actor`: who
 * recorded it, for the order's timeline (the system when not given); `payment.savedMethod`: the
 * payment method the provider kept for the order's subscriptions, which their renewals charge.
 */
export interface PaymentArrived {
  reference?: string;
  baseUrl?: string;
  actor?: OrderActor;
  savedMethod?: SavedMethod;
  /** Runs in the same transaction once the order became paid (a provider's event recorded as handled). */
  within?: (tx: Executor) => Promise<void>;
}

export async function markOrderPaid(
  deps: CommerceDeps,
  websiteId: string,
  orderId: string,
  payment: PaymentArrived = {},
): Promise<OrderChange<{ order: OrderView }>> {
  const s = await loadSnapshot(deps.store, websiteId);
  if (!s) return { ok: false, code: 'NOT_FOUND' };
  // The order's links are signed inside the transaction: the site's secret is read before it
  // (on SQLite, a read inside would wait for the connection the transaction holds).
  await deps.signer.ready(websiteId);
  const result = await writeTransaction(deps.store, async (tx): Promise<OrderChange<{ order: OrderView }>> => {
    const now = deps.clock();
    const { numUpdatedRows } = await tx
      .updateTable('orders')
      .set({
        payment_status: 'paid',
        hold_expires_on: null,
        updated_on: now,
        paid_on: now,
        ...(payment.reference !== undefined ? { payment_reference: payment.reference } : {}),
      })
      .where('id', '=', orderId)
      .where('website_id', '=', websiteId)
      .where('payment_status', '=', 'pending')
      .where((eb) => eb.or([eb('hold_expires_on', 'is', null), eb('hold_expires_on', '>', now)]))
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) return { ok: false, code: await whyNotPending(tx, websiteId, orderId, now) };
    const row = await tx.selectFrom('orders').select(['order_number', 'base_url']).where('id', '=', orderId).executeTakeFirstOrThrow();
    // The mails link to the address the shopper placed the order from; orders placed before it was
    // kept use the one the caller gives (the owner's route: the site's origin, baseUrlOf).
    const baseUrl = (row.base_url || payment.baseUrl || '').replace(/\/$/, '');
    await recordOrderEvent(tx, websiteId, orderId, 'paid', payment.actor ?? SYSTEM, now, { reference: payment.reference ?? null });
    await keepSavedMethod(tx, orderId, payment.savedMethod);
    const order = await issuePaidOrder(deps, s, tx, orderId, baseUrl, now);
    // A payment finished in the browser got no receipt at checkout (finish.ts): it goes now, once.
    if (!(await hasReceipt(tx, websiteId, orderId))) await sendReceipt(deps, s, tx, order, baseUrl, now);
    if (payment.within) await payment.within(tx);
    await tx
      .insertInto('commerce_events')
      .values({
        id: newId(),
        website_id: websiteId,
        type: 'orders.paid',
        order_id: orderId,
        created_on: now,
        processed_on: null,
        payload: JSON.stringify({ orderId, orderNumber: row.order_number, paymentStatus: 'paid' }),
      })
      .execute();
    return { ok: true, order };
  });
  if (result.ok) deps.mail?.kick();
  return result;
}

/** Whether the buyer's receipt went already (its `mail` line on the order's timeline). */
async function hasReceipt(db: Executor, websiteId: string, orderId: string): Promise<boolean> {
  const mails = await db
    .selectFrom('order_events')
    .select('data')
    .where('website_id', '=', websiteId)
    .where('order_id', '=', orderId)
    .where('type', '=', 'mail')
    .execute();
  return mails.some((m) => (JSON.parse(m.data) as { kind?: string }).kind === 'receipt');
}
