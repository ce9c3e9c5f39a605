import { randomBytes } from 'node:crypto';
import { ProductType, giftCardCodeFromBytes, normalizeGiftCardCode } from '@tessera/core';
import { newId } from '../../storage/ids.js';
import { writeTransaction, type Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import type { CommerceDeps } from '../commerce/deps.js';
import { giveBackStock } from '../inventory/stock.js';
import { siteSender } from '../../mail/site.js';
import type { OrderConfirmationMailInput } from '../orders/mail.js';
import { storeRules } from '../commerce/settings.js';
import { orderLinks, orderView, type OrderView } from '../orders/view.js';
import type { CheckoutAnswer } from './place-order.js';

/** Hours a download link lives when the product does not say (site.json `digital.linkLifetimeHours`). */
export const DEFAULT_LINK_LIFETIME_HOURS = 24;

/** Delivered without shipping: a paid order of only these is fulfilled at once. */
const DELIVERED_AT_ONCE: ReadonlySet<number | null> = new Set([ProductType.DIGITAL, ProductType.GIFT_CARD, ProductType.PAYWALL, null]);

function newGiftCardCode(): string {
  for (;;) {
    const code = giftCardCodeFromBytes(randomBytes(32));
    if (code) return normalizeGiftCardCode(code)!;
  }
}

/**
 * Step 4 of placing an order, when the payment went through or is pending: the payment status,
 * and once paid the goods that need no shipping (a gift card code per gift card bought, a download
 * link per digital product, expiring after the product's link lifetime), the `orders.placed` event
 * for the mail issue, and the answer, kept for retries with the same key.
 */
export async function finishOrder(
  deps: CommerceDeps, s: SiteSnapshot, orderId: string, providerId: string, status: 'paid' | 'pending', reference: string | null, baseUrl: string,
): Promise<CheckoutAnswer> {
  const answer = await writeTransaction(deps.store, async (tx) => {
    const now = deps.clock();
    const order = await tx.selectFrom('orders').select(['kind', 'order_number', 'customer_email', 'currency']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const lines = await tx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    const paid = status === 'paid';
    if (paid) await deliver(deps, s, tx, orderId, order.currency, lines, now);
    const fulfilled = paid && lines.every((l) => DELIVERED_AT_ONCE.has(l.product_type));
    await tx.updateTable('orders').set({
      payment_status: status, payment_reference: reference, fulfillment_status: fulfilled ? 'FULFILLED' : 'PENDING', updated_on: now,
    }).where('id', '=', orderId).execute();
    await tx.insertInto('commerce_events').values({
      id: newId(), website_id: s.website.id, type: 'orders.placed', order_id: orderId, created_on: now, processed_on: null,
      payload: JSON.stringify({ orderId, orderNumber: order.order_number, kind: order.kind, customerEmail: order.customer_email, paymentStatus: status, provider: providerId }),
    }).execute();
    const view = (await orderView(deps, s, tx, orderId))!;
    const links = orderLinks(order.kind, await deps.signer.orderToken(s.website.id, orderId));
    for (const hook of deps.orderFinishedHooks) await hook(tx, { site: s, order: view, baseUrl, now });
    const answer: CheckoutAnswer = { status: 201, body: { order: view, ...links } };
    await tx.updateTable('orders').set({ answer: JSON.stringify(answer) }).where('id', '=', orderId).execute();
    if (deps.mail) {
      const sender = siteSender(s, baseUrl, deps.mailFrom);
      await deps.mail.send(tx, {
        websiteId: s.website.id, kind: 'order-confirmation', to: order.customer_email, from: sender.from, site: sender.site,
        input: orderMailInput(s, view, baseUrl),
      });
    }
    return answer;
  });
  deps.mail?.kick();
  return answer;
}

/** The order mail's input from the order as its pages show it; links made absolute. */
function orderMailInput(s: SiteSnapshot, view: OrderView, baseUrl: string): OrderConfirmationMailInput {
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
    lines: view.lines.map((l) => ({
      title: l.title, quantity: l.quantity, subTotal: format(l.subTotalCents),
      giftCardCodes: l.giftCards.map((g) => g.code), downloadUrl: l.download ? `${baseUrl}${l.download.url}` : null,
    })),
    totals,
    subscriptions: view.subscriptions.map((sub) => `${sub.title}: ${sub.priceText}`),
    orderStatusUrl: `${baseUrl}${view.orderStatusUrl}`,
  };
}

async function deliver(
  deps: CommerceDeps, s: SiteSnapshot, tx: Executor, orderId: string, currency: string,
  lines: { id: string; product_type: number | null; quantity: number; unit_price_cents: number; item_id: string | null }[], now: number,
) {
  for (const line of lines) {
    if (line.product_type === ProductType.GIFT_CARD) {
      await tx.insertInto('gift_cards').values(Array.from({ length: line.quantity }, () => ({
        id: newId(), website_id: s.website.id, code: newGiftCardCode(), currency, initial_cents: line.unit_price_cents,
        balance_cents: line.unit_price_cents, status: 'active' as const, order_id: orderId, order_line_id: line.id, created_on: now, updated_on: now,
      }))).execute();
    }
    if (line.product_type === ProductType.DIGITAL && line.item_id) {
      const product = await tx.selectFrom('products').select('data').where('item_id', '=', line.item_id).executeTakeFirst();
      const digital = product ? (JSON.parse(product.data) as { digital?: { file?: unknown; linkLifetimeHours?: unknown } }).digital : undefined;
      if (typeof digital?.file !== 'string') continue;
      const hours = typeof digital.linkLifetimeHours === 'number' && digital.linkLifetimeHours > 0 ? digital.linkLifetimeHours : DEFAULT_LINK_LIFETIME_HOURS;
      await tx.insertInto('order_downloads').values({
        id: newId(), website_id: s.website.id, order_id: orderId, order_line_id: line.id, asset_path: digital.file,
        expires_on: now + hours * 3_600_000, created_on: now,
      }).execute();
    }
  }
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
      await tx.updateTable('carts').set({ is_purchased: 0, order_id: null, updated_on: now })
        .where('id', '=', order.cart_id).where('order_id', '=', orderId).execute();
    }
    const lines = await tx.selectFrom('order_lines').select(['variant_id', 'quantity']).where('order_id', '=', orderId).where('stock_taken', '=', 1).execute();
    const taken = new Map<string, number>();
    for (const l of lines) if (l.variant_id) taken.set(l.variant_id, (taken.get(l.variant_id) ?? 0) + l.quantity);
    await giveBackStock(deps.store, tx, taken);
    const redemptions = await tx.selectFrom('gift_card_redemptions').select(['id', 'gift_card_id', 'amount_cents']).where('order_id', '=', orderId).execute();
    for (const r of redemptions) {
      await tx.updateTable('gift_cards').set((eb) => ({ balance_cents: eb('balance_cents', '+', r.amount_cents), updated_on: now })).where('id', '=', r.gift_card_id).execute();
    }
    await tx.deleteFrom('gift_card_redemptions').where('order_id', '=', orderId).execute();
    await tx.updateTable('subscriptions').set({ status: 'canceled', next_billing_on: null }).where('order_id', '=', orderId).execute();
    await tx.updateTable('order_lines').set({ stock_taken: 0 }).where('order_id', '=', orderId).execute();
    await tx.updateTable('orders').set({
      payment_status: 'declined', fulfillment_status: 'CANCELED', answer: JSON.stringify(answer), updated_on: now,
    }).where('id', '=', orderId).execute();
  });
}
