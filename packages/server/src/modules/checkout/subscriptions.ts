import { nextBillingDate, parseSubscriptionPlan } from '@tessera/core';
import { AppError } from '../../errors.js';
import { newId } from '../../storage/ids.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import type { Basket } from './basket.js';

/**
 * A subscription cart's checkout makes one subscription per line: its plan as it stands now,
 * billed once by this order, next billed one period after (@tessera/core's nextBillingDate).
 * Charging the later cycles is a billing job's work (not in this issue): it reads
 * `status = 'active' and next_billing_on <= now`.
 */
export async function addSubscriptions(_deps: CommerceDeps, s: SiteSnapshot, tx: Executor, orderId: string, email: string, basket: Basket, now: number) {
  for (const line of basket.lines) {
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
        status: 'active',
        customer_email: email,
        member_id: basket.cart?.member_id ?? null,
        started_on: now,
        next_billing_on: nextBillingDate(plan, now, 1),
        created_on: now,
      })
      .execute();
  }
}
