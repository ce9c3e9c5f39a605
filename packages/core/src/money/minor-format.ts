import { namedCache } from '../format/caches.js';
import { storeFractionDigits } from './fraction-digits.js';

/**
 * A light formatter for the browser: minor units of a store currency in a locale, with nothing
 * but Intl (no currency table, so a page that only shows prices stays small). The fraction
 * digits are the store's (2, JPY 0; Intl's own differ for a few, COP and IDR among them); the
 * amount goes to Intl as a decimal string, so no float touches it. Same output as formatMoney.
 */
const formatters = namedCache<string, Intl.NumberFormat>('minor-unit money formats', 100);

export function formatMinorUnits(cents: number, currency: string, locale = 'en-US'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money amount must be a whole number of minor units, got ${String(cents)}`);
  const key = `${locale}|${currency}`;
  let nf = formatters.get(key);
  if (!nf) {
    const digits = storeFractionDigits(currency);
    nf = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, nf);
  }
  const digits = storeFractionDigits(currency);
  const abs = String(Math.abs(cents)).padStart(digits + 1, '0');
  const decimal = `${cents < 0 ? '-' : ''}${digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`}`;
  return nf.format(decimal as `${number}`);
}
