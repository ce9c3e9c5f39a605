import {
  formatMoney,
  isCurrencyCode,
  makeMoney,
  parseDonationSettings,
  type CartCoupon,
  type CurrencyCode,
  type DonationSettings,
  type TaxRuleForLocation,
} from '@tessera/core';
import type { SiteSnapshot } from '../site/index.js';

export interface ShippingOption {
  id: string;
  name: string;
  priceCents: number;
  freeOverCents: number | null;
}

/** The site's store rules (site.json `store`), read once per site snapshot. Never sent to pages as a whole. */
export interface StoreRules {
  currency: CurrencyCode;
  locale: string;
  minimumOrderSubtotalCents: number;
  coupons: (CartCoupon & { code: string })[];
  shippingOptions: ShippingOption[];
  taxRules: TaxRuleForLocation[];
  donations: DonationSettings;
  installments: { provider: string; minCents: number; maxCents: number; numInstallments: number } | null;
  /** How long an order whose payment is pending holds its stock before it is canceled (site.json `store.orderHoldHours`). */
  orderHoldHours: number;
  /** Formats minor units in the site's currency and language ("$12.00"). */
  format(cents: number): string;
}

/** The hold of a pending order when the site does not set one: three days, for a bank transfer to arrive. */
const DEFAULT_ORDER_HOLD_HOURS = 72;
/** The longest hold a site may set (a year): a hold is a bound, never "for ever". */
const MAX_ORDER_HOLD_HOURS = 8760;

const rulesBySnapshot = new WeakMap<SiteSnapshot, StoreRules>();
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
/** An ISO 8601 date or date-time (a coupon's `startsOn`, `endsOn`) as epoch ms; null when absent or not a date. */
const instant = (v: unknown): number | null => {
  const ms = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

export function storeRules(s: SiteSnapshot): StoreRules {
  let rules = rulesBySnapshot.get(s);
  if (rules) return rules;
  const store = s.store as Record<string, unknown>;
  const currency: CurrencyCode = isCurrencyCode(s.currency) ? s.currency : 'USD';
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isObject) : []);
  const coupons = list(store.coupons)
    .filter((c) => typeof c.code === 'string' && c.code.trim() !== '')
    .map((c) => ({
      code: String(c.code).trim(),
      ...(typeof c.percentOff === 'number' ? { percentOff: c.percentOff } : {}),
      ...(whole(c.amountOffCents) ? { amountOffCents: c.amountOffCents } : {}),
      ...(c.freeShipping === true ? { freeShipping: true } : {}),
      ...(whole(c.minSubtotalCents) ? { minSubtotalCents: c.minSubtotalCents } : {}),
      ...(instant(c.startsOn) !== null ? { startsOn: instant(c.startsOn)! } : {}),
      ...(instant(c.endsOn) !== null ? { endsOn: instant(c.endsOn)! } : {}),
      ...(whole(c.usageLimit) && c.usageLimit > 0 ? { usageLimit: c.usageLimit } : {}),
    }));
  const shippingOptions = list(store.shippingOptions)
    .filter((o) => typeof o.id === 'string' && whole(o.priceCents))
    .map((o) => ({
      id: String(o.id),
      name: typeof o.name === 'string' ? o.name : String(o.id),
      priceCents: o.priceCents as number,
      freeOverCents: whole(o.freeOverCents) ? o.freeOverCents : null,
    }));
  const taxRules = list(store.taxRules)
    .filter((r) => typeof r.country === 'string' && whole(r.rateBasisPoints))
    .map((r) => ({
      country: String(r.country),
      rateBasisPoints: r.rateBasisPoints as number,
      ...(typeof r.region === 'string' && r.region !== '' ? { region: r.region } : {}),
      ...(r.appliesToShipping === true ? { appliesToShipping: true } : {}),
    }));
  const inst = isObject(store.installments) ? store.installments : null;
  const locale = s.language;
  rules = {
    currency,
    locale,
    minimumOrderSubtotalCents: whole(store.minimumOrderSubtotal) ? store.minimumOrderSubtotal : 0,
    coupons,
    shippingOptions,
    taxRules,
    donations: parseDonationSettings(store.donations),
    installments: inst
      ? {
          provider: typeof inst.provider === 'string' ? inst.provider : 'afterpay',
          minCents: whole(inst.minCents) ? inst.minCents : 0,
          maxCents: whole(inst.maxCents) ? inst.maxCents : 0,
          numInstallments: whole(inst.numInstallments) && inst.numInstallments > 0 ? inst.numInstallments : 4,
        }
      : null,
    orderHoldHours:
      typeof store.orderHoldHours === 'number' && store.orderHoldHours > 0 && store.orderHoldHours <= MAX_ORDER_HOLD_HOURS
        ? store.orderHoldHours
        : DEFAULT_ORDER_HOLD_HOURS,
    format: (cents: number) => {
      try {
        return formatMoney(makeMoney(cents, currency), { locale });
      } catch {
        return formatMoney(makeMoney(cents, currency));
      }
    },
  };
  rulesBySnapshot.set(s, rules);
  return rules;
}

/** A coupon of the site by code, case-insensitively. */
export function findCoupon(rules: StoreRules, code: string) {
  const wanted = code.trim().toUpperCase();
  return rules.coupons.find((c) => c.code.toUpperCase() === wanted);
}

/** The store's merchandising settings (restock notices, reviews), an empty object when absent. */
export function merchandisingOf(store: Record<string, unknown>): Record<string, unknown> {
  const m = store.merchandising;
  return typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
}
