import type { Static } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { writeTransaction } from '../../storage/statement.js';
import { recordOrderEvent, timeOrderedId } from '../checkout/index.js';
import { type ActionContext, mailCustomer, orderStatusUrl } from './context.js';
import type { FulfillBody } from './schemas.js';
import { lockOrder, openQuantity, readLines, type LineState, type OrderState } from './state.js';
import { isWebAddress, trackingUrlOf } from './tracking.js';

const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** The pieces to fulfil per line: those asked for (each within what is left of its line), or all that is left. */
function piecesToFulfil(lines: LineState[], asked: { lineId: string; quantity: number }[] | undefined): Map<string, number> {
  const pieces = new Map<string, number>();
  if (!asked) {
    for (const l of lines) if (openQuantity(l) > 0) pieces.set(l.id, openQuantity(l));
    if (pieces.size === 0) throw new AppError('ORDER_ALREADY_FULFILLED');
    return pieces;
  }
  const byId = new Map(lines.map((l) => [l.id, l]));
  // Every item asked for was fulfilled already (by someone else, or a second click).
  if (asked.every((a) => byId.has(a.lineId) && openQuantity(byId.get(a.lineId)!) === 0)) throw new AppError('ORDER_ALREADY_FULFILLED');
  const errors: Record<string, string> = {};
  for (const [i, a] of asked.entries()) {
    const line = byId.get(a.lineId);
    const open = line ? openQuantity(line) : 0;
    if (!line || pieces.has(a.lineId)) errors[`lines.${i}.lineId`] = 'Choose each item of this order once.';
    else if (a.quantity > open) errors[`lines.${i}.quantity`] = open === 0 ? 'This item has nothing left to fulfil.' : `Enter a quantity from 1 to ${open}.`;
    else pieces.set(a.lineId, a.quantity);
  }
  if (Object.keys(errors).length > 0) throw new AppError('FULFILL_QUANTITY_INVALID', undefined, errors);
  return pieces;
}

/** Why a fulfilment cannot start from this state. */
function checkFulfillable(order: OrderState): void {
  if (order.payment_status !== 'paid') throw new AppError('ORDER_NOT_PAID');
  if (order.fulfillment_status === 'FULFILLED') throw new AppError('ORDER_ALREADY_FULFILLED');
  // Canceled after it was paid: by someone else, moments ago or before.
  if (order.fulfillment_status === 'CANCELED') throw new AppError('ORDER_CHANGED');
}

/**
 * `POST .../fulfill`: in one write transaction, under the order's lock (state.ts lockOrder), the
 * lines' fulfilled quantities rise, the order becomes PARTIALLY_FULFILLED or FULFILLED, the
 * fulfilment is kept with its carrier and tracking, the timeline says who did it, and the
 * customer's shipped mail is written to the outbox. A cancellation racing it either came first
 * (this answers ORDER_CHANGED) or finds the order fulfilled (ORDER_NOT_CANCELABLE).
 */
export async function fulfillOrder(c: ActionContext, orderId: string, body: Static<typeof FulfillBody>): Promise<void> {
  const trackingNumber = text(body.trackingNumber);
  const carrier = text(body.carrier);
  const given = text(body.trackingUrl);
  if (given && !isWebAddress(given))
    throw new AppError('VALIDATION_FAILED', undefined, { trackingUrl: 'Enter a web address starting with https:// or http://.' });
  const trackingUrl = given ?? trackingUrlOf(carrier, trackingNumber);
  const { deps, s } = c;
  await deps.signer.ready(s.website.id);
  await writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    const order = await lockOrder(deps.store, tx, s.website.id, orderId);
    checkFulfillable(order);
    const lines = await readLines(tx, orderId);
    const pieces = piecesToFulfil(lines, body.lines);
    for (const [lineId, quantity] of pieces) {
      await tx
        .updateTable('order_lines')
        .set((eb) => ({ fulfilled_quantity: eb('fulfilled_quantity', '+', quantity) }))
        .where('id', '=', lineId)
        .execute();
    }
    const after = lines.map((l) => ({ ...l, fulfilled_quantity: l.fulfilled_quantity + (pieces.get(l.id) ?? 0) }));
    const complete = after.every((l) => openQuantity(l) === 0);
    await tx
      .updateTable('orders')
      .set({ fulfillment_status: complete ? 'FULFILLED' : 'PARTIALLY_FULFILLED', updated_on: now })
      .where('id', '=', orderId)
      .execute();
    const fulfilled = [...pieces].map(([lineId, quantity]) => ({ lineId, quantity }));
    const id = timeOrderedId(now);
    await tx
      .insertInto('order_fulfillments')
      .values({
        id,
        website_id: s.website.id,
        order_id: orderId,
        carrier,
        tracking_number: trackingNumber,
        tracking_url: trackingUrl,
        lines: JSON.stringify(fulfilled),
        created_by: c.actor.kind === 'staff' ? c.actor.email : null,
        created_on: now,
      })
      .execute();
    await recordOrderEvent(tx, s.website.id, orderId, 'fulfilled', c.actor, now, { fulfillmentId: id, carrier, trackingNumber, trackingUrl, lines: fulfilled });
    if (body.notify !== false) {
      const titles = new Map(lines.map((l) => [l.id, l.title]));
      await mailCustomer(
        c,
        tx,
        order,
        'order-shipped',
        'shipped',
        {
          orderNumber: order.order_number,
          items: fulfilled.map((f) => ({ title: titles.get(f.lineId) ?? '', quantity: f.quantity })),
          carrier,
          trackingNumber,
          trackingUrl,
          complete,
          orderStatusUrl: await orderStatusUrl(c, order),
        },
        now,
      );
    }
  });
  deps.mail?.kick();
}
