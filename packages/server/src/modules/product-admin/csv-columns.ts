import { getCurrency, isCurrencyCode, minorToDecimalString } from '@tessera/core';

/**
 * The products CSV (docs/owner-api.md "Product import and export"): one row per variant, with the
 * product's own fields repeated on each of its rows. The export writes every column; an import needs
 * `SKU` and reads the others it finds, by name in any case and order.
 */
export const CSV_COLUMNS = [
  'SKU',
  'Collection',
  'URL slug',
  'Title',
  'Type',
  'Status',
  'Options',
  'Price',
  'Sale price',
  'On sale',
  'Stock',
  'Unlimited',
  'Weight (g)',
  'Currency',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'physical', 2: 'digital', 3: 'service', 4: 'gift card', 5: 'paywall' };

/** The largest amount of money a price may hold, in minor units (the site directory's limit). */
const MAX_CENTS = 2_000_000_000;

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a return, and not
 * a plain number) gets a leading apostrophe, as the orders' export writes it; an import takes the
 * apostrophe off again, so a file exported and imported unchanged changes nothing.
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}
export const unprotect = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** Minor units as the CSV writes them: a decimal in the currency's major unit (`24.00`; JPY `2400`). */
export const decimalOf = (cents: number, currency: string) => minorToDecimalString(cents, isCurrencyCode(currency) ? currency : 'USD');

/** A price cell to minor units, or the message for the cell: digits, a point, at most the currency's fraction digits. */
export function centsOf(text: string, currency: string): number | string {
  const digits = getCurrency(isCurrencyCode(currency) ? currency : 'USD').fractionDigits;
  const example = digits === 0 ? '2400' : `24.${'0'.repeat(digits)}`;
  const match = /^(\d{1,10})(?:\.(\d*))?$/.exec(text.replace(/,/g, ''));
  const wrong = `Enter an amount in ${currency} such as ${example}${digits === 0 ? ', without decimals' : `, with at most ${digits} decimals`} (got "${text}").`;
  if (!match) return wrong;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return wrong;
  const cents = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (cents > MAX_CENTS) return `Enter an amount of at most ${decimalOf(MAX_CENTS, currency)}.`;
  return cents;
}

/** yes/no, true/false, 1/0 (any case); null for anything else. */
export function flagOf(text: string): boolean | null {
  const t = text.toLowerCase();
  if (['yes', 'true', '1', 'y'].includes(t)) return true;
  if (['no', 'false', '0', 'n'].includes(t)) return false;
  return null;
}

/** A whole number within bounds, or null. */
export function wholeOf(text: string, max: number): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** A product type by number (1 to 5) or name (`physical`, `gift card`, …); null when it is neither. */
export function typeOf(text: string): number | null {
  if (/^[1-5]$/.test(text)) return Number(text);
  const entry = Object.entries(TYPE_NAMES).find(([, name]) => name === text.toLowerCase().replace(/[-_]/g, ' '));
  return entry ? Number(entry[0]) : null;
}

/** Options as written: `Colour: Blue; Size: S`. */
export const optionsText = (attributes: Record<string, string>, ordering: string[]) => {
  const names = [...ordering.filter((n) => n in attributes), ...Object.keys(attributes).filter((n) => !ordering.includes(n))];
  return names.map((n) => `${n}: ${attributes[n]}`).join('; ');
};

/** `Colour: Blue; Size: S` as names and values in order; a message when a part is not `name: value` or names twice. */
export function optionsOf(text: string): [string, string][] | string {
  if (text.trim() === '') return [];
  const out: [string, string][] = [];
  for (const part of text.split(';')) {
    const at = part.indexOf(':');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (at < 0 || name === '' || value === '') return `Write options as "Name: value", separated by ";" (such as "Colour: Blue; Size: S").`;
    if (out.some(([n]) => n === name)) return `The option "${name}" is named twice.`;
    out.push([name, value]);
  }
  return out;
}
