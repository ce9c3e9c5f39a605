import { ProductType, nextBillingDate, parseSubscriptionPlan } from '@tessera/core';
import { AppError } from '../../errors.js';
import { newId } from '../../storage/ids.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps, SavedMethod } from '../commerce/index.js';
import type { Basket } from './basket.js';

/**
 * The lines of a basket that start subscriptions: every line of a subscription cart, and a paywall
 * product (type 5) sold with `paywall.pricing: "subscription"` and a plan, bought by express
 * checkout (the members' join flow): its membership renews like any other subscription.
 */
export async function subscriptionLines(tx: Executor, s: SiteSnapshot, basket: Basket): Promise<Basket['lines']> {
  if (basket.kind === 'subscription') return basket.lines;
  const paywall = basket.lines.filter((l) => l.productType === ProductType.PAYWALL && l.itemId);
  if (basket.cart || paywall.length === 0) return [];
  const renewing = await tx
    .selectFrom('products')
    .innerJoin('subscription_plans', 'subscription_plans.item_id', 'products.item_id')
    .select(['products.item_id', 'products.data'])
    .where('products.website_id', '=', s.website.id)
    .where(
      'products.item_id',
      'in',
      paywall.map((l) => l.itemId!),
    )
    .execute();
  const ids = new Set(
    renewing.filter((r) => (JSON.parse(r.data) as { paywall?: { pricing?: unknown } }).paywall?.pricing === 'subscription').map((r) => r.item_id),
  );
  return paywall.filter((l) => ids.has(l.itemId!));
}

/**
 * A checkout that starts subscriptions makes one per line: its plan as it stands now, billed once
 * by this order (cycle 1), next billed one period after (@tessera/core's nextBillingDate), through
 * the provider that took this payment. The later cycles are the `subscription-renewals` job's
 * (modules/subscriptions): it reads `status = 'active' and next_billing_on <= now`.
 */
export async function addSubscriptions(
  _deps: CommerceDeps,
  s: SiteSnapshot,
  tx: Executor,
  orderId: string,
  email: string,
  lines: Basket['lines'],
  memberId: string | null,
  providerId: string,
  now: number,
) {
  for (const line of lines) {
    const planRow = await tx
      .selectFrom('subscription_plans')
      .selectAll()
      .where('website_id', '=', s.website.id)
      .where('item_id', '=', line.itemId!)
      .executeTakeFirst();
    const plan =
      planRow &&
      parseSubscriptionPlan({
        billingPeriod: { value: planRow.billing_period_value, unit: planRow.billing_period_unit },
        numBillingCycles: planRow.num_billing_cycles,
      });
    if (!plan) throw new AppError('NOT_SUBSCRIBABLE');
    await tx
      .insertInto('subscriptions')
      .values({
        id: newId(),
        website_id: s.website.id,
        order_id: orderId,
        item_id: line.itemId!,
        sku: line.sku!,
        title: line.title,
        quantity: line.quantity,
        price_cents: line.unitPriceCents,
        currency: s.currency,
        billing_period_value: plan.billingPeriod.value,
        billing_period_unit: plan.billingPeriod.unit,
        num_billing_cycles: plan.numBillingCycles,
        cycles_billed: 1,
        // A plan of one cycle is complete with this payment: nothing renews.
        status: plan.numBillingCycles === 1 ? 'ended' : 'active',
        ended_reason: plan.numBillingCycles === 1 ? 'completed' : null,
        ended_on: plan.numBillingCycles === 1 ? now : null,
        customer_email: email,
        member_id: memberId,
        started_on: now,
        next_billing_on: plan.numBillingCycles === 1 ? null : nextBillingDate(plan, now, 1),
        created_on: now,
        payment_provider: providerId,
      })
      .execute();
  }
}

/**
 * Keeps the payment method a provider answered with an order's payment on that order's
 * subscriptions, which their renewals charge (in the transaction that records the payment).
 */
export async function keepSavedMethod(tx: Executor, orderId: string, method: SavedMethod | undefined): Promise<void> {
  if (!method) return;
  await tx
    .updateTable('subscriptions')
    .set({ saved_method: JSON.stringify(method), payment_provider: method.provider })
    .where('order_id', '=', orderId)
    .execute();
}
