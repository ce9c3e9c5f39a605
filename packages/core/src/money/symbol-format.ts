import { namedCache } from '../format/caches.js';
import { compileNumberFormat, type LocaleNumberFormat } from '../format/locale-number.js';
import type { CurrencyCode } from './currencies.js';
import { getCurrency } from './currencies.js';
import { assertMoney, minorToDecimalString, type Money } from './money.js';

/**
 * The store's currency symbols, one per store currency, as the storefront's price texts show
 * them whatever the visitor's locale ("A$" for AUD in every locale, unlike CLDR's per-locale
 * symbols).
 */
export const CURRENCY_SYMBOLS: Readonly<Record<CurrencyCode, string>> = Object.freeze({
  EUR: '€',
  USD: '$',
  AUD: 'A$',
  NOK: 'kr',
  CAD: 'C$',
  NZD: 'NZ$',
  DKK: 'kr',
  GBP: '£',
  HKD: 'HK$',
  CHF: 'CHF',
  MXN: 'MX$',
  SGD: 'S$',
  SEK: 'kr',
  CZK: 'Kč',
  ILS: '₪',
  PHP: '₱',
  RUB: '₽',
  PLN: 'zł',
  THB: '฿',
  MYR: 'RM',
  ARS: '$',
  BRL: 'R$',
  COP: '$',
  IDR: 'Rp',
  INR: '₹',
  JPY: '¥',
  ZAR: 'R',
});

const placements = namedCache<string, boolean>('currency symbol placements', 100);

/** Whether the locale writes the currency before the amount (from Intl's own currency pattern). */
function symbolFirst(locale: string): boolean {
  let first = placements.get(locale);
  if (first === undefined) {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1);
    first = parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
    placements.set(locale, first);
  }
  return first;
}

const amountFormats = namedCache<string, LocaleNumberFormat>('store-symbol amount formats', 100);
const noBreakSpaces = (s: string) => s.replace(/[\u202f\u2009\s]/g, '\u00a0');

/** The locale's number format with `digits` fraction digits and no-break spaces, compiled once per locale. */
function amountFormat(locale: string, digits: number): LocaleNumberFormat {
  const key = `${locale}|${digits}`;
  let f = amountFormats.get(key);
  if (f === undefined) {
    f = compileNumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }, noBreakSpaces);
    amountFormats.set(key, f);
  }
  return f;
}

/**
 * A price with the store's symbol in the locale's number format: 123456 AUD -> "1.234,56 A$"
 * (de-DE), "A$1,234.56" (en-US), "1 234,56 A$" (fr-FR). The amount uses the locale's
 * separators, with a no-break space (U+00A0) for a space and "-" for the minus sign; the
 * symbol goes where the locale puts currencies, with a space between it and the digits when
 * the symbol's side that touches them is a letter ("kr 1,234.56", "1.234,56 kr"). Before the
 * amount, a spaced symbol keeps the sign with the digits ("kr -1,234.56"), an unspaced one
 * takes it in front ("-A$1,234.56").
 */
export function formatMoneyWithSymbol(money: Money, locale = 'en-US'): string {
  assertMoney(money);
  const digits = getCurrency(money.currency).fractionDigits;
  const amount = minorToDecimalString(money.cents, money.currency);
  const negative = amount.startsWith('-');
  const number = amountFormat(locale, digits)(negative ? amount.slice(1) : amount);
  const symbol = CURRENCY_SYMBOLS[money.currency];
  const sign = negative ? '-' : '';
  if (symbolFirst(locale)) {
    return /\p{L}$/u.test(symbol) ? `${symbol} ${sign}${number}` : `${sign}${symbol}${number}`;
  }
  return `${sign}${number}${/^\p{L}/u.test(symbol) ? ' ' : ''}${symbol}`;
}
