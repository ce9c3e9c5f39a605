import { AppError } from '../../errors.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import { timeOrderedId } from '../checkout/index.js';
import type { ActionContext } from './context.js';
import type { OrderState } from './state.js';

export type LineQuantities = { lineId: string; quantity: number }[];

/** A refund written before its provider is asked: the row (state pending) and the order's amounts already raised. */
export interface Reservation {
  refundId: string;
  amountCents: number;
  lines: LineQuantities;
  order: OrderState;
}

/**
 * Reserves a refund inside the caller's write transaction, under the order's lock: the refund row
 * (pending) and the order's refunded amount and lines' refunded quantities, so that any other
 * refund or cancellation from now on sees this one's amount as gone. The caller checked the amount
 * against what is refundable under the same lock. The Idempotency-Key's unique index refuses a
 * second reservation with the same key.
 */
export async function reserveRefund(
  c: ActionContext,
  tx: Executor,
  order: OrderState,
  r: { key: string; amountCents: number; lines: LineQuantities; reason: string | null },
  now: number,
): Promise<Reservation> {
  const refundId = timeOrderedId(now);
  await tx
    .insertInto('order_refunds')
    .values({
      id: refundId,
      website_id: c.s.website.id,
      order_id: order.id,
      idempotency_key: r.key,
      amount_cents: r.amountCents,
      lines: JSON.stringify(r.lines),
      reason: r.reason,
      provider: order.payment_provider,
      provider_reference: null,
      created_by: c.actor.kind === 'staff' ? c.actor.email : null,
      created_on: now,
      state: 'pending',
    })
    .execute();
  await tx
    .updateTable('orders')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', r.amountCents), updated_on: now }))
    .where('id', '=', order.id)
    .execute();
  for (const l of r.lines) {
    await tx
      .updateTable('order_lines')
      .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', l.quantity) }))
      .where('id', '=', l.lineId)
      .execute();
  }
  return { refundId, amountCents: r.amountCents, lines: r.lines, order };
}

/**
 * Asks the order's payment provider to give the money back, outside any transaction (a provider
 * may take seconds). A provider without a refund call (offline: the money never went through a
 * provider) records it only. A failure undoes the reservation and answers PAYMENT_FAILED.
 */
export async function askProvider(c: ActionContext, r: Reservation, undo: (tx: Executor) => Promise<void> = async () => {}): Promise<string | null> {
  const provider = c.deps.payments.get(r.order.payment_provider);
  if (!provider?.refund) return null;
  try {
    const { reference } = await provider.refund({
      websiteId: c.s.website.id,
      orderId: r.order.id,
      orderNumber: r.order.order_number,
      refundId: r.refundId,
      amountCents: r.amountCents,
      currency: r.order.currency,
      paymentReference: r.order.payment_reference,
    });
    return reference;
  } catch {
    await writeTransaction(c.deps.store, async (tx) => {
      await releaseRefund(tx, r, c.deps.clock());
      await undo(tx);
    });
    throw new AppError('PAYMENT_FAILED');
  }
}

/** Takes a reservation back (its provider refused): the row goes, the order's amounts fall back. */
async function releaseRefund(tx: Executor, r: Reservation, now: number): Promise<void> {
  await tx.deleteFrom('order_refunds').where('id', '=', r.refundId).execute();
  await tx
    .updateTable('orders')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', r.amountCents), updated_on: now }))
    .where('id', '=', r.order.id)
    .execute();
  for (const l of r.lines) {
    await tx
      .updateTable('order_lines')
      .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '-', l.quantity) }))
      .where('id', '=', l.lineId)
      .execute();
  }
}

/** The provider refunded: the refund is kept as succeeded, with the provider's reference. */
export async function completeRefund(tx: Executor, r: Reservation, reference: string | null): Promise<void> {
  await tx.updateTable('order_refunds').set({ state: 'succeeded', provider_reference: reference }).where('id', '=', r.refundId).execute();
}
