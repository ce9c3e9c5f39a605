import type { Static } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { isUniqueViolation, writeTransaction, type Executor } from '../../storage/statement.js';
import { giveBackStock } from '../inventory/index.js';
import { recordOrderEvent, stockActor } from '../checkout/index.js';
import type { ActionContext } from './context.js';
import { askProvider, completeRefund, reserveRefund, type LineQuantities, type Reservation } from './refund-steps.js';
import type { RefundBody } from './schemas.js';
import { lockOrder, readLines, refundableOf, type LineState } from './state.js';

/** How long a second request with the same key waits for the first one's provider to answer. */
const REPLAY_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refundByKey(db: Executor, orderId: string, key: string) {
  return db.selectFrom('order_refunds').select(['id', 'state']).where('order_id', '=', orderId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** The lines asked for, each within what is left of it to refund; REFUND_INVALID with the line's message otherwise. */
function checkLines(lines: LineState[], asked: LineQuantities): void {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  for (const [i, a] of asked.entries()) {
    const line = byId.get(a.lineId);
    const left = line ? line.quantity - line.refunded_quantity : 0;
    if (!line || seen.has(a.lineId)) errors[`lines.${i}.lineId`] = 'Choose each item of this order once.';
    else if (a.quantity > left) errors[`lines.${i}.quantity`] = left === 0 ? 'This item was refunded already.' : `Enter a quantity from 1 to ${left}.`;
    seen.add(a.lineId);
  }
  if (Object.keys(errors).length > 0) throw new AppError('REFUND_INVALID', undefined, errors);
}

/**
 * Step 1, one write transaction under the order's lock: a known key answers its refund; otherwise
 * the order must be paid, the lines must have that much left, the amount (the lines' unit price ×
 * quantity, or the amount given) must be within what is left of the payment; then the refund is
 * reserved (refund-steps.ts).
 */
async function reserve(c: ActionContext, orderId: string, key: string, body: Static<typeof RefundBody>): Promise<Reservation | { known: string }> {
  return writeTransaction(c.deps.store, async (tx) => {
    const now = c.deps.clock();
    const order = await lockOrder(c.deps.store, tx, c.s.website.id, orderId);
    const known = await refundByKey(tx, orderId, key);
    if (known) return { known: known.id };
    if (order.payment_status !== 'paid') throw new AppError('ORDER_NOT_PAID');
    const lines = await readLines(tx, orderId);
    const asked = body.lines ?? [];
    checkLines(lines, asked);
    const price = new Map(lines.map((l) => [l.id, l.unit_price_cents]));
    const amountCents = body.amountCents ?? asked.reduce((sum, a) => sum + price.get(a.lineId)! * a.quantity, 0);
    if (amountCents <= 0) throw new AppError('REFUND_INVALID', undefined, { amountCents: 'These items were free: enter an amount to refund.' });
    if (amountCents > refundableOf(order)) throw new AppError('REFUND_TOO_LARGE');
    return reserveRefund(c, tx, order, { key, amountCents, lines: asked, reason: body.reason?.trim() || null }, now);
  });
}

/** Gives the refunded pieces of stocked lines back to stock, each piece once (restocked_quantity). */
async function restock(c: ActionContext, tx: Executor, orderId: string, refunded: LineQuantities, now: number): Promise<void> {
  const lines = await readLines(tx, orderId);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const back = new Map<string, number>();
  for (const r of refunded) {
    const line = byId.get(r.lineId);
    if (!line?.variant_id || line.stock_taken !== 1) continue;
    const pieces = Math.min(r.quantity, line.quantity - line.restocked_quantity);
    if (pieces <= 0) continue;
    back.set(line.variant_id, (back.get(line.variant_id) ?? 0) + pieces);
    await tx
      .updateTable('order_lines')
      .set((eb) => ({ restocked_quantity: eb('restocked_quantity', '+', pieces) }))
      .where('id', '=', line.id)
      .execute();
  }
  // Recorded as restored by the staff member who refunded; a variant back from none is found by
  // the restock sender's sweep (the refund's caller has no site hooks at hand).
  await giveBackStock(c.deps.store, tx, back, { websiteId: c.s.website.id, orderId, actor: stockActor(c.actor), now });
}

/** A second request with a key in use: the first one's refund once its provider answered (or PAYMENT_FAILED if it refused). */
async function replay(c: ActionContext, orderId: string, key: string): Promise<string> {
  // Real time, not the app's clock: this sleeps for real, and a test's clock may stand still.
  const deadline = performance.now() + REPLAY_WAIT_MS;
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const refund = await refundByKey(c.deps.store.db, orderId, key);
    // The first request's provider refused, and that request took its reservation back.
    if (!refund) throw new AppError('PAYMENT_FAILED');
    if (refund.state !== 'pending' || performance.now() >= deadline) return refund.id;
    await sleep(delay);
  }
}

/**
 * `POST .../refund` with an Idempotency-Key, in three steps so that a double click refunds once
 * and a provider that fails leaves nothing half done:
 * 1. reserve (one transaction, under the order's lock): the refund row, pending, with the key
 *    (unique per order) and the order's refunded amount raised. A second request with the same
 *    key finds the row, or meets the unique index, and waits for the first one's outcome; a
 *    different refund racing this one sees less left to refund and gets REFUND_TOO_LARGE;
 * 2. ask the provider, outside any transaction (no lock held while a remote call runs). A refusal
 *    takes the reservation back, in a transaction, and answers PAYMENT_FAILED;
 * 3. complete (one transaction): the refund succeeded with the provider's reference, the timeline
 *    entry, and the refunded pieces back in stock when asked (`restock`).
 * A process that stops between 1 and 3 leaves the refund pending, visible on the order, never
 * counted twice. Answers the refund's id.
 */
export async function refundOrder(c: ActionContext, orderId: string, key: string, body: Static<typeof RefundBody>): Promise<string> {
  if (!body.lines && body.amountCents === undefined) throw new AppError('REFUND_INVALID');
  let reserved: Reservation | { known: string };
  try {
    reserved = await reserve(c, orderId, key, body);
  } catch (error) {
    // On PostgreSQL a request with the same key may reach the insert while the first one's row is
    // not yet committed: the unique index makes it wait, then refuses it.
    if (isUniqueViolation(error)) return replay(c, orderId, key);
    throw error;
  }
  if ('known' in reserved) return replay(c, orderId, key);
  const r = reserved;
  const reference = await askProvider(c, r);
  await writeTransaction(c.deps.store, async (tx) => {
    const now = c.deps.clock();
    await completeRefund(tx, r, reference);
    if (body.restock && r.lines.length > 0) await restock(c, tx, orderId, r.lines, now);
    await recordOrderEvent(tx, c.s.website.id, orderId, 'refunded', c.actor, now, {
      refundId: r.refundId,
      amountCents: r.amountCents,
      lines: r.lines,
      reason: body.reason?.trim() || null,
      restocked: !!body.restock && r.lines.length > 0,
    });
  });
  return r.refundId;
}
