// Locale formatting on the built-in Intl API: option parsing shared by the locale formatters and by the
// argument formatters inside messages. Intl objects are cached, since building one costs far more than
// using it; numbers are written by formats compiled once per locale and options from Intl's own output
// (`compileNumberFormat` of @tessera/core), which cost a fraction of an Intl call per number.

import { compileNumberFormat, namedCache, type LocaleNumberFormat } from '@tessera/core';

type IntlObject = Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules | Intl.RelativeTimeFormat;
const CACHE_SIZE = 100;
const cache = namedCache<string, IntlObject>('template: Intl objects', CACHE_SIZE);

function cached<T extends IntlObject>(key: string, make: () => T): T {
  let v = cache.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    cache.set(key, v);
  }
  return v;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string, options: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached(`p|${locale}|${JSON.stringify(options)}`, () => new Intl.PluralRules(locale, options));
}

export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(`r|${locale}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}

const numberFormats = namedCache<string, LocaleNumberFormat>('template: number formats', CACHE_SIZE);

/**
 * `new Intl.NumberFormat(locale, options).format`, compiled once per locale and options; with `plain`,
 * Intl's thin and narrow spaces are written as plain spaces (see plainSpaces). Throws as Intl does for
 * options it refuses.
 */
export function numberFormatter(locale: string, options: Intl.NumberFormatOptions, plain = true): LocaleNumberFormat {
  const key = `${plain ? 'p' : 'i'}|${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (f === undefined) {
    f = numberFormats.set(key, unsignedZero(compileNumberFormat(locale, options, plain ? plainSpaces : undefined)));
  }
  return f;
}

// A number that rounds to zero is written without a sign (-0.004 dollars is $0.00, not -$0.00 or ($0.00)), as
// the reference engines write it; Intl keeps the sign of a negative zero. Its text is the format's text of -0.
function unsignedZero(format: LocaleNumberFormat): LocaleNumberFormat {
  const negativeZero = format('-0');
  const zero = format('0');
  if (negativeZero === zero) return format;
  return (value) => {
    const out = format(value);
    return out === negativeZero ? zero : out;
  };
}

const canonicalLocales = namedCache<string, string>('template: canonical locales', CACHE_SIZE);

let lastTag: string | undefined;
let lastLocale = 'en';

/** A locale Intl accepts: the tag itself, else `en`. */
export function safeLocale(tag: string | undefined): string {
  if (tag === undefined || tag === '') return 'en';
  // A render asks for its one locale over and over.
  if (tag === lastTag) return lastLocale;
  let locale = canonicalLocales.get(tag);
  if (locale === undefined) {
    try {
      locale = Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? 'en';
    } catch {
      locale = 'en';
    }
    canonicalLocales.set(tag, locale);
  }
  lastTag = tag;
  lastLocale = locale;
  return locale;
}

interface MemoEntry<T> {
  a: string;
  b: string;
  value: T;
}

/**
 * What a formatter derives from its arguments (parsed options, a compiled format), for one pair of keys
 * such as the locale and the time zone, kept beside the arguments. The compiler gives each instruction
 * one frozen arguments array, so this holds one entry per instruction, and the entry goes when the
 * template goes (a WeakMap). Arguments that are not frozen (those of a message's formatted arguments,
 * direct calls) are derived again on each call.
 */
export class ArgsMemo<T> {
  private readonly entries = new WeakMap<readonly string[], MemoEntry<T>>();

  get(args: readonly string[], a: string, b: string, build: () => T): T {
    const e = this.entries.get(args);
    if (e !== undefined && e.a === a && e.b === b) return e.value;
    const value = build();
    if (e !== undefined) {
      e.a = a;
      e.b = b;
      e.value = value;
    } else if (Object.isFrozen(args)) {
      this.entries.set(args, { a, b, value });
    }
    return value;
  }
}

/**
 * Formatter options `key:value` (or a bare `key`, meaning true), e.g. `style:short maxfrac:2 group`.
 * Positional words without a colon are collected in `positional`.
 */
export interface ParsedOptions {
  readonly named: Readonly<Record<string, string>>;
  readonly positional: readonly string[];
}

export function parseOptions(args: readonly string[]): ParsedOptions {
  const named: Record<string, string> = {};
  const positional: string[] = [];
  for (const raw of args.flatMap((a) => a.split(/\s+/)).filter((a) => a !== '')) {
    const colon = raw.indexOf(':');
    if (colon > 0) named[raw.slice(0, colon)] = raw.slice(colon + 1);
    else positional.push(raw);
  }
  return { named, positional };
}

/** Digit options are clamped to 0..50 (platform.md section 9). */
export function digits(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = parseInt(v, 10);
  return Number.isNaN(n) ? undefined : Math.min(50, Math.max(0, n));
}

/** A decimal number as text, or undefined when the value is not a number. */
export function decimalText(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v !== 'string') return undefined;
  if (isPlainDecimal(v)) return v;
  if (/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return v.trim();
  return undefined;
}

/** Digits with an optional sign and point and at least one digit ("12.50", "-3", ".5"), the usual case, read without a regex. */
function isPlainDecimal(v: string): boolean {
  let i = 0;
  const n = v.length;
  const first = v.charCodeAt(0);
  if (first === 45 || first === 43) i = 1;
  let digits = 0;
  let point = false;
  for (; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !point) point = true;
    else return false;
  }
  return digits > 0;
}

/**
 * Number options from formatter options: style (decimal, percent, short, long, scientific),
 * grouping, fraction and significant digits (both spellings), rounding (`round:down` truncates; half to
 * even when not given).
 */
export function numberOptions(o: ParsedOptions, defaultGrouping: boolean): Intl.NumberFormatOptions {
  const n = o.named;
  const has = (k: string) => o.positional.includes(k) || n[k] !== undefined;
  const out: Intl.NumberFormatOptions & Record<string, unknown> = {};
  const style = n.style;
  if (style === 'percent') out.style = 'percent';
  else if (style === 'short' || style === 'long') {
    out.notation = 'compact';
    out.compactDisplay = style;
  } else if (style === 'scientific') out.notation = 'scientific';
  // `group` / `grouping` turn grouping on when bare or `:true` (any other value turns it off), and
  // `no-group` / `no-grouping` turn it off, as the reference engines read them.
  const groupKey = has('group') ? 'group' : has('grouping') ? 'grouping' : undefined;
  const group =
    has('no-group') || has('no-grouping')
      ? false
      : groupKey !== undefined
        ? n[groupKey] === undefined || n[groupKey] === '' || n[groupKey] === 'true'
        : defaultGrouping;
  out.useGrouping = group;
  const minFrac = digits(n.minfrac ?? n.minimumFractionDigits);
  const maxFrac = digits(n.maxfrac ?? n.maximumFractionDigits);
  const minSig = digits(n.minsig ?? n.minimumSignificantDigits);
  const maxSig = digits(n.maxsig ?? n.maximumSignificantDigits);
  if (maxFrac !== undefined) out.maximumFractionDigits = maxFrac;
  if (minFrac !== undefined) out.minimumFractionDigits = Math.min(minFrac, maxFrac ?? minFrac);
  if (out.maximumFractionDigits === undefined && out.minimumFractionDigits !== undefined && out.minimumFractionDigits > 3) {
    out.maximumFractionDigits = out.minimumFractionDigits;
  }
  // Significant digits apply when no fraction limit is given (a fraction limit wins, as in `significant-maxfrac`).
  if (maxFrac === undefined && minFrac === undefined) {
    if (maxSig !== undefined) out.maximumSignificantDigits = Math.min(21, Math.max(1, maxSig));
    if (minSig !== undefined) out.minimumSignificantDigits = Math.min(out.maximumSignificantDigits ?? 21, Math.max(1, minSig));
  }
  // Without a rounding option a tie rounds to the even digit (4.25 to one digit is 4.2), as the reference
  // engines' CLDR number formats round; Intl's own default would round it away from zero.
  const round = n.round;
  if (round === 'down' || round === 'truncate') out.roundingMode = 'trunc';
  else if (round === 'ceil' || round === 'up') out.roundingMode = 'ceil';
  else if (round === 'floor') out.roundingMode = 'floor';
  else out.roundingMode = 'halfEven';
  return out;
}

/** Intl's spacing characters as plain spaces, as the format's texts have them. */
export function plainSpaces(s: string): string {
  return s.replace(/[\u2009\u202f]/g, ' ');
}
