import { ProductType, toProductType } from '../enums/product-type.js';
import { count } from './data.js';

/** Billing units of a subscription plan (storefront.md section 3). */
export type BillingPeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionPlan {
  readonly billingPeriod: { readonly value: number; readonly unit: BillingPeriodUnit };
  /** How many times the plan bills; 0 means until cancelled. */
  readonly numBillingCycles: number;
}

/** Per-year multipliers (section 9): 52 weeks, 12 months, 1 year in a year. */
export const PERIODS_PER_YEAR: Readonly<Record<BillingPeriodUnit, number>> = Object.freeze({
  WEEK: 52,
  MONTH: 12,
  YEAR: 1,
});

/** Subscriptions can be sold only for physical and service products. */
export function canSellSubscription(productType: unknown): boolean {
  const type = toProductType(productType);
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}

/**
 * Reads a plan from site data; undefined when it has no billing period of a positive whole
 * number of WEEK, MONTH or YEAR. A missing or invalid numBillingCycles means 0 (indefinite).
 */
export function parseSubscriptionPlan(raw: unknown): SubscriptionPlan | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const period = (raw as Record<string, unknown>).billingPeriod;
  if (!period || typeof period !== 'object') return undefined;
  const unit = String((period as Record<string, unknown>).unit ?? '').toUpperCase();
  const value = count((period as Record<string, unknown>).value);
  if ((unit !== 'WEEK' && unit !== 'MONTH' && unit !== 'YEAR') || !Number.isInteger(value) || value < 1) {
    return undefined;
  }
  const cycles = count((raw as Record<string, unknown>).numBillingCycles);
  return {
    billingPeriod: { value, unit },
    numBillingCycles: Number.isInteger(cycles) && cycles > 0 ? cycles : 0,
  };
}

export interface SubscriptionDuration {
  readonly value: number;
  readonly unit: BillingPeriodUnit;
}

/**
 * How long a finite plan runs: billing period times the number of cycles, in the period's
 * unit, or in years when that divides evenly into years (every 2 weeks for 26 cycles ->
 * 1 year; every month for 36 cycles -> 3 years). Undefined for an indefinite plan.
 */
export function subscriptionDuration(plan: SubscriptionPlan): SubscriptionDuration | undefined {
  if (plan.numBillingCycles <= 0) return undefined;
  const { value, unit } = plan.billingPeriod;
  const total = value * plan.numBillingCycles;
  const perYear = PERIODS_PER_YEAR[unit];
  if (unit !== 'YEAR' && total % perYear === 0) return { value: total / perYear, unit: 'YEAR' };
  return { value: total, unit };
}

const UNIT_WORD: Readonly<Record<BillingPeriodUnit, string>> = { WEEK: 'week', MONTH: 'month', YEAR: 'year' };
const KEY_PERIOD: Readonly<Record<BillingPeriodUnit, string>> = { WEEK: 'Weekly', MONTH: 'Monthly', YEAR: 'Yearly' };
const KEY_DURATION: Readonly<Record<BillingPeriodUnit, string>> = { WEEK: 'Weeks', MONTH: 'Months', YEAR: 'Years' };

/**
 * The localizedStrings key of a plan's price text, a fact of the page-context format:
 * `productPrice__{singlePrice|multiplePrices}__{1|n}{Weekly|Monthly|Yearly}__indefinite`, or
 * `...__limited__{1|n}{Weeks|Months|Years}` for a finite plan.
 */
export function subscriptionPriceKey(plan: SubscriptionPlan, multiplePrices: boolean): string {
  const { value, unit } = plan.billingPeriod;
  let key = `productPrice__${multiplePrices ? 'multiplePrices' : 'singlePrice'}__${value === 1 ? '1' : 'n'}${KEY_PERIOD[unit]}__`;
  const duration = subscriptionDuration(plan);
  if (!duration) return `${key}indefinite`;
  key += `limited__${duration.value === 1 ? '1' : 'n'}${KEY_DURATION[duration.unit]}`;
  return key;
}

/**
 * The English default text for a plan, with placeholders {price}, {billingPeriodValue} and
 * {duration}: "{price} every week", "{price} every {billingPeriodValue} weeks for {duration}
 * years", and "from ..." in front when the product's prices vary.
 */
export function defaultSubscriptionPriceTemplate(plan: SubscriptionPlan, multiplePrices: boolean): string {
  const { value, unit } = plan.billingPeriod;
  const every = value === 1 ? UNIT_WORD[unit] : `{billingPeriodValue} ${UNIT_WORD[unit]}s`;
  let text = `${multiplePrices ? 'from ' : ''}{price} every ${every}`;
  const duration = subscriptionDuration(plan);
  if (duration) text += ` for {duration} ${UNIT_WORD[duration.unit]}${duration.value === 1 ? '' : 's'}`;
  return text;
}

export interface SubscriptionPriceTemplate {
  /** The localizedStrings key consulted. */
  readonly key: string;
  /** The text with its {price} placeholder still in place (the caller inserts its own markup). */
  readonly template: string;
  readonly values: { readonly billingPeriodValue: number; readonly duration: number };
}

/**
 * The text for a plan's price: the site's localized string under {@link subscriptionPriceKey}
 * when present, else the English default; {billingPeriodValue} and {duration} are filled in,
 * {price} is left for the caller.
 */
export function subscriptionPriceTemplate(
  plan: SubscriptionPlan,
  options: { readonly multiplePrices?: boolean; readonly localizedStrings?: Readonly<Record<string, unknown>> } = {},
): SubscriptionPriceTemplate {
  const multiplePrices = options.multiplePrices ?? false;
  const key = subscriptionPriceKey(plan, multiplePrices);
  const localized = options.localizedStrings?.[key];
  const raw = typeof localized === 'string' ? localized : defaultSubscriptionPriceTemplate(plan, multiplePrices);
  const values = {
    billingPeriodValue: plan.billingPeriod.value,
    duration: subscriptionDuration(plan)?.value ?? 0,
  };
  const template = raw.replace(/\{billingPeriodValue\}/g, String(values.billingPeriodValue)).replace(/\{duration\}/g, String(values.duration));
  return { key, template, values };
}

/**
 * The plan's price text with `price` (already formatted text) in place:
 * "19.99 every 2 weeks for 12 weeks".
 */
export function subscriptionPriceText(
  plan: SubscriptionPlan,
  price: string,
  options: { readonly multiplePrices?: boolean; readonly localizedStrings?: Readonly<Record<string, unknown>> } = {},
): string {
  return subscriptionPriceTemplate(plan, options).template.replace(/\{price\}/g, () => price);
}

const DAY_MS = 86_400_000;

/**
 * The billing date one period after `from` (epoch milliseconds, UTC calendar): weeks add
 * 7 x value days; months and years move the calendar month and keep the day, clamped to the
 * last day of a shorter month (31 January + 1 month -> 28 or 29 February), time of day kept.
 */
export function addBillingPeriod(from: number, period: SubscriptionPlan['billingPeriod']): number {
  if (!Number.isFinite(from)) throw new RangeError(`Billing date must be a finite time, got ${from}`);
  if (!Number.isInteger(period.value) || period.value < 1) throw new RangeError(`Billing period must be a positive whole number, got ${period.value}`);
  if (period.unit === 'WEEK') return from + period.value * 7 * DAY_MS;
  const d = new Date(from);
  const months = period.unit === 'MONTH' ? period.value : period.value * 12;
  const year = d.getUTCFullYear() + Math.floor((d.getUTCMonth() + months) / 12);
  const month = (d.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * When a subscription bills next, after `cyclesBilled` charges since `startedOn`: the start plus
 * that many periods, counted from the start each time so month ends do not drift (31 Jan, 28
 * Feb, 31 Mar). Null when a finite plan has billed all its cycles (0 cycles = until cancelled).
 */
export function nextBillingDate(plan: SubscriptionPlan, startedOn: number, cyclesBilled = 1): number | null {
  if (plan.numBillingCycles > 0 && cyclesBilled >= plan.numBillingCycles) return null;
  return addBillingPeriod(startedOn, { value: plan.billingPeriod.value * cyclesBilled, unit: plan.billingPeriod.unit });
}
