// The locale formatters compile their formats once per locale and options and then write values without
// Intl. Properties: over many values, currencies, locales and zones (those of the cases and themes, and
// others with unusual rules), they write exactly what Intl wrote when it was asked for every value. (That
// rendering then asks Intl nothing is locale-formats-cached.test.ts, in a module of its own.)

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CURRENCY_CODES, fromMoneyValue, getCurrency } from '@tessera/core';
import { createEngine, strftime, zonedTime, type Template } from '../src/index.js';
import { numberOptions, parseOptions } from '../src/plugins/intl.js';
import { skeletonOptions } from '../src/plugins/datetime.js';
import { intlChanges, intlDate, intlZonedFields, plainSpaces } from './support/intl-oracle.js';

const engine = createEngine();
const compiled = new Map<string, Template>();
function render(source: string, data: unknown, locale: string, timeZone = 'America/New_York'): string {
  let t = compiled.get(source);
  if (t === undefined) {
    t = engine.compile(source);
    compiled.set(source, t);
  }
  const r = t.render(data, { locale, timeZone });
  expect(r.errors).toEqual([]);
  return r.output;
}

// The cases' and themes' locales, and others with other separators, groupings, currency places and scripts.
const LOCALES = [
  'en',
  'en-US',
  'fr-FR',
  'de-DE',
  'ja',
  'en-GB',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'sv-SE',
  'de-CH',
  'fr-CH',
  'en-IN',
  'ja-JP',
  'zh-CN',
  'pl-PL',
  'ru-RU',
  'ar-EG',
  'th-TH',
  'fa-IR',
  'he-IL',
];
// The cases' zones, and zones with half-hour and 45-minute offsets, southern and negative daylight time,
// changes tied to Ramadan, and a daylight time of half an hour.
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Pacific/Chatham',
  'Africa/Casablanca',
  'Europe/Dublin',
  'America/Santiago',
];

const RUNS = { numRuns: 3000 };

// Decimal text: signs, leading zeros, long integers, fractions that round at every place (..5, ..95, ..995).
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom('0', '1', '4', '5', '9'), minLength: min, maxLength: max });
const decimalText = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '-', '+'), digits(1, 13), fc.option(digits(0, 5), { nil: undefined }))
    .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}`),
  fc.constantFrom('0', '-0', '0.5', '-0.5', '1.005', '2.675', '0.125', '999.995', '-999.995', '9999999999999.99', '.5', '5.', '0.0001'),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }).map(String),
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
);

// Intl's text of a number, except that a number rounding to zero has no sign (as the formatters write it).
function intlUnsignedZero(nf: Intl.NumberFormat, n: string): string {
  const out = nf.format(n as `${number}`);
  return out === nf.format('-0' as `${number}`) ? nf.format('0' as `${number}`) : out;
}

// What money wrote when it asked Intl for every amount (a zero without its sign).
function moneyBefore(value: Record<string, unknown>, style: string | undefined, locale: string): string {
  const money = fromMoneyValue(value);
  if (money === undefined) return '';
  const raw = value.decimalValue ?? value.value;
  const amount = typeof raw === 'number' ? String(raw) : String(raw).trim();
  const fraction = getCurrency(money.currency).fractionDigits;
  return plainSpaces(
    intlUnsignedZero(
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: money.currency,
        currencyDisplay: style === 'name' ? 'name' : style === 'code' ? 'code' : 'symbol',
        ...(style === 'short' || style === 'long'
          ? { notation: 'compact', compactDisplay: style }
          : { minimumFractionDigits: fraction, maximumFractionDigits: fraction }),
        roundingMode: 'halfEven',
      }),
      amount,
    ),
  );
}

describe('money', () => {
  test('writes what Intl writes, in every store currency (JPY without fraction digits) and locale', () => {
    fc.assert(
      fc.property(
        decimalText,
        fc.constantFrom(...CURRENCY_CODES),
        fc.constantFrom(...LOCALES),
        fc.constantFrom(undefined, 'code', 'name', 'short'),
        fc.boolean(),
        (amount, currency, locale, style, serverShape) => {
          const value = serverShape ? { decimalValue: amount, currencyCode: currency } : { value: amount, currency };
          const source = style === undefined ? '{m|money}' : `{m|money style:${style}}`;
          expect(render(source, { m: value }, locale)).toBe(moneyBefore(value, style, locale));
        },
      ),
      RUNS,
    );
  });

  test("rounds half to even at the currency's digits, negative amounts included, as the reference engines do", () => {
    expect(render('{m|money}', { m: { value: '-1234.565', currency: 'USD' } }, 'en-US')).toBe('-$1,234.56');
    expect(render('{m|money}', { m: { value: '-1234.575', currency: 'USD' } }, 'en-US')).toBe('-$1,234.58');
    expect(render('{m|money}', { m: { value: '1234.5', currency: 'JPY' } }, 'ja')).toBe('￥1,234');
    expect(render('{m|money}', { m: { value: '1235.5', currency: 'JPY' } }, 'ja')).toBe('￥1,236');
    expect(render('{m|money}', { m: { value: '1234567.891', currency: 'EUR' } }, 'fr-FR')).toBe('1 234 567,89\u00a0€');
    expect(render('{m|money}', { m: { value: '-0.001', currency: 'CHF' } }, 'de-CH')).toBe('CHF\u00a00.00');
    expect(render('{m|money style:accounting}', { m: { value: '-0.004', currency: 'USD' } }, 'en-US')).toBe('$0.00');
  });
});

// Decimal options: fraction digits, grouping, rounding; percent, compact and significant digits go to Intl.
const decimalArgs = fc
  .subarray([
    'maxfrac:0',
    'maxfrac:1',
    'maxfrac:3',
    'minfrac:2',
    'minfrac:1',
    'group',
    'round:down',
    'round:ceil',
    'round:floor',
    'style:percent',
    'style:short',
    'maxsig:3',
    'minsig:2',
  ])
  .map((a) => a.join(' '));

describe('decimal', () => {
  test('writes what Intl writes for every option, locale and number', () => {
    fc.assert(
      fc.property(decimalText, decimalArgs, fc.constantFrom(...LOCALES), (n, args, locale) => {
        const list = args === '' ? [] : [args];
        const expected = plainSpaces(intlUnsignedZero(new Intl.NumberFormat(locale, numberOptions(parseOptions(list), list.length > 0)), n.trim()));
        expect(render(args === '' ? '{n|decimal}' : `{n|decimal ${args}}`, { n }, locale)).toBe(expected);
      }),
      RUNS,
    );
  });

  test('numbers are written by their shortest decimal text, as Intl reads them', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...LOCALES), (n, locale) => {
        const expected = plainSpaces(
          intlUnsignedZero(new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 1, roundingMode: 'halfEven' }), String(n)),
        );
        expect(render('{n|decimal maxfrac:1 group}', { n }, locale)).toBe(expected);
      }),
      RUNS,
    );
  });
});

// Instants from 1900 to 2100, and the minutes around the zones' changes in years of old and new rules.
const YEARS = [1883, 1918, 1946, 1970, 1987, 2007, 2011, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2038, 2099];
const changes = new Map<string, number[]>(ZONES.map((z) => [z, YEARS.flatMap((y) => intlChanges(z, y))]));
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
  fc.tuple(fc.constantFrom(...ZONES), fc.nat(), fc.integer({ min: -7_200_000, max: 7_200_000 })).map(([z, i, d]) => {
    const list = changes.get(z)!;
    return list.length === 0 ? d : list[i % list.length] + d;
  }),
);

describe('zoned time', () => {
  test('every other minute around every change of offset has the fields Intl gives', () => {
    for (const zone of ZONES) {
      for (const t of changes.get(zone)!) {
        for (let ms = t - 7_200_000; ms <= t + 7_200_000; ms += 120_000) {
          for (const at of [ms - 1, ms, ms + 999]) {
            const { epochMs: _e, zone: _z, ...fields } = zonedTime(at, zone)!;
            expect(fields, `${zone} ${new Date(at).toISOString()}`).toEqual(intlZonedFields(at, zone));
          }
        }
      }
    }
  });

  test('instants from 1900 to 2100 and fractions of milliseconds have the fields Intl gives', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(0, 0.25, -0.75), fc.constantFrom(...ZONES), (ms, fraction, zone) => {
        const { epochMs: _e, zone: _z, ...fields } = zonedTime(ms + fraction, zone)!;
        expect(fields).toEqual(intlZonedFields(ms + fraction, zone));
      }),
      RUNS,
    );
  });

  test('the date formatter writes every code from those fields', () => {
    const format = '%a %A %b %B %c %C %d %D %e %F %g %G %H %i %I %j %k %l %m %M %p %P %q %r %R %s %S %T %u %U %V %w %W %x %X %y %Y %z %Z %%';
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (ms, zone) => {
        const expected = strftime({ ...intlZonedFields(ms, zone), zone, epochMs: ms }, format);
        expect(render(`{t|date ${format}}`, { t: ms }, 'en-US', zone)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  test('offsets stay right for more zones than the cache keeps', () => {
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 150);
    for (const zone of [...zones, ...zones]) {
      for (const ms of [Date.UTC(2024, 0, 15, 12), Date.UTC(2024, 6, 15, 12)]) {
        const { epochMs: _e, zone: _z, ...fields } = zonedTime(ms, zone)!;
        expect(fields, zone).toEqual(intlZonedFields(ms, zone));
      }
    }
  });
});

// `{t|datetime ARGS}` and the Intl options it stood for: styles, a style for the date or the time, skeletons.
const DATETIME: ReadonlyArray<readonly [string, Intl.DateTimeFormatOptions]> = [
  ['', { dateStyle: 'long' }],
  ['short', { dateStyle: 'short', timeStyle: 'short' }],
  ['medium', { dateStyle: 'medium', timeStyle: 'medium' }],
  ['full', { dateStyle: 'full', timeStyle: 'full' }],
  ['date:medium', { dateStyle: 'medium' }],
  ['date:full', { dateStyle: 'full' }],
  ['date:short', { dateStyle: 'short' }],
  ['time:short', { timeStyle: 'short' }],
  ['time:medium', { timeStyle: 'medium' }],
  ['date:long time:short', { dateStyle: 'long', timeStyle: 'short' }],
  ...[
    'yMMMd',
    'yMd',
    'MMMMd',
    'EEEE',
    'EEE',
    'hm',
    'Hms',
    'jm',
    'yMMMMEEEEd',
    'MMMd',
    'yMMM',
    'Hm',
    'hms',
    'Bh',
    'yMMMdhm',
    'yyMd',
    'yQQQ',
    'GyMMMd',
    'hmz',
    'd',
    'MMMM',
  ].map((s) => [s, skeletonOptions(s)] as const),
];

describe('datetime', () => {
  test('writes what Intl writes for styles and skeletons in every locale and zone', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...DATETIME), fc.constantFrom(...LOCALES), fc.constantFrom(...ZONES), (ms, [args, options], locale, zone) => {
        const source = args === '' ? '{t|datetime}' : `{t|datetime ${args}}`;
        expect(render(source, { t: ms }, locale, zone)).toBe(intlDate(locale, { ...options, timeZone: zone }, ms));
      }),
      { numRuns: 2000 },
    );
  });

  test("other calendars are Intl's", () => {
    const ms = Date.UTC(2024, 2, 10, 15);
    expect(render('{t|datetime date:long calendar:buddhist}', { t: ms }, 'en-US')).toBe(
      intlDate('en-US-u-ca-buddhist', { dateStyle: 'long', timeZone: 'America/New_York' }, ms),
    );
    expect(render('{t|datetime date:long}', { t: ms }, 'th-TH')).toBe(intlDate('th-TH', { dateStyle: 'long', timeZone: 'America/New_York' }, ms));
  });
});
