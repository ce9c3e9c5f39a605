import { storeFractionDigits } from './fraction-digits.js';

/**
 * The 27 store currencies of storefront.md section 9, in the spec's order, with their
 * ISO 4217 names and numeric codes. Every currency has 2 fraction digits except JPY (0).
 */
export interface Currency {
  readonly code: CurrencyCode;
  readonly name: string;
  readonly fractionDigits: number;
  /** ISO 4217 numeric code, three digits as text ("036" for AUD). */
  readonly numericCode: string;
}

export const CURRENCY_CODES = Object.freeze([
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const);
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The store's selected currency when none is configured (storefront.md section 3). */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const table: ReadonlyArray<readonly [CurrencyCode, string, string]> = [
  ['EUR', 'Euro', '978'],
  ['USD', 'US Dollar', '840'],
  ['AUD', 'Australian Dollar', '036'],
  ['NOK', 'Norwegian Krone', '578'],
  ['CAD', 'Canadian Dollar', '124'],
  ['NZD', 'New Zealand Dollar', '554'],
  ['DKK', 'Danish Krone', '208'],
  ['GBP', 'Pound Sterling', '826'],
  ['HKD', 'Hong Kong Dollar', '344'],
  ['CHF', 'Swiss Franc', '756'],
  ['MXN', 'Mexican Peso', '484'],
  ['SGD', 'Singapore Dollar', '702'],
  ['SEK', 'Swedish Krona', '752'],
  ['CZK', 'Czech Koruna', '203'],
  ['ILS', 'New Israeli Sheqel', '376'],
  ['PHP', 'Philippine Peso', '608'],
  ['RUB', 'Russian Ruble', '643'],
  ['PLN', 'Zloty', '985'],
  ['THB', 'Baht', '764'],
  ['MYR', 'Malaysian Ringgit', '458'],
  ['ARS', 'Argentine Peso', '032'],
  ['BRL', 'Brazilian Real', '986'],
  ['COP', 'Colombian Peso', '170'],
  ['IDR', 'Rupiah', '360'],
  ['INR', 'Indian Rupee', '356'],
  ['JPY', 'Yen', '392'],
  ['ZAR', 'Rand', '710'],
];

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = Object.freeze(
  Object.fromEntries(
    table.map(([code, name, numericCode]) => [code, Object.freeze({ code, name, numericCode, fractionDigits: storeFractionDigits(code) })]),
  ) as Record<CurrencyCode, Currency>,
);

// The same table as a Map: every price of a page checks its currency, and a Map answers faster than
// a property lookup by a computed name.
const BY_CODE: ReadonlyMap<string, Currency> = new Map(Object.entries(CURRENCIES));

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

/** The currency for a code; throws `Unknown currency: XYZ` for any other value. */
export function getCurrency(code: unknown): Currency {
  const currency = typeof code === 'string' ? BY_CODE.get(code) : undefined;
  if (currency === undefined) throw new RangeError(`Unknown currency: ${String(code)}`);
  return currency;
}
