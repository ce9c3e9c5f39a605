import { namedCache } from '../format/caches.js';
import { compileNumberFormat, type LocaleNumberFormat } from '../format/locale-number.js';
import { getCurrency } from './currencies.js';
import { assertMoney, minorToDecimalString, type Money } from './money.js';

type CurrencyDisplay = 'symbol' | 'narrowSymbol' | 'code' | 'name';

export interface FormatMoneyOptions {
  /** BCP 47 locale; default en-US. */
  readonly locale?: string;
  /** How the currency is shown: symbol ($), code (USD) or name (US dollars). Default symbol. */
  readonly display?: CurrencyDisplay;
}

// Building an Intl.NumberFormat is far slower than using one, and a page formats many prices: each
// locale, currency and display is compiled once into a format that writes amounts without Intl
// (compileNumberFormat, with Intl's output).
const formatters = namedCache<string, LocaleNumberFormat>('money formats', 100);

function numberFormat(locale: string, currency: string, display: CurrencyDisplay, digits: number): LocaleNumberFormat {
  const key = `${locale}|${currency}|${display}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = compileNumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: display,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * Locale formatting on the built-in Intl API: 1999 USD -> "$19.99" (en-US), "19,99 $US" (fr-FR),
 * "USD 19.99" (display code), "19.99 US dollars" (display name). The amount goes to Intl as a
 * decimal string, so no float ever touches it. Throws `Money formatting requires a money object`
 * for anything but a Money.
 */
export function formatMoney(money: Money, options: FormatMoneyOptions = {}): string {
  assertMoney(money);
  const { fractionDigits } = getCurrency(money.currency);
  const nf = numberFormat(options.locale ?? 'en-US', money.currency, options.display ?? 'symbol', fractionDigits);
  return nf(minorToDecimalString(money.cents, money.currency));
}

/** The default money pattern: grouping on, "," between groups of 3, "." before the fraction. */
const DEFAULT_MONEY_PATTERN = Object.freeze({
  groupingSeparator: ',',
  decimalSeparator: '.',
  grouping: true,
  maxIntegerDigits: 15,
});

/**
 * The amount alone in the default pattern, without currency sign: 123456789 USD ->
 * "1,234,567.89", 1999 JPY -> "1,999", -5 USD -> "-0.05". An amount with more than 15 integer
 * digits cannot be shown in this pattern and throws a RangeError (truncating the high digits,
 * as a pattern's maximum would, is never right for money).
 */
export function formatMoneyPlain(money: Money): string {
  assertMoney(money);
  const text = minorToDecimalString(money.cents, money.currency);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.');
  if (whole.length > DEFAULT_MONEY_PATTERN.maxIntegerDigits) {
    throw new RangeError(`Amount has more than ${DEFAULT_MONEY_PATTERN.maxIntegerDigits} integer digits`);
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, DEFAULT_MONEY_PATTERN.groupingSeparator);
  const body = fraction === undefined ? grouped : grouped + DEFAULT_MONEY_PATTERN.decimalSeparator + fraction;
  return negative ? `-${body}` : body;
}
