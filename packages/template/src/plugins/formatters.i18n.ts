// Locale formatters on the built-in Intl API: money, decimal numbers, dates and ranges, relative time,
// messages with plural/select and formatted arguments.

import { formatMoneyWithSymbol, fromMoneyValue, getCurrency, moneyValueCurrency, toEpochMs, type CurrencyCode, type LocaleNumberFormat } from '@tessera/core';
import { dateTimePlan, formatDateInterval, formatDateTime } from './datetime.js';
import { text } from './html.js';
import {
  ArgsMemo,
  dateTimeFormat,
  decimalText,
  numberFormat,
  numberFormatter,
  numberOptions,
  parseOptions,
  plainSpaces,
  pluralRules,
  relativeTimeFormat,
  safeLocale,
} from './intl.js';
import { parseMessage, type MessageNode } from './message.js';
import { formatUnit } from './units.js';
import type { Formatter, FormatterTable, PluginContext } from './types.js';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The locale to format in: the one named by a `locale:<name>` argument among the render's named locales
 * (RenderOptions.locales), else the render's locale.
 */
function localeOf(ctx: PluginContext, args?: readonly string[]): string {
  const name = args === undefined ? undefined : localeName(args);
  return safeLocale(name !== undefined && hasOwn.call(ctx.locales, name) ? ctx.locales[name] : ctx.locale);
}

function localeName(args: readonly string[]): string | undefined {
  for (const arg of args) {
    if (!arg.includes('locale:')) continue;
    for (const word of arg.split(/\s+/)) if (word.startsWith('locale:')) return word.slice(7);
  }
  return undefined;
}

/** Whether the arguments hold options other than the locale's name. */
const hasFormatOptions = (args: readonly string[]) => args.some((a) => a.split(/\s+/).some((w) => w !== '' && !w.startsWith('locale:')));
// A missing date reads as 0 (1970-01-01), as the reference engines read a missing number.
const epochOrZero = (v: unknown) => toEpochMs(v === undefined || v === null ? 0 : v);

const moneyFormats = new ArgsMemo<LocaleNumberFormat>();

/** The number format of a money formatter's options in a locale and currency. */
function moneyFormat(options: readonly string[], locale: string, currency: CurrencyCode): LocaleNumberFormat {
  return moneyFormats.get(options, locale, currency, () => {
    const style = parseOptions(options).named.style;
    const fraction = getCurrency(currency).fractionDigits;
    return numberFormatter(locale, {
      style: 'currency',
      currency,
      currencyDisplay: style === 'name' ? 'name' : style === 'code' ? 'code' : 'symbol',
      // Accounting style writes a negative amount in parentheses: ($1,234.56).
      ...(style === 'accounting' ? { currencySign: 'accounting' as const } : {}),
      // A fraction of the currency's smallest unit rounds half to even ($2.125 is $2.12), as the
      // reference engines round money.
      roundingMode: 'halfEven' as const,
      ...(style === 'short' || style === 'long'
        ? { notation: 'compact', compactDisplay: style }
        : { minimumFractionDigits: fraction, maximumFractionDigits: fraction }),
    });
  });
}

/** `{amount|money}`: a money object in the locale's currency format; `style:short` compact, `style:name` spelled out. */
function formatMoneyValue(value: unknown, options: readonly string[], locale: string): string {
  const currency = moneyValueCurrency(value);
  if (currency === undefined) return '';
  // A money object read: an object (arrays have no amount), so its own fields are read directly.
  const v = value as Record<string, unknown>;
  const decimalValue = hasOwn.call(v, 'decimalValue') ? v.decimalValue : undefined;
  if (
    decimalValue === undefined &&
    (hasOwn.call(v, 'currency') ? v.currency : undefined) === undefined &&
    (hasOwn.call(v, 'currencyCode') ? v.currencyCode : undefined) === undefined
  )
    return '';
  const amount = decimalText(decimalValue ?? (hasOwn.call(v, 'value') ? v.value : undefined));
  if (amount === undefined) return '';
  return moneyFormat(options, locale, currency)(amount);
}

const decimalFormats = new ArgsMemo<(n: string) => string>();

function formatDecimal(value: unknown, args: readonly string[], locale: string, defaultGrouping: boolean): string {
  const n = decimalText(value);
  if (n === undefined) return '';
  return decimalFormats.get(args, locale, defaultGrouping ? 'group' : '', () => decimalFormat(args, locale, defaultGrouping))(n);
}

/** The format of a decimal formatter's options in a locale. */
function decimalFormat(args: readonly string[], locale: string, defaultGrouping: boolean): (n: string) => string {
  const options = numberOptions(parseOptions(args), defaultGrouping);
  // Digit options go up to 50; Intl takes at most 20 fraction digits, so further zeros are added here.
  const wanted = options.minimumFractionDigits ?? 0;
  if (wanted > INTL_MAX_FRACTION || (options.maximumFractionDigits ?? 0) > INTL_MAX_FRACTION) {
    const capped = {
      ...options,
      minimumFractionDigits: Math.min(wanted, INTL_MAX_FRACTION),
      maximumFractionDigits: Math.min(options.maximumFractionDigits ?? INTL_MAX_FRACTION, INTL_MAX_FRACTION),
    };
    const nf = numberFormat(locale, capped);
    return (n) => {
      const parts = nf.formatToParts(n as `${number}`);
      const fraction = parts.find((p) => p.type === 'fraction');
      if (fraction !== undefined) fraction.value = fraction.value.padEnd(wanted, '0');
      else if (wanted > 0)
        parts.splice(parts.findLastIndex((p) => p.type === 'integer') + 1, 0, { type: 'decimal', value: '.' }, { type: 'fraction', value: '0'.repeat(wanted) });
      return plainSpaces(parts.map((p) => p.value).join(''));
    };
  }
  return numberFormatter(locale, options);
}

const INTL_MAX_FRACTION = 20;

// ---- messages ----

interface Args {
  readonly positional: readonly unknown[];
  readonly named: Readonly<Record<string, unknown>>;
  /** The locale the message formats its arguments and plurals in. */
  readonly locale: string;
}

function messageArgs(args: readonly string[], ctx: PluginContext): Args {
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const raw of args.flatMap((a) => a.split(/\s+/)).filter((a) => a !== '')) {
    const m = /^([A-Za-z_][\w-]*)[=:](.+)$/.exec(raw);
    const value = ctx.resolveArg(m ? m[2] : raw);
    if (m) named[m[1]] = value;
    positional.push(value);
  }
  return { positional, named, locale: localeOf(ctx, args) };
}

function argValue(args: Args, name: string): unknown {
  if (/^\d+$/.test(name)) return args.positional[Number(name)];
  return Object.hasOwn(args.named, name) ? args.named[name] : undefined;
}

/** The number of a plural argument and its fraction digits as written ("1.0" has one). */
function pluralOperand(v: unknown): { n: number; fraction: number; text: string } | undefined {
  const t = decimalText(v);
  if (t === undefined) return undefined;
  const dot = t.indexOf('.');
  return { n: Number(t), fraction: dot < 0 || /e/i.test(t) ? 0 : t.length - dot - 1, text: t };
}

function renderNodes(nodes: readonly MessageNode[], args: Args, ctx: PluginContext, hash: string | undefined): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if (node.kind === 'hash') out += hash ?? '#';
    else if (node.kind === 'arg') out += renderArg(node, args, ctx);
    else out += renderChoice(node, args, ctx);
  }
  return out;
}

// A message's number argument may be a money object: its amount is the number, as the reference engines'
// message arguments read it (decimalValue, else value).
function moneyAmountOr(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  return hasOwn.call(o, 'decimalValue') ? o.decimalValue : hasOwn.call(o, 'value') ? o.value : v;
}

function renderArg(node: Extract<MessageNode, { kind: 'arg' }>, args: Args, ctx: PluginContext): string {
  const values = node.names.map((n) => argValue(args, n));
  const value = values[0];
  const options = node.options === '' ? [] : [node.options];
  const locale = args.locale;
  switch (node.format) {
    case undefined:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
    case 'decimal':
    case 'number':
      return formatDecimal(moneyAmountOr(value), options, locale, true);
    case 'money':
    case 'currency':
      return formatMoneyValue(value, options, locale);
    case 'datetime': {
      const ms = toEpochMs(value);
      return ms === undefined ? '' : formatDateTime(ms, parseOptions(options), locale, ctx.timeZone);
    }
    case 'datetime-interval': {
      if (values.length < 2) return '';
      const [s, e] = [values[0], values[1]].map(epochOrZero);
      return s === undefined || e === undefined ? '' : formatDateInterval(s, e, parseOptions(options).positional[0], locale, ctx.timeZone);
    }
    case 'unit':
      return formatUnit(value, options, locale, ctx);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

function renderChoice(node: Extract<MessageNode, { kind: 'plural' | 'selectordinal' | 'select' }>, args: Args, ctx: PluginContext): string {
  const value = argValue(args, node.name);
  const keys = Object.keys(node.branches);
  if (!keys.includes('other')) ctx.error(`A ${node.kind} message needs an 'other' form`);
  if (node.kind === 'select') {
    const key = text(value);
    const branch = node.branches[key] ?? node.branches.other;
    return branch === undefined ? '' : renderNodes(branch, args, ctx, undefined);
  }
  const operand = pluralOperand(value);
  if (operand === undefined) {
    ctx.error(`A ${node.kind} message needs a numeric count`);
    const other = node.branches.other;
    return other === undefined ? '' : renderNodes(other, args, ctx, undefined);
  }
  const locale = args.locale;
  const rules = pluralRules(locale, {
    type: node.kind === 'selectordinal' ? 'ordinal' : 'cardinal',
    minimumFractionDigits: operand.fraction,
  });
  const valid = rules.resolvedOptions().pluralCategories;
  const invalid = keys.filter((k) => !/^=\d+(\.\d+)?$/.test(k) && !(valid as readonly string[]).includes(k));
  if (invalid.length > 0) {
    ctx.error(`Invalid plural keys ${invalid.join(', ')}: the keys for ${locale} are ${valid.join(', ')}`);
  }
  const exact = node.branches[`=${operand.text}`] ?? node.branches[`=${operand.n}`];
  const branch = exact ?? node.branches[rules.select(operand.n)] ?? node.branches.other;
  return branch === undefined ? '' : renderNodes(branch, args, ctx, operand.text);
}

const message: Formatter = (value, args, ctx) => {
  if (typeof value !== 'string') return '';
  return renderNodes(parseMessage(value), messageArgs(args, ctx), ctx, undefined);
};

// ---- dates ----

const dateTimePlans = new ArgsMemo<(ms: number) => string>();

const datetime: Formatter = (value, args, ctx) => {
  const ms = toEpochMs(value);
  if (ms === undefined) return '';
  const locale = localeOf(ctx, args);
  return dateTimePlans.get(args, locale, ctx.timeZone, () => dateTimePlan(parseOptions(args), locale, ctx.timeZone))(ms);
};

// A missing end (or start) reads as 0 (1970-01-01), as the reference engines read a missing number.
const datetimeInterval: Formatter = (_value, args, ctx) => {
  if (ctx.values.length < 2) return '';
  const [s, e] = [ctx.values[0], ctx.values[1]].map(epochOrZero);
  if (s === undefined || e === undefined) return '';
  return formatDateInterval(s, e, parseOptions(args).positional[0], localeOf(ctx, args), ctx.timeZone);
};

const DATE_FIELDS: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  year: { year: 'numeric' },
  month: { month: 'long' },
  day: { day: 'numeric' },
  weekday: { weekday: 'long' },
  hour: { hour: 'numeric' },
  minute: { minute: 'numeric' },
  second: { second: 'numeric' },
  era: { era: 'short' },
};

// `{t|datetimefield month}`: one field of a date (year, month, day, weekday, hour, minute, second, era).
const datetimeField: Formatter = (value, args, ctx) => {
  const ms = toEpochMs(value);
  const options = args.length > 0 && Object.hasOwn(DATE_FIELDS, args[0]) ? DATE_FIELDS[args[0]] : undefined;
  if (ms === undefined || options === undefined) return '';
  const part = Object.keys(options)[0];
  return (
    dateTimeFormat(localeOf(ctx, args), { ...options, timeZone: ctx.timeZone })
      .formatToParts(ms)
      .find((p) => p.type === part)?.value ?? ''
  );
};

const RELATIVE_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

// `{date|relative-time}` against now, or `{a, b|relative-time}` from a to b, in the largest unit the
// difference reaches, rounded to a whole number of it (11.5 days is "in 2 weeks"), as the reference engines
// write it; `context:begin-sentence` capitalizes the first letter.
const relativeTimeFormatter: Formatter = (value, args, ctx) => {
  const first = epochOrZero(value);
  const second = ctx.values.length > 1 ? epochOrZero(ctx.values[1]) : undefined;
  const [from, to] = ctx.values.length > 1 ? [first, second] : [ctx.now, first];
  if (from === undefined || to === undefined) return '';
  const diff = to - from;
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(diff) >= s) ?? ['second', 1000];
  const amount = Math.sign(diff) * Math.round(Math.abs(diff) / size);
  const locale = localeOf(ctx, args);
  const text = relativeTimeFormat(locale, { numeric: 'auto' }).format(amount, unit);
  return parseOptions(args).named.context === 'begin-sentence' ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) : text;
};

export const i18nFormatters: FormatterTable = {
  money: (v, args, ctx) => formatMoneyValue(v, args, localeOf(ctx, args)),
  'i18n-money-format': (v, args, ctx) => {
    const money = fromMoneyValue(v);
    if (money === undefined) return '';
    return formatMoneyWithSymbol(money, safeLocale(args[0] ?? ctx.locale));
  },
  // A bare `decimal` writes the number plainly; options (grouping included) shape it.
  decimal: (v, args, ctx) => formatDecimal(v, args, localeOf(ctx, args), args.length > 0 && hasFormatOptions(args)),
  datetime,
  datetimefield: datetimeField,
  'datetime-interval': datetimeInterval,
  'relative-time': relativeTimeFormatter,
  message,
  plural: message,
  unit: (v, args, ctx) => formatUnit(v, [...args], localeOf(ctx, args), ctx),
};
