/**
 * Locale number formatting with Intl's output but without a call into Intl for each number.
 *
 * Building an Intl.NumberFormat is slow and using one costs microseconds, which adds up on a page
 * that formats every price of a product list. So Intl is asked once per locale and options: its
 * parts for a few sample numbers give the text before and after the digits (currency sign, minus
 * sign and where each goes), the decimal and group separators and the grouping sizes. A number is
 * then rounded and written with string operations on its decimal digits, so no float touches it.
 *
 * What this does not cover is left to Intl: other numbering systems, compact and scientific
 * notation, significant digits, currency names (their plural forms follow the number), percent,
 * unit and sign options, and numbers that are not plain decimal text or have very many digits. A
 * compiled format is checked against Intl on sample numbers when it is built, and Intl keeps any
 * format where the two disagree.
 */

/** Formats a decimal number (text such as "-1234.5" or "1e3", or a number) as Intl would. */
export type LocaleNumberFormat = (value: string | number) => string;

type RoundingMode = 'ceil' | 'floor' | 'expand' | 'trunc' | 'halfCeil' | 'halfFloor' | 'halfExpand' | 'halfTrunc' | 'halfEven';

const ROUNDING_MODES: ReadonlySet<string> = new Set<RoundingMode>([
  'ceil',
  'floor',
  'expand',
  'trunc',
  'halfCeil',
  'halfFloor',
  'halfExpand',
  'halfTrunc',
  'halfEven',
]);

interface Shape {
  readonly positivePrefix: string;
  readonly positiveSuffix: string;
  readonly negativePrefix: string;
  readonly negativeSuffix: string;
  readonly decimal: string;
  readonly group: string;
  /** The fewest integer digits that are grouped; 0 when grouping is off. */
  readonly groupFrom: number;
  readonly primary: number;
  readonly secondary: number;
  readonly minInteger: number;
  readonly minFraction: number;
  readonly maxFraction: number;
  readonly mode: RoundingMode;
}

// Beyond these Intl writes infinity or stops being exact in ways not worth following: it formats those.
const MAX_EXPONENT = 60;
const MAX_INTEGER_DIGITS = 40;
// Grouping is read from Intl's output for integers of up to this many digits.
const GROUPING_PROBE_DIGITS = 26;

const isDigit = (c: number) => c >= 48 && c <= 57;

// What splitDecimal read: the sign, the digits before the point without leading zeros ('' for zero) and
// the digits after it without trailing zeros. Module variables rather than a result object, since this
// runs for every number written and formatting is synchronous.
let negative = false;
let integerDigits = '';
let fractionDigits = '';

/**
 * Reads plain decimal text ("-1234.50", ".5", "1e3": what JSON numbers, String(number) and money
 * values give) into the variables above, character by character; false for anything else.
 */
function splitDecimal(text: string): boolean {
  const n = text.length;
  let i = 0;
  const sign = text.charCodeAt(0);
  if (sign === 45 || sign === 43) i = 1; // '-', '+'
  const wholeStart = i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  const wholeEnd = i;
  let fractionStart = i;
  let fractionEnd = i;
  if (i < n && text.charCodeAt(i) === 46) {
    // '.'
    fractionStart = ++i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    fractionEnd = i;
  }
  if (wholeEnd === wholeStart && fractionEnd === fractionStart) return false;
  let exponent = 0;
  if (i < n && (text.charCodeAt(i) | 32) === 101) {
    // 'e', 'E'
    const start = ++i;
    if (i < n && (text.charCodeAt(i) === 45 || text.charCodeAt(i) === 43)) i++;
    const digitsStart = i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (i === digitsStart) return false;
    exponent = Number(text.slice(start, i));
    if (exponent > MAX_EXPONENT || exponent < -MAX_EXPONENT) return false;
  }
  if (i !== n) return false;
  negative = sign === 45;
  let a = wholeStart;
  while (a < wholeEnd && text.charCodeAt(a) === 48) a++;
  let b = fractionEnd;
  while (b > fractionStart && text.charCodeAt(b - 1) === 48) b--;
  if (exponent === 0) {
    integerDigits = a === wholeEnd ? '' : text.slice(a, wholeEnd);
    fractionDigits = b === fractionStart ? '' : text.slice(fractionStart, b);
    return true;
  }
  // With an exponent the point moves: all the digits, then the point put back where it falls.
  let digits = text.slice(a, wholeEnd) + text.slice(fractionStart, b);
  let point = wholeEnd - a + exponent;
  let start = 0;
  while (start < digits.length && digits.charCodeAt(start) === 48) start++;
  let end = digits.length;
  while (end > start && digits.charCodeAt(end - 1) === 48) end--;
  point -= start;
  digits = digits.slice(start, end);
  if (digits === '') {
    integerDigits = '';
    fractionDigits = '';
  } else if (point <= 0) {
    integerDigits = '';
    fractionDigits = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    integerDigits = digits + '0'.repeat(point - digits.length);
    fractionDigits = '';
  } else {
    integerDigits = digits.slice(0, point);
    fractionDigits = digits.slice(point);
  }
  return true;
}

/** Adds one unit in the last place to a string of digits ("199" -> "200", "99" -> "100"). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57) i--;
  if (i < 0) return '1' + '0'.repeat(digits.length);
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - i - 1);
}

/** Whether dropping `rest` (digits after the kept ones, never all zeros) rounds the magnitude up. */
function roundsUp(mode: RoundingMode, isNegative: boolean, rest: string, lastKept: number): boolean {
  switch (mode) {
    case 'trunc':
      return false;
    case 'expand':
      return true;
    case 'ceil':
      return !isNegative;
    case 'floor':
      return isNegative;
    default:
      break;
  }
  const first = rest.charCodeAt(0);
  // rest has no trailing zeros, so "5" alone is exactly half and "5..." more than half.
  const half = first > 53 || (first === 53 && rest.length > 1) ? 1 : first === 53 ? 0 : -1;
  if (half !== 0) return half > 0;
  switch (mode) {
    case 'halfExpand':
      return true;
    case 'halfTrunc':
      return false;
    case 'halfCeil':
      return !isNegative;
    case 'halfFloor':
      return isNegative;
    default:
      return lastKept % 2 === 1; // halfEven
  }
}

function grouped(integer: string, s: Shape): string {
  if (s.groupFrom === 0 || integer.length < s.groupFrom) return integer;
  let end = integer.length - s.primary;
  let out = integer.slice(end);
  while (end > 0) {
    const start = Math.max(0, end - s.secondary);
    out = integer.slice(start, end) + s.group + out;
    end = start;
  }
  return out;
}

/**
 * Whether the text is written as it is between the affixes: digits without a leading zero (but "0"),
 * too few to group, with '.' as the shape's decimal separator and as many fraction digits as the shape
 * shows, none of them a trailing zero beyond the minimum. Most prices and ratings are.
 */
function verbatim(text: string, s: Shape): boolean {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  const whole = i - start;
  if (whole === 0 || whole < s.minInteger || (whole > 1 && text.charCodeAt(start) === 48) || (s.groupFrom !== 0 && whole >= s.groupFrom)) return false;
  if (i === n) return s.minFraction === 0;
  if (text.charCodeAt(i) !== 46 || s.decimal !== '.') return false;
  const point = ++i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  const fraction = i - point;
  return i === n && fraction >= s.minFraction && fraction <= s.maxFraction && fraction > 0 && (fraction === s.minFraction || text.charCodeAt(n - 1) !== 48);
}

/** The number written in the shape, or undefined when the text is beyond what the shape covers. */
function write(text: string, s: Shape): string | undefined {
  if (verbatim(text, s)) {
    return text.charCodeAt(0) === 45 ? s.negativePrefix + text.slice(1) + s.negativeSuffix : s.positivePrefix + text + s.positiveSuffix;
  }
  if (!splitDecimal(text)) return undefined;
  let integer = integerDigits;
  let fraction = fractionDigits;
  if (fraction.length > s.maxFraction) {
    const kept = fraction.slice(0, s.maxFraction);
    const lastKept = s.maxFraction > 0 ? kept.charCodeAt(kept.length - 1) - 48 : integer === '' ? 0 : integer.charCodeAt(integer.length - 1) - 48;
    if (roundsUp(s.mode, negative, fraction.slice(s.maxFraction), lastKept)) {
      const up = increment(integer + kept);
      integer = up.slice(0, up.length - kept.length);
      fraction = up.slice(up.length - kept.length);
    } else {
      fraction = kept;
    }
  }
  let end = fraction.length;
  while (end > s.minFraction && fraction.charCodeAt(end - 1) === 48) end--;
  fraction = end < fraction.length ? fraction.slice(0, end) : fraction;
  if (fraction.length < s.minFraction) fraction = fraction.padEnd(s.minFraction, '0');
  if (integer.length > MAX_INTEGER_DIGITS) return undefined;
  if (integer.length < s.minInteger) integer = integer.padStart(s.minInteger, '0');
  const body = grouped(integer, s) + (fraction === '' ? '' : s.decimal + fraction);
  return negative ? s.negativePrefix + body + s.negativeSuffix : s.positivePrefix + body + s.positiveSuffix;
}

const NUMERIC_PARTS: ReadonlySet<string> = new Set(['integer', 'group', 'decimal', 'fraction']);

/** The text before and after the digits of Intl's parts, and the digits' own parts. */
function affixes(parts: readonly Intl.NumberFormatPart[]): { prefix: string; suffix: string; body: Intl.NumberFormatPart[] } | undefined {
  const first = parts.findIndex((p) => NUMERIC_PARTS.has(p.type));
  let last = parts.length - 1;
  while (last >= 0 && !NUMERIC_PARTS.has(parts[last].type)) last--;
  if (first < 0) return undefined;
  const body = parts.slice(first, last + 1);
  if (body.some((p) => !NUMERIC_PARTS.has(p.type))) return undefined;
  const join = (ps: readonly Intl.NumberFormatPart[]) => ps.map((p) => p.value).join('');
  return { prefix: join(parts.slice(0, first)), suffix: join(parts.slice(last + 1)), body };
}

/** Grouping from Intl's output for integers of 1 to 26 digits: where grouping starts, its sizes and separator. */
function grouping(nf: Intl.NumberFormat): { group: string; groupFrom: number; primary: number; secondary: number } | undefined {
  const sizes: number[][] = [];
  let group = '';
  for (let n = 1; n <= GROUPING_PROBE_DIGITS; n++) {
    const a = affixes(nf.formatToParts('9'.repeat(n) as `${number}`));
    if (a === undefined) return undefined;
    const integers = a.body.filter((p) => p.type === 'integer').map((p) => p.value.length);
    for (const p of a.body) {
      if (p.type === 'group') {
        if (group !== '' && p.value !== group) return undefined;
        group = p.value;
      }
    }
    sizes.push(integers);
  }
  const firstGrouped = sizes.findIndex((s) => s.length > 1);
  if (firstGrouped < 0) return { group: '', groupFrom: 0, primary: 0, secondary: 0 };
  const longest = sizes[sizes.length - 1];
  const primary = longest[longest.length - 1];
  const secondary = longest.length > 2 ? longest[longest.length - 2] : primary;
  const shape = { group, groupFrom: firstGrouped + 1, primary, secondary };
  // The rule must give back what Intl wrote for every length.
  for (let n = 1; n <= GROUPING_PROBE_DIGITS; n++) {
    const expected = sizes[n - 1].join(',');
    const got = grouped('9'.repeat(n), { ...shape, group: ',' } as Shape)
      .split(',')
      .map((s) => s.length)
      .join(',');
    if (got !== expected) return undefined;
  }
  return shape;
}

function shapeOf(nf: Intl.NumberFormat, mapText: (s: string) => string): Shape | undefined {
  const r = nf.resolvedOptions() as Intl.ResolvedNumberFormatOptions & Record<string, unknown>;
  if (r.numberingSystem !== 'latn' || (r.notation ?? 'standard') !== 'standard') return undefined;
  if (r.style !== 'decimal' && !(r.style === 'currency' && r.currencyDisplay !== 'name')) return undefined;
  if (r.minimumSignificantDigits !== undefined || r.maximumSignificantDigits !== undefined) return undefined;
  if ((r.signDisplay ?? 'auto') !== 'auto' || (r.roundingIncrement ?? 1) !== 1 || (r.trailingZeroDisplay ?? 'auto') !== 'auto') return undefined;
  const mode = (r.roundingMode ?? 'halfExpand') as string;
  if (!ROUNDING_MODES.has(mode)) return undefined;
  const minFraction = r.minimumFractionDigits;
  const maxFraction = r.maximumFractionDigits;
  if (minFraction === undefined || maxFraction === undefined) return undefined;
  const positive = affixes(nf.formatToParts('1' as `${number}`));
  const minus = affixes(nf.formatToParts('-1' as `${number}`));
  if (positive === undefined || minus === undefined) return undefined;
  let decimal = '';
  if (maxFraction > 0) {
    const sample = affixes(nf.formatToParts('1.5' as `${number}`));
    decimal = sample?.body.find((p) => p.type === 'decimal')?.value ?? '';
    if (decimal === '') return undefined;
  }
  const g = grouping(nf);
  if (g === undefined) return undefined;
  return {
    positivePrefix: mapText(positive.prefix),
    positiveSuffix: mapText(positive.suffix),
    negativePrefix: mapText(minus.prefix),
    negativeSuffix: mapText(minus.suffix),
    decimal: mapText(decimal),
    group: mapText(g.group),
    groupFrom: g.groupFrom,
    primary: g.primary,
    secondary: g.secondary,
    minInteger: r.minimumIntegerDigits,
    minFraction,
    maxFraction,
    mode: mode as RoundingMode,
  };
}

// Numbers on which a compiled format must agree with Intl before it is used: signs, zeros, each rounding
// boundary, carries through every digit, long integers and fractions, exponents.
const SAMPLES = [
  '0',
  '-0',
  '1',
  '-1',
  '0.5',
  '-0.5',
  '1.5',
  '2.5',
  '-2.5',
  '0.05',
  '0.15',
  '0.25',
  '1.005',
  '-1.005',
  '0.0001',
  '-0.0001',
  '9.995',
  '-9.995',
  '99.95',
  '999.9999',
  '1234.5678',
  '-1234.5678',
  '12345.6789',
  '123456.789',
  '1234567.891',
  '-1234567.891',
  '98765432109876.54',
  '123456789012345.67',
  '-999999999999999.99',
  '1e3',
  '-2.5e-3',
  '1.23456789e10',
  '0.000123456789',
  '42',
  '-42.42',
  '7.0',
  '10',
  '100',
  '1000',
  '10000',
];

/** Intl's own format, through mapText. */
function intlFormat(nf: Intl.NumberFormat, mapText: ((s: string) => string) | undefined): LocaleNumberFormat {
  return mapText === undefined ? (v) => nf.format(v as `${number}`) : (v) => mapText(nf.format(v as `${number}`));
}

/**
 * A format for `locale` and `options`, as `new Intl.NumberFormat(locale, options).format` but without
 * a call into Intl per number where it can. `mapText` is applied to Intl's texts (the separators and
 * the text around the digits, or Intl's whole output where Intl formats), e.g. to replace its spaces.
 * Throws as `new Intl.NumberFormat` does for options Intl refuses.
 */
export function compileNumberFormat(locale: string, options: Intl.NumberFormatOptions, mapText?: (s: string) => string): LocaleNumberFormat {
  const nf = new Intl.NumberFormat(locale, options);
  const fallback = intlFormat(nf, mapText);
  const shape = shapeOf(nf, mapText ?? ((s) => s));
  if (shape === undefined) return fallback;
  for (const sample of SAMPLES) {
    const fast = write(sample, shape);
    if (fast !== undefined && fast !== fallback(sample)) return fallback;
  }
  return (value) => {
    // String(-0) is "0", but Intl writes the sign of a negative zero.
    const text = typeof value === 'string' ? value : Number.isFinite(value) ? (Object.is(value, -0) ? '-0' : String(value)) : undefined;
    return (text === undefined ? undefined : write(text, shape)) ?? fallback(value);
  };
}
