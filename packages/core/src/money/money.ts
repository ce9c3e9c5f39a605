import { DEFAULT_CURRENCY, getCurrency, isCurrencyCode, type CurrencyCode } from './currencies.js';

/**
 * Money is an integer amount of the currency's minor unit (cents; yen for JPY) with its
 * currency. `cents` is the spec's word ("Money is stored in cents"): for a currency with 0
 * fraction digits it counts whole units. Never a float: every conversion below works on
 * integers and decimal strings.
 */
export interface Money {
  readonly cents: number;
  readonly currency: CurrencyCode;
}

export const MONEY_OBJECT_REQUIRED = 'Money formatting requires a money object';

/** Builds a money value; `cents` must be a safe integer and the currency one of the 27. */
export function makeMoney(cents: number, currency: CurrencyCode = DEFAULT_CURRENCY): Money {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money amount must be a whole number of minor units, got ${String(cents)}`);
  }
  getCurrency(currency);
  return Object.freeze({ cents, currency });
}

export function isMoney(value: unknown): value is Money {
  if (value === null || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.cents === 'number' && Number.isSafeInteger(m.cents) && isCurrencyCode(m.currency);
}

/** Throws `Money formatting requires a money object` unless `value` is a Money. */
export function assertMoney(value: unknown): asserts value is Money {
  if (!isMoney(value)) throw new TypeError(MONEY_OBJECT_REQUIRED);
}

/** 1999 USD -> "19.99"; -5 USD -> "-0.05"; 1999 JPY -> "1999". */
export function minorToDecimalString(cents: number, currency: CurrencyCode = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money amount must be a whole number of minor units, got ${String(cents)}`);
  }
  const digits = getCurrency(currency).fractionDigits;
  const sign = cents < 0 ? '-' : '';
  const abs = String(Math.abs(cents));
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

export type DecimalRounding = 'half-up' | 'reject';

/**
 * An optional sign, digits, and a point with more digits: `^([+-]?)(\d*)(?:\.(\d*))?$`, read character by
 * character since every price of a page goes through here.
 */
function splitAmount(t: string): { sign: string; whole: string; fraction: string } | undefined {
  const n = t.length;
  let i = 0;
  const first = t.charCodeAt(0);
  if (first === 43 || first === 45) i = 1; // '+', '-'
  const wholeStart = i;
  while (i < n && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
  const wholeEnd = i;
  let fraction = '';
  if (i < n && t.charCodeAt(i) === 46) {
    // '.'
    const start = ++i;
    while (i < n && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
    fraction = t.slice(start, i);
  }
  if (i !== n) return undefined;
  return { sign: wholeStart === 1 ? t[0] : '', whole: t.slice(wholeStart, wholeEnd), fraction };
}

/**
 * A decimal string in major units to minor units: "19.99" -> 1999, ".5" -> 50, "100" -> 10000,
 * "1999" JPY -> 1999. Digits beyond the currency's fraction digits are rounded half away from
 * zero ("0.125" -> 13), or rejected with `rounding: 'reject'`. Throws on text that is not a
 * plain decimal number or that overflows a safe integer.
 */
export function decimalStringToMinor(text: string, currency: CurrencyCode = DEFAULT_CURRENCY, rounding: DecimalRounding = 'half-up'): number {
  const parts = splitAmount(typeof text === 'string' ? text.trim() : '');
  if (parts === undefined || (parts.whole === '' && parts.fraction === '')) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(text)}`);
  }
  const { sign, whole, fraction } = parts;
  const digits = getCurrency(currency).fractionDigits;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const dropped = fraction.slice(digits);
  if (rounding === 'reject' && /[1-9]/.test(dropped)) {
    throw new RangeError(`${text} has more than ${digits} fraction digits for ${currency}`);
  }
  const minorDigits = (whole || '0') + kept;
  const up = dropped !== '' && dropped.charCodeAt(0) >= 53; /* '5' */
  // Up to 15 digits (and one more for rounding up) stay below 2^53: plain numbers are exact there, and
  // far cheaper than BigInt for the prices of a page.
  if (minorDigits.length <= 15) {
    const minor = Number(minorDigits) + (up ? 1 : 0);
    return sign === '-' ? -minor || 0 : minor; // `|| 0` turns -0 into 0
  }
  let minor = BigInt(minorDigits);
  if (up) minor += 1n;
  if (sign === '-') minor = -minor;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Amount ${text} is too large`);
  }
  return Number(minor) || 0; // `|| 0` turns -0 into 0
}

/** The page context's money object (`{ value, currency }`, value a decimal in major units). */
export interface MoneyValue {
  readonly value: string;
  readonly currency: CurrencyCode;
}

export function toMoneyValue(money: Money): MoneyValue {
  assertMoney(money);
  return { value: minorToDecimalString(money.cents, money.currency), currency: money.currency };
}

/**
 * Reads a money object of the site data: `{ value, currency }` or `{ decimalValue, currencyCode }`,
 * the value a decimal string or number in major units. The currency defaults to USD.
 * Returns undefined when there is no readable amount.
 */
export function fromMoneyValue(value: unknown, fallbackCurrency: CurrencyCode = DEFAULT_CURRENCY): Money | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const amount = v.value ?? v.decimalValue;
  const code = v.currency ?? v.currencyCode;
  const currency = isCurrencyCode(code) ? code : fallbackCurrency;
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  if (typeof text !== 'string') return undefined;
  try {
    return makeMoney(decimalStringToMinor(text, currency), currency);
  } catch {
    return undefined;
  }
}

/**
 * The currency of the Money that fromMoneyValue reads from `value`, or undefined when it reads none;
 * for formatters that need only the currency. The usual amount, plain decimal text ("19.99", "-5")
 * with at most 13 integer digits, always converts, so it is not converted here.
 */
export function moneyValueCurrency(value: unknown, fallbackCurrency: CurrencyCode = DEFAULT_CURRENCY): CurrencyCode | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const amount = v.value ?? v.decimalValue;
  if (typeof amount === 'string' && isShortPlainDecimal(amount)) {
    const code = v.currency ?? v.currencyCode;
    return isCurrencyCode(code) ? code : fallbackCurrency;
  }
  return fromMoneyValue(value, fallbackCurrency)?.currency;
}

// A sign, at most 13 digits, a point and digits, with at least one digit: its minor units (at most
// 15 digits with 2 fraction digits) are a safe integer.
function isShortPlainDecimal(t: string): boolean {
  const n = t.length;
  let i = 0;
  const first = t.charCodeAt(0);
  if (first === 43 || first === 45) i = 1;
  const start = i;
  while (i < n && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
  const whole = i - start;
  if (whole > 13) return false;
  let fraction = 0;
  if (i < n && t.charCodeAt(i) === 46) {
    const from = ++i;
    while (i < n && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
    fraction = i - from;
  }
  return i === n && whole + fraction > 0;
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Cannot combine ${a.currency} with ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  assertMoney(a);
  assertMoney(b);
  sameCurrency(a, b);
  return makeMoney(a.cents + b.cents, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertMoney(a);
  assertMoney(b);
  sameCurrency(a, b);
  return makeMoney(a.cents - b.cents, a.currency);
}

export function multiplyMoney(a: Money, quantity: number): Money {
  assertMoney(a);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be a whole number, got ${quantity}`);
  return makeMoney(a.cents * quantity, a.currency);
}
