import { CURRENCY_CODES, DEFAULT_DONATION_SETTINGS, STRIPE_METHOD_TYPES, isCurrencyCode } from '@tessera/core';
import { DEFAULT_CURRENCY } from '../constants.js';
import { Reader, type SiteIssue } from './checker.js';
import type { JsonObject } from './types.js';

/**
 * The checks of site.json's `currency` and `store` (docs/site-format.md), in one place for the two
 * ways they change: `tessera import` and the owner's store settings page. Both report the same
 * messages for the same bad input; the store object itself is kept as written (fields this version
 * does not know round-trip), so these checks only read it.
 */

/** The largest amount of money a setting may hold, in minor units (as a variant's price). */
const MAX_CENTS = 2_000_000_000;
/** A pending order holds its stock at most a year. */
const MAX_HOURS = 8760;
const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const OPTION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const COUPON_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const COUNTRY = /^[A-Z]{2}$/;
const INSTALLMENT_PROVIDERS = ['afterpay', 'clearpay'];

export interface StoreCheckOptions {
  /** The payment providers the server knows. Absent (an import, which runs without a server): any well-formed id. */
  readonly knownProviders?: readonly string[];
  /**
   * Which Stripe secret keys the site has stored (payment_secrets). Absent (an import: keys are
   * entered again in the studio after one): the secret key is not asked for.
   */
  readonly stripeSecretKeys?: { readonly test: boolean; readonly live: boolean };
}

/** site.json `currency`: one of the spec's 27 (USD when absent). */
export function readCurrency(r: Reader): string {
  const currency = r.string('currency', DEFAULT_CURRENCY);
  if (!isCurrencyCode(currency)) r.fail('currency', `"${currency}" is not a supported currency (${CURRENCY_CODES.join(', ')})`);
  return currency;
}

/** site.json `store`, checked; `{}` when absent. */
export function readStore(r: Reader, opts: StoreCheckOptions = {}): JsonObject {
  const s = r.child('store');
  if (!s) return {};
  s.integer('minimumOrderSubtotal', 0, 0, MAX_CENTS);
  for (const key of ['useLightCart', 'allowMultipleQuantityForServices', 'expressCheckout']) s.boolean(key, false);
  s.integer('orderHoldHours', 72, 1, MAX_HOURS);
  checkProviders(s, opts);
  checkStripe(s, opts);
  checkList(s, 'shippingOptions', checkShippingOptions);
  checkList(s, 'taxRules', checkTaxRules);
  checkList(s, 'coupons', checkCoupons);
  checkMerchandising(s.child('merchandising'));
  checkDonations(s.child('donations'));
  checkInstallments(s.child('installments'));
  return s.obj;
}

/** The store's issues as field errors keyed by path (`store.shippingOptions.1.priceCents`), as an API answers them. */
export function issuesAsFieldErrors(issues: readonly SiteIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.replace(/\[(\d+)\]/g, '.$1') || 'store';
    errors[key] ??= issue.message;
  }
  return errors;
}

function checkProviders(s: Reader, opts: StoreCheckOptions): void {
  if (!s.has('paymentProviders')) return;
  const ids = s.stringArray('paymentProviders');
  if (Array.isArray(s.obj.paymentProviders) && s.obj.paymentProviders.length === 0) {
    s.fail('paymentProviders', 'must list at least one payment provider');
  }
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    const at = `paymentProviders[${i}]`;
    if (!PROVIDER_ID.test(id)) s.fail(at, `"${id}" is not a payment provider id (lowercase letters, digits, "-" and "_")`);
    else if (opts.knownProviders && !opts.knownProviders.includes(id)) {
      s.fail(at, `"${id}" is not a payment provider of this server (${opts.knownProviders.join(', ')})`);
    }
    if (seen.has(id)) s.fail(at, `"${id}" is listed twice`);
    seen.add(id);
  });
}

/** The payment methods besides cards (always offered) that an owner may turn on for Stripe. */
const STRIPE_METHODS: readonly string[] = STRIPE_METHOD_TYPES.filter((t) => t !== 'card');

/**
 * `store.stripe` (docs/payments.md): each publishable key in its own field by its prefix, known
 * payment methods only; and "stripe" in `paymentProviders` only once the active mode's publishable
 * key is set and (when the caller knows the stored secrets) its secret key is stored.
 */
function checkStripe(s: Reader, opts: StoreCheckOptions): void {
  const st = s.child('stripe');
  const testMode = st ? st.boolean('testMode', true) : true;
  const key = (field: string, prefix: string) =>
    st?.string(field, '', {
      pattern: new RegExp(`^(${prefix}[A-Za-z0-9_]{1,250})?$`),
      patternText: `is not a publishable key: it starts with ${prefix}`,
      maxLength: 300,
    }) ?? '';
  const keys = { test: key('testPublishableKey', 'pk_test_'), live: key('livePublishableKey', 'pk_live_') };
  st?.stringArray('paymentMethods').forEach((m, i) => {
    if (!STRIPE_METHODS.includes(m)) st.fail(`paymentMethods[${i}]`, `"${m}" is not a payment method Stripe offers here (${STRIPE_METHODS.join(', ')})`);
  });
  st?.boolean('expressCheckout', false);
  const ids = Array.isArray(s.obj.paymentProviders) ? s.obj.paymentProviders : [];
  const at = ids.indexOf('stripe');
  if (at < 0) return;
  const mode = testMode ? 'test' : 'live';
  if (!keys[mode])
    s.fail(`paymentProviders[${at}]`, `Stripe needs the ${mode} publishable key (store.stripe.${mode}PublishableKey) before checkout can offer it`);
  else if (opts.stripeSecretKeys && !opts.stripeSecretKeys[mode]) {
    s.fail(`paymentProviders[${at}]`, `Stripe needs the ${mode} secret key before checkout can offer it: enter it in the Stripe settings`);
  }
}

/** Each entry of a list as a Reader (`store.coupons[2]`), for `check`; an entry that is not an object is an issue. */
function checkList(s: Reader, key: string, check: (entries: Reader[]) => void): void {
  const list = s.array(key);
  const entries: Reader[] = [];
  list.forEach((value, i) => {
    const entry = Reader.of(s.issues, s.file, `${s.path}.${key}[${i}]`, value);
    if (entry) entries.push(entry);
  });
  check(entries);
}

function checkShippingOptions(options: Reader[]): void {
  const ids = new Set<string>();
  for (const o of options) {
    const id = o.string('id', null, { pattern: OPTION_ID, patternText: 'may hold only letters, digits, "-" and "_" (64 at most)' });
    if (id !== '' && ids.has(id)) o.fail('id', `"${id}" is the id of another shipping option`);
    ids.add(id);
    requiredText(o, 'name', 100);
    o.integer('priceCents', null, 0, MAX_CENTS);
    if (o.has('freeOverCents')) o.integer('freeOverCents', null, 0, MAX_CENTS);
  }
}

function checkTaxRules(rules: Reader[]): void {
  const places = new Set<string>();
  for (const t of rules) {
    const country = t.string('country', null, { pattern: COUNTRY, patternText: 'must be a two-letter country code in capitals, such as "US"' });
    const region = t.optionalString('region');
    if (region !== null && region.length > 100) t.fail('region', 'is longer than 100 characters');
    t.integer('rateBasisPoints', null, 0, 10_000);
    t.boolean('appliesToShipping', false);
    const place = `${country} ${(region ?? '').toUpperCase()}`.trim();
    if (places.has(place)) t.fail(region === null ? 'country' : 'region', `${place} has another tax rule already`);
    places.add(place);
  }
}

function checkCoupons(coupons: Reader[]): void {
  const codes = new Set<string>();
  for (const c of coupons) {
    const code = c.string('code', null, { pattern: COUPON_CODE, patternText: 'may hold only letters, digits, "-" and "_" (64 at most)' });
    const upper = code.toUpperCase();
    if (upper !== '' && codes.has(upper)) c.fail('code', `"${code}" is the code of another coupon (codes are case-insensitive)`);
    codes.add(upper);
    const kinds = ['percentOff', 'amountOffCents'].filter((k) => c.has(k)).length + (c.obj.freeShipping === true ? 1 : 0);
    if (kinds !== 1) c.fail(null, 'needs exactly one reduction: "percentOff", "amountOffCents" or "freeShipping": true');
    if (c.has('percentOff')) checkPercent(c, 'percentOff');
    if (c.has('amountOffCents')) c.integer('amountOffCents', null, 1, MAX_CENTS);
    c.boolean('freeShipping', false);
    if (c.has('minSubtotalCents')) c.integer('minSubtotalCents', null, 0, MAX_CENTS);
    const startsOn = c.date('startsOn');
    const endsOn = c.date('endsOn');
    if (startsOn !== null && endsOn !== null && endsOn <= startsOn) c.fail('endsOn', 'must be after startsOn');
    if (c.has('usageLimit')) c.integer('usageLimit', null, 1, 1_000_000_000);
  }
}

/** A percentage off: more than 0, at most 100, to the hundredth (12.5). */
function checkPercent(r: Reader, key: string): void {
  const value = r.raw(key);
  const ok = typeof value === 'number' && value > 0 && value <= 100 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
  if (!ok) r.fail(key, `must be a number from 0.01 to 100, to the hundredth (got ${JSON.stringify(value)})`);
}

function requiredText(r: Reader, key: string, maxLength: number): void {
  const text = r.string(key, null, { maxLength });
  if (r.has(key) && typeof r.obj[key] === 'string' && text.trim() === '') r.fail(key, 'is required');
}

function checkMerchandising(m: Reader | null): void {
  if (!m) return;
  for (const key of [
    'restockNotificationsEnabled',
    'restockNotificationsMailingListSignUpEnabled',
    'restockNotificationsCaptchaEnabled',
    'restockAutoSend',
    'reviewsEnabled',
    'reviewsRequireApproval',
    'scarcityEnabled',
  ])
    m.boolean(key, false);
  m.string('restockNotificationsSuccessText', '', { maxLength: 500 });
  m.string('scarcityText', '', { maxLength: 200 });
  m.integer('scarcityThreshold', 5, 0, 1_000_000);
  m.integer('reviewRequestDelayHours', 168, 0, MAX_HOURS);
}

function checkDonations(d: Reader | null): void {
  if (!d) return;
  const min = d.integer('minCents', DEFAULT_DONATION_SETTINGS.minCents, 1, MAX_CENTS);
  const max = d.integer('maxCents', Math.max(min, DEFAULT_DONATION_SETTINGS.maxCents), 1, MAX_CENTS);
  if (max < min) d.fail('maxCents', 'must not be less than minCents');
  d.array('presetAmountsCents').forEach((amount, i) => {
    const at = `presetAmountsCents[${i}]`;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) d.fail(at, 'must be a whole number');
    else if (amount < min || amount > max) d.fail(at, `must be from minCents to maxCents (${min} to ${max}, got ${amount})`);
  });
}

function checkInstallments(i: Reader | null): void {
  if (!i) return;
  const provider = i.string('provider', 'afterpay');
  if (!INSTALLMENT_PROVIDERS.includes(provider)) i.fail('provider', `"${provider}" is not one of ${INSTALLMENT_PROVIDERS.join(', ')}`);
  const min = i.integer('minCents', 0, 0, MAX_CENTS);
  const max = i.integer('maxCents', 0, 0, MAX_CENTS);
  if (max < min) i.fail('maxCents', 'must not be less than minCents');
  i.integer('numInstallments', 4, 2, 12);
}
