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

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A decimal string in major units to minor units: "19.99" -> 1999, ".5" -> 50, "100" -> 10000,
 * "1999" JPY -> 1999. Digits beyond the currency's fraction digits are rounded half away from
 * zero ("0.125" -> 13), or rejected with `rounding: 'reject'`. Throws on text that is not a
 * plain decimal number or that overflows a safe integer.
 */
export function decimalStringToMinor(
  text: string,
  currency: CurrencyCode = DEFAULT_CURRENCY,
  rounding: DecimalRounding = 'half-up',
): number {
  const match = DECIMAL.exec(typeof text === 'string' ? text.trim() : '');
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Not a decimal amount: ${JSON.stringify(text)}`);
  }
  const [, sign, whole, fraction = ''] = match;
  const digits = getCurrency(currency).fractionDigits;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const dropped = fraction.slice(digits);
  if (rounding === 'reject' && /[1-9]/.test(dropped)) {
    throw new RangeError(`${text} has more than ${digits} fraction digits for ${currency}`);
  }
  let minor = BigInt((whole || '0') + kept);
  if (dropped !== '' && dropped.charCodeAt(0) >= 53 /* '5' */) minor += 1n;
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
