// The form's state: the store settings as the owner edits them (amounts as typed, in major units;
// dates in the site's time zone), made from the stored object and turned back into it. Fields the
// page does not edit, on the store and on each row, are carried along unchanged, so a save never
// drops what an import or a newer version wrote. Errors are keyed by the paths the server uses
// (`store.shippingOptions.1.priceCents`), so the form shows its own and the server's in one place.
import { type Parsed, formatHundredths, formatMinor, parseHundredths, parseMoney, parseWhole } from './amounts.js';
import type { StoreObject, StoreSettings } from './calls.js';
import { fromLocalInput, toLocalInput } from './zoned.js';

type Obj = Record<string, unknown>;

interface ShippingDraft {
  readonly key: string;
  id: string;
  name: string;
  price: string;
  freeOver: string;
  readonly extra: Obj;
}

interface TaxDraft {
  readonly key: string;
  country: string;
  region: string;
  /** Percent, to the hundredth ("8.87"). */
  rate: string;
  appliesToShipping: boolean;
  readonly extra: Obj;
}

export type CouponKind = 'percent' | 'amount' | 'freeShipping';

export interface CouponDraft {
  readonly key: string;
  code: string;
  kind: CouponKind;
  percent: string;
  amount: string;
  minSubtotal: string;
  /** Wall-clock time in the site's time zone, "YYYY-MM-DDTHH:mm"; "" for none. */
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  readonly extra: Obj;
}

export interface Messages {
  restockNotificationsEnabled: boolean;
  restockNotificationsMailingListSignUpEnabled: boolean;
  restockNotificationsCaptchaEnabled: boolean;
  restockAutoSend: boolean;
  restockNotificationsSuccessText: string;
  scarcityEnabled: boolean;
  scarcityText: string;
  scarcityThreshold: string;
  reviewsEnabled: boolean;
  reviewRequestDelayHours: string;
}

export interface Draft {
  currency: string;
  minimumOrderSubtotal: string;
  orderHoldHours: string;
  useLightCart: boolean;
  allowMultipleQuantityForServices: boolean;
  expressCheckout: boolean;
  /** The accepted providers' ids, in order: the first is the checkout's default. */
  paymentProviders: string[];
  shippingOptions: ShippingDraft[];
  taxRules: TaxDraft[];
  coupons: CouponDraft[];
  messages: Messages;
  donations: { presets: string; min: string; max: string };
  installments: { enabled: boolean; provider: string; min: string; max: string; count: string };
  /** The public half of the Stripe settings (store.stripe); its secrets are saved on their own (sections/stripe.tsx). */
  stripe: StripeDraft;
}

interface StripeDraft {
  testMode: boolean;
  testPublishableKey: string;
  livePublishableKey: string;
  afterpayClearpay: boolean;
  klarna: boolean;
  expressCheckout: boolean;
}

export type FieldErrors = Record<string, string>;

let counter = 0;
/** A key for a row of a list, stable while the owner edits it. */
export const rowKey = () => `row-${++counter}`;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : '');
const bool = (v: unknown, fallback = false) => (typeof v === 'boolean' ? v : fallback);
const without = (o: Obj, keys: readonly string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

const SHIPPING_KEYS = ['id', 'name', 'priceCents', 'freeOverCents'];
const TAX_KEYS = ['country', 'region', 'rateBasisPoints', 'appliesToShipping'];
const COUPON_KEYS = ['code', 'percentOff', 'amountOffCents', 'freeShipping', 'minSubtotalCents', 'startsOn', 'endsOn', 'usageLimit'];

/** The fraction digits of a currency of the answer (2 when unknown). */
export function digitsOf(settings: Pick<StoreSettings, 'currencies'>, currency: string): number {
  return settings.currencies.find((c) => c.code === currency)?.fractionDigits ?? 2;
}

export function toDraft(settings: StoreSettings, zone: string): Draft {
  const s = settings.store;
  const d = digitsOf(settings, settings.currency);
  const money = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? formatMinor(v, d) : '');
  const m = isObj(s.merchandising) ? s.merchandising : {};
  const donations = isObj(s.donations) ? s.donations : {};
  const inst = isObj(s.installments) ? s.installments : null;
  const st = isObj(s.stripe) ? s.stripe : {};
  const methods = Array.isArray(st.paymentMethods) ? st.paymentMethods : [];
  return {
    currency: settings.currency,
    minimumOrderSubtotal: typeof s.minimumOrderSubtotal === 'number' && s.minimumOrderSubtotal > 0 ? money(s.minimumOrderSubtotal) : '',
    orderHoldHours: whole(s.orderHoldHours),
    useLightCart: bool(s.useLightCart),
    allowMultipleQuantityForServices: bool(s.allowMultipleQuantityForServices, true),
    expressCheckout: bool(s.expressCheckout),
    paymentProviders: Array.isArray(s.paymentProviders) ? s.paymentProviders.filter((p): p is string => typeof p === 'string') : ['offline'],
    shippingOptions: objects(s.shippingOptions).map((o) => ({
      key: rowKey(),
      id: text(o.id),
      name: text(o.name),
      price: money(o.priceCents),
      freeOver: money(o.freeOverCents),
      extra: without(o, SHIPPING_KEYS),
    })),
    taxRules: objects(s.taxRules).map((t) => ({
      key: rowKey(),
      country: text(t.country),
      region: text(t.region),
      rate: typeof t.rateBasisPoints === 'number' && Number.isInteger(t.rateBasisPoints) ? formatHundredths(t.rateBasisPoints) : '',
      appliesToShipping: bool(t.appliesToShipping),
      extra: without(t, TAX_KEYS),
    })),
    coupons: objects(s.coupons).map((c) => ({
      key: rowKey(),
      code: text(c.code),
      kind: c.freeShipping === true ? 'freeShipping' : c.amountOffCents !== undefined ? 'amount' : 'percent',
      percent: typeof c.percentOff === 'number' ? formatHundredths(Math.round(c.percentOff * 100)) : '',
      amount: money(c.amountOffCents),
      minSubtotal: money(c.minSubtotalCents),
      startsOn: toLocalInput(c.startsOn, zone),
      endsOn: toLocalInput(c.endsOn, zone),
      usageLimit: whole(c.usageLimit),
      extra: without(c, COUPON_KEYS),
    })),
    messages: {
      restockNotificationsEnabled: bool(m.restockNotificationsEnabled),
      restockNotificationsMailingListSignUpEnabled: bool(m.restockNotificationsMailingListSignUpEnabled),
      restockNotificationsCaptchaEnabled: bool(m.restockNotificationsCaptchaEnabled),
      // On unless the site turned it off (a site that says nothing sends by itself).
      restockAutoSend: m.restockAutoSend !== false,
      restockNotificationsSuccessText: text(m.restockNotificationsSuccessText),
      scarcityEnabled: bool(m.scarcityEnabled),
      scarcityText: text(m.scarcityText),
      scarcityThreshold: whole(m.scarcityThreshold),
      reviewsEnabled: bool(m.reviewsEnabled),
      reviewRequestDelayHours: whole(m.reviewRequestDelayHours),
    },
    donations: {
      presets: Array.isArray(donations.presetAmountsCents) ? donations.presetAmountsCents.map(money).filter(Boolean).join(', ') : '',
      min: money(donations.minCents),
      max: money(donations.maxCents),
    },
    installments: {
      enabled: inst !== null,
      provider: text(inst?.provider) || 'afterpay',
      min: money(inst?.minCents),
      max: money(inst?.maxCents),
      count: whole(inst?.numInstallments) || '4',
    },
    stripe: {
      testMode: st.testMode !== false,
      testPublishableKey: text(st.testPublishableKey),
      livePublishableKey: text(st.livePublishableKey),
      afterpayClearpay: methods.includes('afterpay_clearpay'),
      klarna: methods.includes('klarna'),
      expressCheckout: bool(st.expressCheckout),
    },
  };
}

/** The money fields of a draft, rewritten for another currency's fraction digits (the minor units stay). */
export function withCurrency(draft: Draft, currency: string, from: number, to: number): Draft {
  const re = (t: string) => {
    const p = parseMoney(t, from);
    return t.trim() !== '' && p.ok ? formatMinor(p.value, to) : t;
  };
  return {
    ...draft,
    currency,
    minimumOrderSubtotal: re(draft.minimumOrderSubtotal),
    shippingOptions: draft.shippingOptions.map((o) => ({ ...o, price: re(o.price), freeOver: re(o.freeOver) })),
    coupons: draft.coupons.map((c) => ({ ...c, amount: re(c.amount), minSubtotal: re(c.minSubtotal) })),
    donations: {
      presets: draft.donations.presets
        .split(',')
        .map((p) => re(p.trim()))
        .filter((p) => p !== '')
        .join(', '),
      min: re(draft.donations.min),
      max: re(draft.donations.max),
    },
    installments: { ...draft.installments, min: re(draft.installments.min), max: re(draft.installments.max) },
  };
}

/**
 * The store object to save: the stored one with the draft's fields written over it, and the errors
 * of what cannot be read (an amount with too many decimals, a date that is not one). The server
 * checks the rest, as an import would.
 */
export function fromDraft(draft: Draft, stored: StoreObject, digits: number, zone: string): { store: StoreObject; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const put = (target: Obj, key: string, path: string, value: string, parse: (t: string) => Parsed, required = false) => {
    if (value.trim() === '') {
      if (required) errors[path] = 'Required.';
      delete target[key];
      return;
    }
    const parsed = parse(value);
    if (parsed.ok) target[key] = parsed.value;
    else errors[path] = parsed.message;
  };
  const money = (t: string) => parseMoney(t, digits);
  const store: Obj = { ...stored };
  put(store, 'minimumOrderSubtotal', 'store.minimumOrderSubtotal', draft.minimumOrderSubtotal, money);
  store.minimumOrderSubtotal ??= 0;
  put(store, 'orderHoldHours', 'store.orderHoldHours', draft.orderHoldHours, (t) => parseWhole(t, 1, 8760));
  store.useLightCart = draft.useLightCart;
  store.allowMultipleQuantityForServices = draft.allowMultipleQuantityForServices;
  store.expressCheckout = draft.expressCheckout;
  store.paymentProviders = [...draft.paymentProviders];

  store.shippingOptions = draft.shippingOptions.map((o, i) => {
    const out: Obj = { ...o.extra, id: o.id.trim(), name: o.name };
    const at = `store.shippingOptions.${i}`;
    put(out, 'priceCents', `${at}.priceCents`, o.price, money, true);
    put(out, 'freeOverCents', `${at}.freeOverCents`, o.freeOver, money);
    return out;
  });
  store.taxRules = draft.taxRules.map((t, i) => {
    const out: Obj = { ...t.extra, country: t.country.trim().toUpperCase() };
    if (t.region.trim() !== '') out.region = t.region.trim().toUpperCase();
    put(out, 'rateBasisPoints', `store.taxRules.${i}.rateBasisPoints`, t.rate, (x) => parseHundredths(x, 100), true);
    if (t.appliesToShipping) out.appliesToShipping = true;
    return out;
  });
  store.coupons = draft.coupons.map((c, i) => {
    const at = `store.coupons.${i}`;
    const out: Obj = { ...c.extra, code: c.code.trim() };
    if (c.kind === 'percent') {
      const p = c.percent.trim() === '' ? null : parseHundredths(c.percent, 100);
      if (!p) errors[`${at}.percentOff`] = 'Required.';
      else if (!p.ok) errors[`${at}.percentOff`] = p.message;
      else out.percentOff = p.value / 100;
    } else if (c.kind === 'amount') put(out, 'amountOffCents', `${at}.amountOffCents`, c.amount, money, true);
    else out.freeShipping = true;
    put(out, 'minSubtotalCents', `${at}.minSubtotalCents`, c.minSubtotal, money);
    for (const key of ['startsOn', 'endsOn'] as const) {
      if (c[key].trim() === '') continue;
      const iso = fromLocalInput(c[key], zone);
      if (iso) out[key] = iso;
      else errors[`${at}.${key}`] = 'Enter a date and time.';
    }
    put(out, 'usageLimit', `${at}.usageLimit`, c.usageLimit, (t) => parseWhole(t, 1, 1_000_000_000));
    return out;
  });

  const m: Obj = { ...(isObj(stored.merchandising) ? stored.merchandising : {}) };
  const msg = draft.messages;
  for (const key of [
    'restockNotificationsEnabled',
    'restockNotificationsMailingListSignUpEnabled',
    'restockNotificationsCaptchaEnabled',
    'restockAutoSend',
    'scarcityEnabled',
    'reviewsEnabled',
  ] as const)
    m[key] = msg[key];
  m.restockNotificationsSuccessText = msg.restockNotificationsSuccessText;
  m.scarcityText = msg.scarcityText;
  put(m, 'scarcityThreshold', 'store.merchandising.scarcityThreshold', msg.scarcityThreshold, (t) => parseWhole(t, 0, 1_000_000));
  put(m, 'reviewRequestDelayHours', 'store.merchandising.reviewRequestDelayHours', msg.reviewRequestDelayHours, (t) => parseWhole(t, 0, 8760));
  store.merchandising = m;

  const dn = draft.donations;
  if (isObj(stored.donations) || [dn.presets, dn.min, dn.max].some((t) => t.trim() !== '')) {
    const out: Obj = { ...(isObj(stored.donations) ? stored.donations : {}) };
    const presets: number[] = [];
    dn.presets
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .forEach((p) => {
        const parsed = money(p);
        if (parsed.ok) presets.push(parsed.value);
        else errors['store.donations.presetAmountsCents'] = `"${p}": ${parsed.message}`;
      });
    out.presetAmountsCents = presets;
    put(out, 'minCents', 'store.donations.minCents', dn.min, money);
    put(out, 'maxCents', 'store.donations.maxCents', dn.max, money);
    store.donations = out;
  }

  const inst = draft.installments;
  if (inst.enabled) {
    const out: Obj = { ...(isObj(stored.installments) ? stored.installments : {}), provider: inst.provider };
    put(out, 'minCents', 'store.installments.minCents', inst.min, money, true);
    put(out, 'maxCents', 'store.installments.maxCents', inst.max, money, true);
    put(out, 'numInstallments', 'store.installments.numInstallments', inst.count, (t) => parseWhole(t, 2, 12), true);
    store.installments = out;
  } else delete store.installments;
  const st = draft.stripe;
  // A store that never used Stripe gets no `stripe` object until the owner sets something in it.
  const used =
    isObj(stored.stripe) ||
    !st.testMode ||
    st.testPublishableKey.trim() ||
    st.livePublishableKey.trim() ||
    st.afterpayClearpay ||
    st.klarna ||
    st.expressCheckout;
  if (used) {
    const out: Obj = { ...(isObj(stored.stripe) ? stored.stripe : {}), testMode: st.testMode, expressCheckout: st.expressCheckout };
    out.paymentMethods = [...(st.afterpayClearpay ? ['afterpay_clearpay'] : []), ...(st.klarna ? ['klarna'] : [])];
    for (const [key, value] of [
      ['testPublishableKey', st.testPublishableKey.trim()],
      ['livePublishableKey', st.livePublishableKey.trim()],
    ] as const) {
      if (value) out[key] = value;
      else delete out[key];
    }
    store.stripe = out;
  }
  return { store, errors };
}

/** The paths of the fields the form shows; an error at another path is listed beside the Save button. */
const FORM_FIELD = new RegExp(
  [
    'currency',
    'store\\.(minimumOrderSubtotal|orderHoldHours|useLightCart|allowMultipleQuantityForServices|expressCheckout)',
    'store\\.paymentProviders(\\.\\d+)?',
    'store\\.shippingOptions\\.\\d+\\.(id|name|priceCents|freeOverCents)',
    'store\\.taxRules\\.\\d+(\\.(country|region|rateBasisPoints|appliesToShipping))?',
    'store\\.coupons\\.\\d+(\\.(code|percentOff|amountOffCents|freeShipping|minSubtotalCents|startsOn|endsOn|usageLimit))?',
    'store\\.merchandising\\.\\w+',
    'store\\.donations\\.(presetAmountsCents(\\.\\d+)?|minCents|maxCents)',
    'store\\.installments(\\.(provider|minCents|maxCents|numInstallments))?',
    'store\\.stripe\\.(testMode|testPublishableKey|livePublishableKey|expressCheckout|paymentMethods(\\.\\d+)?)',
  ]
    .map((p) => `(${p})`)
    .join('|')
    .replace(/^/, '^(')
    .replace(/$/, ')$'),
);

export const isFormField = (path: string) => FORM_FIELD.test(path);
