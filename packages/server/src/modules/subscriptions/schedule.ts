import { addBillingPeriod, parseSubscriptionPlan, type SubscriptionPlan } from '@tessera/core';

const DAY = 86_400_000;

/**
 * When a failed renewal is tried again, counted from the date the cycle fell due: after 1, 3 and
 * 7 days. The first retry catches a passing problem (a bank's hiccup, a card topped up the same
 * day); the later ones give the customer, mailed at each failure, a week to update their card, and
 * the last still falls before a monthly plan's next cycle. After the last one fails, the
 * subscription ends.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1 * DAY, 3 * DAY, 7 * DAY];

/** How often the `subscription-renewals` job looks for due subscriptions. */
export const RENEWAL_SWEEP_MS = 60_000;

/** A subscription row's plan. */
export function planOf(sub: { billing_period_value: number; billing_period_unit: string; num_billing_cycles: number }): SubscriptionPlan {
  return parseSubscriptionPlan({
    billingPeriod: { value: sub.billing_period_value, unit: sub.billing_period_unit },
    numBillingCycles: sub.num_billing_cycles,
  })!;
}

/**
 * The date the schedule's cycle number `cycle` (1: the first order) falls on: always counted from
 * the start, so that a month's end never drifts (Jan 31, Feb 28, Mar 31), shifted by the cycles a
 * pause skipped.
 */
export function cycleDate(sub: { started_on: number; skipped_cycles: number }, plan: SubscriptionPlan, cycle: number): number {
  const periods = cycle - 1 + sub.skipped_cycles;
  return periods === 0 ? sub.started_on : addBillingPeriod(sub.started_on, { value: plan.billingPeriod.value * periods, unit: plan.billingPeriod.unit });
}

/** Whether every cycle of a fixed-length plan is billed after `cyclesBilled`. */
export function complete(plan: SubscriptionPlan, cyclesBilled: number): boolean {
  return plan.numBillingCycles > 0 && cyclesBilled >= plan.numBillingCycles;
}

/**
 * Resuming a paused subscription: the next cycle is the first date of its schedule after the
 * resume (never one that passed while paused, so the paused time is never charged). Answers the
 * cycles to skip so that cycle `cyclesBilled + 1` falls on it.
 */
export function skipForResume(sub: { started_on: number; skipped_cycles: number; cycles_billed: number }, plan: SubscriptionPlan, now: number): number {
  let skipped = sub.skipped_cycles;
  while (cycleDate({ started_on: sub.started_on, skipped_cycles: skipped }, plan, sub.cycles_billed + 1) <= now) skipped++;
  return skipped;
}
