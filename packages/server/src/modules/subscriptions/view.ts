import { subscriptionPriceText } from '@tessera/core';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { storeRules, type SavedMethod } from '../commerce/index.js';
import type { SubscriptionRow } from './claim.js';
import { planOf } from './schedule.js';

/** A subscription as the customer's page and the owner's customer page show it. */
export interface SubscriptionView {
  id: string;
  title: string;
  itemId: string;
  quantity: number;
  /** active, past_due, paused, canceled, ended. */
  status: SubscriptionRow['status'];
  priceText: string;
  priceCents: number;
  currency: string;
  billingPeriod: { value: number; unit: string };
  numBillingCycles: number;
  cyclesBilled: number;
  startedOn: number;
  /** The next renewal's date (null once nothing renews); a past-due one's retry is `retryOn`. */
  nextBillingDate: number | null;
  retryOn: number | null;
  failedAttempts: number;
  /** What the customer sees of the kept payment method ("Card ending 4242"); null without one. */
  paymentMethod: string | null;
  paymentProvider: string | null;
  paused: { on: number; by: string | null } | null;
  resumed: { on: number; by: string | null } | null;
  canceled: { on: number; by: string | null } | null;
  ended: { on: number; reason: string | null } | null;
  /** Its first order and its renewal orders (failed ones too), newest first. */
  orders: { id: string; orderNumber: number; created: number; grandTotalCents: number; paymentStatus: string; renewal: boolean; cycle: number | null }[];
}

const when = (on: number | null, by: string | null) => (on === null ? null : { on: Number(on), by });

/** The views of subscriptions, with their orders read in one query for all. */
export async function subscriptionViews(db: Executor, s: SiteSnapshot, subs: SubscriptionRow[]): Promise<SubscriptionView[]> {
  if (subs.length === 0) return [];
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'created_on', 'grand_total_cents', 'payment_status', 'subscription_id', 'subscription_cycle'])
    .where('website_id', '=', s.website.id)
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          subs.map((x) => x.order_id),
        ),
        eb(
          'subscription_id',
          'in',
          subs.map((x) => x.id),
        ),
      ]),
    )
    .orderBy('created_on', 'desc')
    .orderBy('order_number', 'desc')
    .execute();
  const { format } = storeRules(s);
  return subs.map((sub) => {
    const plan = planOf(sub);
    const method = sub.saved_method ? (JSON.parse(sub.saved_method) as SavedMethod) : null;
    return {
      id: sub.id,
      title: sub.title,
      itemId: sub.item_id,
      quantity: sub.quantity,
      status: sub.status,
      priceText: subscriptionPriceText(plan, format(sub.price_cents * sub.quantity)),
      priceCents: sub.price_cents * sub.quantity,
      currency: sub.currency,
      billingPeriod: plan.billingPeriod,
      numBillingCycles: plan.numBillingCycles,
      cyclesBilled: sub.cycles_billed,
      startedOn: Number(sub.started_on),
      nextBillingDate: sub.status === 'active' || sub.status === 'past_due' ? (sub.next_billing_on === null ? null : Number(sub.next_billing_on)) : null,
      retryOn: sub.retry_on === null ? null : Number(sub.retry_on),
      failedAttempts: sub.failed_attempts,
      paymentMethod: method?.label ?? null,
      paymentProvider: sub.payment_provider,
      paused: sub.status === 'paused' ? when(sub.paused_on, sub.paused_by) : null,
      resumed: when(sub.resumed_on, sub.resumed_by),
      canceled: when(sub.canceled_on, sub.canceled_by),
      ended: sub.ended_on === null ? null : { on: Number(sub.ended_on), reason: sub.ended_reason },
      orders: orders
        .filter((o) => o.id === sub.order_id || o.subscription_id === sub.id)
        .map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          created: Number(o.created_on),
          grandTotalCents: o.grand_total_cents,
          paymentStatus: o.payment_status.toUpperCase(),
          renewal: o.subscription_id === sub.id,
          cycle: o.subscription_cycle,
        })),
    };
  });
}
