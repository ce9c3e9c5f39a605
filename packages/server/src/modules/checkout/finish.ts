import { newId } from '../../storage/ids.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import { siteSender } from '../../mail/site.js';
import type { OrderConfirmationMailInput } from '../orders/index.js';
import { storeRules, type SavedMethod } from '../commerce/index.js';
import { orderLinks, orderView, type OrderView } from '../commerce/index.js';
import { siteTime } from '../commerce-mail/index.js';
import { giveBackOrder } from './give-back.js';
import { issuePaidOrder } from './paid.js';
import { keepSavedMethod } from './subscriptions.js';
import { SYSTEM, recordOrderEvent } from './timeline.js';

/** A checkout's answer, kept with the order so that a retry with the same key gets it again, byte for byte. */
export interface CheckoutAnswer {
  status: number;
  body: unknown;
  /** Set (never stored) when this answer is a replay of an earlier request's with the same key. */
  replayed?: true;
}

const HOUR = 3_600_000;
/**
 * How long an order whose payment the shopper finishes in the browser (a card's bank check, a
 * redirect to Klarna or Afterpay) holds its stock: long enough for those steps, short enough that
 * an abandoned payment soon gives its stock back.
 */
export const BROWSER_PAYMENT_HOLD_MS = HOUR;

/** The provider's answer a placed order is finished with (a decline never gets here: it undoes the order). */
export type FinishPayment =
  | { status: 'paid'; reference: string | null; savedMethod?: SavedMethod }
  | { status: 'pending'; reference: string | null }
  | { status: 'action'; reference: string; clientSecret: string };

/**
 * Step 4 of placing an order, when the payment went through or is pending: the payment status;
 * once paid, what the order earns (paid.ts: gift card codes, download links, the orderPaidHooks);
 * while pending, the hold's end (the stock stays taken until then: the order-holds job cancels the
 * order if no payment came). Then the `orders.placed` event, the answer, kept for retries with the
 * same key, and the buyer's confirmation (a pending order's tells the shopper the payment is
 * awaited and until when the order is held, without codes or links).
 */
export async function finishOrder(
  deps: CommerceDeps,
  s: SiteSnapshot,
  orderId: string,
  providerId: string,
  payment: FinishPayment,
  baseUrl: string,
): Promise<CheckoutAnswer> {
  const { status, reference } = payment;
  const answer = await writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    const order = await tx.selectFrom('orders').select(['kind', 'order_number', 'customer_email']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const paid = status === 'paid';
    await tx
      .updateTable('orders')
      .set({
        payment_status: paid ? 'paid' : 'pending',
        payment_reference: reference,
        fulfillment_status: 'PENDING',
        updated_on: now,
        hold_expires_on: paid ? null : now + (status === 'action' ? BROWSER_PAYMENT_HOLD_MS : storeRules(s).orderHoldHours * HOUR),
        paid_on: paid ? now : null,
      })
      .where('id', '=', orderId)
      .execute();
    const customer = { kind: 'customer', email: order.customer_email } as const;
    if (paid) await recordOrderEvent(tx, s.website.id, orderId, 'paid', customer, now, { provider: providerId, reference });
    // The payment method the provider kept for the order's subscriptions: their renewals charge it.
    if (payment.status === 'paid') await keepSavedMethod(tx, orderId, payment.savedMethod);
    await tx
      .insertInto('commerce_events')
      .values({
        id: newId(),
        website_id: s.website.id,
        type: 'orders.placed',
        order_id: orderId,
        created_on: now,
        processed_on: null,
        payload: JSON.stringify({
          orderId,
          orderNumber: order.order_number,
          kind: order.kind,
          customerEmail: order.customer_email,
          paymentStatus: paid ? 'paid' : 'pending',
          provider: providerId,
        }),
      })
      .execute();
    const view = paid ? await issuePaidOrder(deps, s, tx, orderId, baseUrl, now) : (await orderView(deps, s, tx, orderId))!;
    const links = orderLinks(order.kind, await deps.signer.orderToken(s.website.id, orderId));
    // A payment the shopper finishes in the browser: the page needs the provider's secret for it.
    const next = payment.status === 'action' ? { payment: { provider: providerId, clientSecret: payment.clientSecret } } : {};
    const answer: CheckoutAnswer = { status: 201, body: { order: view, ...links, ...next } };
    await tx
      .updateTable('orders')
      .set({ answer: JSON.stringify(answer) })
      .where('id', '=', orderId)
      .execute();
    // That payment has not happened yet: the receipt waits for it (markOrderPaid sends it then).
    if (status !== 'action') await sendReceipt(deps, s, tx, view, baseUrl, now);
    for (const hook of deps.orderPlacedHooks) await hook(tx, { site: s, order: view, baseUrl, now });
    return answer;
  });
  deps.mail?.kick();
  return answer;
}

/** The buyer's receipt (order-confirmation mail) of an order, with its line on the timeline; none without mail. */
export async function sendReceipt(deps: CommerceDeps, s: SiteSnapshot, tx: Executor, view: OrderView, baseUrl: string, now: number): Promise<void> {
  if (!deps.mail) return;
  const sender = siteSender(s, baseUrl, deps.mailFrom);
  await deps.mail.send(tx, {
    websiteId: s.website.id,
    kind: 'order-confirmation',
    to: view.customerEmail,
    from: sender.from,
    site: sender.site,
    input: orderMailInput(s, view, baseUrl),
  });
  await recordOrderEvent(tx, s.website.id, view.id, 'mail', SYSTEM, now, { kind: 'receipt', to: view.customerEmail });
}

/** The order mail's input from the order as its pages show it; links made absolute. */
export function orderMailInput(s: SiteSnapshot, view: OrderView, baseUrl: string): OrderConfirmationMailInput {
  const { format } = storeRules(s);
  const totals = [
    { label: 'Subtotal', amount: format(view.subtotalCents) },
    ...(view.discountCents > 0 ? [{ label: 'Discount', amount: `-${format(view.discountCents)}` }] : []),
    ...(view.shippingCostCents > 0 ? [{ label: 'Shipping', amount: format(view.shippingCostCents) }] : []),
    ...(view.taxCents > 0 ? [{ label: 'Tax', amount: format(view.taxCents) }] : []),
    ...(view.giftCardCents > 0 ? [{ label: 'Gift card', amount: `-${format(view.giftCardCents)}` }] : []),
    { label: 'Total', amount: format(view.grandTotalCents) },
  ];
  return {
    kind: view.kind,
    orderNumber: view.orderNumber,
    paymentPending: view.paymentStatus === 'PENDING',
    holdUntil: view.holdExpiresOn === null ? null : siteTime(view.holdExpiresOn, s.language, s.timeZone),
    lines: view.lines.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      subTotal: format(l.subTotalCents),
      giftCardCodes: l.giftCards.map((g) => g.code),
      downloadUrl: l.download ? `${baseUrl}${l.download.url}` : null,
    })),
    totals,
    subscriptions: view.subscriptions.map((sub) => `${sub.title}: ${sub.priceText}`),
    orderStatusUrl: `${baseUrl}${view.orderStatusUrl}`,
  };
}

/**
 * A declined (or failed) payment undoes the order: the cart is the visitor's again, the stock
 * and the gift card balance go back, subscriptions end before they start. The order stays, marked
 * declined and canceled, holding its key and the answer a retry will get.
 */
export async function undoOrder(deps: CommerceDeps, s: SiteSnapshot, orderId: string, answer: CheckoutAnswer): Promise<void> {
  await writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    const order = await tx.selectFrom('orders').select(['cart_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
    // The cart first, then stock, then gift cards: the order in which placing an order locks them.
    if (order.cart_id) {
      await tx
        .updateTable('carts')
        .set({ is_purchased: 0, order_id: null, updated_on: now })
        .where('id', '=', order.cart_id)
        .where('order_id', '=', orderId)
        .execute();
    }
    await giveBackOrder(deps.store, tx, orderId, now);
    await tx
      .updateTable('orders')
      .set({
        payment_status: 'declined',
        fulfillment_status: 'CANCELED',
        answer: JSON.stringify(answer),
        updated_on: now,
      })
      .where('id', '=', orderId)
      .execute();
    await recordOrderEvent(tx, s.website.id, orderId, 'payment_declined', SYSTEM, now, { status: answer.status });
  });
}
