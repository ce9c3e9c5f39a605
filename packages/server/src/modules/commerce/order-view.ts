import { formatGiftCardCode, parseSubscriptionPlan, subscriptionPriceText, type BillingPeriodUnit } from '@tessera/core';
import type { Executor } from '../../storage/statement.js';
import { money, type Money } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';
import type { Signer } from './signing.js';
import { storeRules } from './settings.js';

/** Where an order's pages live: its confirmation (202; 204 for a donation, 206 for a subscription) and its status (211). */
export function orderLinks(kind: string, token: string) {
  const confirmed =
    kind === 'donation' ? '/commerce/contribution-confirmed' : kind === 'subscription' ? '/checkout/subscription-confirmed' : '/checkout/order-confirmed';
  return { confirmationUrl: `${confirmed}?token=${token}`, orderStatusUrl: `/commerce/order-status?token=${token}` };
}

const downloadUrl = (downloadId: string, signature: string) => `/api/commerce/downloads/${downloadId}?token=${signature}`;

/** An order as its answer and its pages show it. Money is in minor units, with money objects beside. */
export interface OrderView {
  id: string;
  orderNumber: number;
  kind: string;
  customerEmail: string;
  created: number;
  currency: string;
  /** PROCESSING, PENDING, PAID, DECLINED or CANCELED (a pending order whose hold expired, or canceled by hand). */
  paymentStatus: string;
  fulfillmentStatus: string;
  /** While the payment is pending: when the order stops holding its stock and is canceled unless paid. */
  holdExpiresOn: number | null;
  lines: {
    id: string;
    itemId: string | null;
    title: string;
    productType: number | null;
    quantity: number;
    chosenVariant: { sku: string | null; attributes: Record<string, string> };
    additionalFields: string | null;
    unitPriceCents: number;
    subTotalCents: number;
    unitPriceMoney: Money;
    subTotalMoney: Money;
    /** Codes of the gift cards this line bought (once paid). */
    giftCards: { code: string; amountCents: number; amountMoney: Money }[];
    /** The download link of a digital product (once paid), bound to this order, with its expiry. */
    download: { url: string; expiresOn: number } | null;
  }[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  giftCardCents: number;
  grandTotalCents: number;
  amountDueCents: number;
  subtotalMoney: Money;
  discountMoney: Money;
  shippingCostMoney: Money;
  taxMoney: Money;
  giftCardMoney: Money;
  grandTotalMoney: Money;
  amountDueMoney: Money;
  shippingAddress: Record<string, string> | null;
  shippingOption: { id: string; name: string; priceCents: number } | null;
  coupons: string[];
  subscriptions: {
    id: string;
    title: string;
    status: string;
    billingPeriod: { value: number; unit: string };
    numBillingCycles: number;
    nextBillingDate: number | null;
    priceText: string;
  }[];
  orderStatusUrl: string;
}

/** Everything an order shows, read in a few queries (`db` may be an open transaction). */
export async function orderView(deps: { signer: Signer }, s: SiteSnapshot, db: Executor, orderId: string): Promise<OrderView | null> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('website_id', '=', s.website.id).executeTakeFirst();
  if (!order) return null;
  const [lines, giftCards, downloads, subscriptions] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    db
      .selectFrom('gift_cards')
      .select(['code', 'initial_cents', 'order_line_id'])
      .where('order_id', '=', orderId)
      .orderBy('created_on')
      .orderBy('code')
      .execute(),
    db.selectFrom('order_downloads').select(['id', 'order_line_id', 'expires_on']).where('order_id', '=', orderId).execute(),
    db.selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).orderBy('created_on').execute(),
  ]);
  const currency = order.currency;
  const m = (cents: number) => money(cents, currency);
  const token = await deps.signer.orderToken(s.website.id, order.id);
  const links = new Map<string, { url: string; expiresOn: number }>();
  for (const d of downloads) {
    links.set(d.order_line_id, { url: downloadUrl(d.id, await deps.signer.sign(s.website.id, 'download', d.id, order.id)), expiresOn: d.expires_on });
  }
  const rules = storeRules(s);
  return {
    id: order.id,
    orderNumber: order.order_number,
    kind: order.kind,
    customerEmail: order.customer_email,
    created: order.created_on,
    currency,
    paymentStatus: order.payment_status.toUpperCase(),
    fulfillmentStatus: order.fulfillment_status,
    holdExpiresOn: order.payment_status === 'pending' ? order.hold_expires_on : null,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.item_id,
      title: l.title,
      productType: l.product_type,
      quantity: l.quantity,
      chosenVariant: { sku: l.sku, attributes: JSON.parse(l.attributes) as Record<string, string> },
      additionalFields: l.additional_fields,
      unitPriceCents: l.unit_price_cents,
      subTotalCents: l.subtotal_cents,
      unitPriceMoney: m(l.unit_price_cents),
      subTotalMoney: m(l.subtotal_cents),
      giftCards: giftCards
        .filter((g) => g.order_line_id === l.id)
        .map((g) => ({ code: formatGiftCardCode(g.code), amountCents: g.initial_cents, amountMoney: m(g.initial_cents) })),
      download: links.get(l.id) ?? null,
    })),
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    shippingCostCents: order.shipping_cost_cents,
    taxCents: order.tax_cents,
    giftCardCents: order.gift_card_cents,
    grandTotalCents: order.grand_total_cents,
    amountDueCents: order.amount_due_cents,
    subtotalMoney: m(order.subtotal_cents),
    discountMoney: m(order.discount_cents),
    shippingCostMoney: m(order.shipping_cost_cents),
    taxMoney: m(order.tax_cents),
    giftCardMoney: m(order.gift_card_cents),
    grandTotalMoney: m(order.grand_total_cents),
    amountDueMoney: m(order.amount_due_cents),
    shippingAddress: order.shipping_address ? (JSON.parse(order.shipping_address) as Record<string, string>) : null,
    shippingOption: order.shipping_option ? (JSON.parse(order.shipping_option) as { id: string; name: string; priceCents: number }) : null,
    coupons: JSON.parse(order.coupons) as string[],
    subscriptions: subscriptions.map((sub) => {
      const plan = parseSubscriptionPlan({
        billingPeriod: { value: sub.billing_period_value, unit: sub.billing_period_unit },
        numBillingCycles: sub.num_billing_cycles,
      })!;
      return {
        id: sub.id,
        title: sub.title,
        status: sub.status,
        billingPeriod: { value: plan.billingPeriod.value, unit: plan.billingPeriod.unit as BillingPeriodUnit },
        numBillingCycles: plan.numBillingCycles,
        nextBillingDate: sub.next_billing_on,
        priceText: subscriptionPriceText(plan, rules.format(sub.price_cents * sub.quantity)),
      };
    }),
    orderStatusUrl: orderLinks(order.kind, token).orderStatusUrl,
  };
}
