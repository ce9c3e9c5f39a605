// Dates and times by locale with Intl's output but without a call into Intl per instant. Intl is asked
// once per locale and options: its parts for a sample instant give the pattern (fields and the literal
// text between them), and its parts for instants that differ in one field give that field's texts (the
// 12 months, 7 weekdays, 24 hours with their day periods, 60 minutes...). An instant is then written by
// computing its local fields from the zone's cached offsets (@tessera/core/zone) and looking them up.
//
// Intl keeps what this does not cover: calendars other than the Gregorian, other numbering systems,
// eras, zone names, fractional seconds, flexible day periods ("in the afternoon"), patterns whose
// literals change with the values, years outside 1000-9999, and any format whose compiled form does not
// agree with Intl on sample instants (around the zone's changes too) when it is built.

import { localFields, zoneChanges, zoneOffset, type LocalFields } from '@tessera/core/zone';

export type DateFormat = (ms: number) => string;

type Part = Intl.DateTimeFormatPart | { type: string; value: string; source?: string };

// The current CLDR puts a narrow no-break space (U+202F) between a time and its day period ("2:04 PM");
// Node's Intl writes a plain space there for compatibility, so the space is put back as CLDR has it.
export function joinParts(parts: readonly Part[]): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const next = parts[i + 1];
    out += p.type === 'literal' && p.value === ' ' && next?.type === 'dayPeriod' && !next.value.includes(' ') ? '\u202f' : p.value;
  }
  return out;
}

type Field = 'year' | 'month' | 'day' | 'weekday' | 'hour' | 'minute' | 'second' | 'dayPeriod';
const FIELDS: ReadonlySet<string> = new Set<Field>(['year', 'month', 'day', 'weekday', 'hour', 'minute', 'second', 'dayPeriod']);

type Segment = (f: LocalFields) => string;

// The sample instant: Tuesday 23 November 2021, 15:47:38 UTC (each field different from the others).
const SAMPLE = { year: 2021, month: 11, day: 23, hour: 15, minute: 47, second: 38 };
const at = (o: Partial<typeof SAMPLE>) => {
  const v = { ...SAMPLE, ...o };
  return Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second);
};

// Instants whose local year is 1000-9999 (give or take a day); Intl writes the others.
const FAST_FROM = -30_000_000_000_000;
const FAST_TO = 250_000_000_000_000;

class Unsupported extends Error {}

// Formatting is synchronous: one object holds the fields of the instant being written.
const scratch: LocalFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };

/** The pattern of `utc` (a format in UTC) as segments, with the texts of each field read from Intl. */
function compileSegments(utc: Intl.DateTimeFormat): Segment[] {
  const reference = utc.formatToParts(at({}));
  const shape = reference.map((p) => (p.type === 'literal' ? `'${p.value}` : p.type)).join('\u0000');
  const seen = new Set<string>();
  for (const p of reference) {
    if (p.type === 'literal') continue;
    if (!FIELDS.has(p.type) || seen.has(p.type)) throw new Unsupported();
    seen.add(p.type);
  }
  // The text of `type` at each instant; every instant must give the pattern of the sample instant.
  const texts = (type: string, instants: readonly number[]): string[] =>
    instants.map((ms) => {
      const parts = utc.formatToParts(ms);
      if (parts.map((p) => (p.type === 'literal' ? `'${p.value}` : p.type)).join('\u0000') !== shape) throw new Unsupported();
      return parts.find((p) => p.type === type)!.value;
    });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const hours = seen.has('hour') || seen.has('dayPeriod') ? range(0, 23).map((hour) => at({ hour })) : [];
  const tables: Partial<Record<Field, string[]>> = {};
  if (seen.has('month'))
    tables.month = texts(
      'month',
      range(1, 12).map((month) => at({ month })),
    );
  if (seen.has('day'))
    tables.day = texts(
      'day',
      range(1, 31).map((day) => at({ month: 1, day })),
    );
  if (seen.has('weekday')) {
    // 21 November 2021 is a Sunday.
    tables.weekday = texts(
      'weekday',
      range(0, 6).map((d) => at({ day: 21 + d })),
    );
  }
  if (seen.has('hour')) tables.hour = texts('hour', hours);
  if (seen.has('dayPeriod')) {
    // Day periods that depend on more than the hour (noon at 12:00 only) are left to Intl.
    tables.dayPeriod = texts('dayPeriod', hours);
    const later = texts(
      'dayPeriod',
      range(0, 23).map((hour) => at({ hour, minute: 30 })),
    );
    const exact = texts(
      'dayPeriod',
      range(0, 23).map((hour) => at({ hour, minute: 0, second: 0 })),
    );
    if (later.some((v, h) => v !== tables.dayPeriod![h]) || exact.some((v, h) => v !== tables.dayPeriod![h])) throw new Unsupported();
  }
  if (seen.has('minute'))
    tables.minute = texts(
      'minute',
      range(0, 59).map((minute) => at({ minute })),
    );
  if (seen.has('second'))
    tables.second = texts(
      'second',
      range(0, 59).map((second) => at({ second })),
    );
  let year: Segment | undefined;
  if (seen.has('year')) {
    const years = [2021, 2005, 1999, 1000, 1066, 9999];
    const written = texts(
      'year',
      years.map((y) => at({ year: y })),
    );
    const pad2 = (y: number) => String(y % 100).padStart(2, '0');
    if (years.every((y, i) => written[i] === String(y))) year = (f) => String(f.year);
    else if (years.every((y, i) => written[i] === pad2(y))) year = (f) => pad2(f.year);
    else throw new Unsupported();
  }
  // Each field with the literal text after it, so that an instant is written with one lookup per field.
  let leading = '';
  const fields: Array<{ type: Field; texts: readonly string[] | undefined; after: string }> = [];
  for (let i = 0; i < reference.length; i++) {
    const p = reference[i];
    if (p.type === 'literal') {
      // joinParts' space before a day period: folded into the day period's texts below.
      if (p.value === ' ' && reference[i + 1]?.type === 'dayPeriod') continue;
      if (fields.length === 0) leading += p.value;
      else fields[fields.length - 1].after += p.value;
      continue;
    }
    const type = p.type as Field;
    let texts = tables[type];
    if (type === 'dayPeriod') {
      const spaced = i > 0 && reference[i - 1].type === 'literal' && reference[i - 1].value === ' ';
      texts = texts!.map((v) => (spaced ? (v.includes(' ') ? ' ' : '\u202f') : '') + v);
    }
    fields.push({ type, texts, after: '' });
  }
  const segments: Segment[] = fields.map(({ type, texts, after }): Segment => {
    if (type === 'year') {
      const y = year!;
      return after === '' ? y : (f) => y(f) + after;
    }
    const t = texts!.map((v) => v + after);
    switch (type) {
      case 'month':
        return (f) => t[f.month - 1];
      case 'day':
        return (f) => t[f.day - 1];
      case 'weekday':
        return (f) => t[f.weekday];
      case 'hour':
      case 'dayPeriod':
        return (f) => t[f.hour];
      case 'minute':
        return (f) => t[f.minute];
      case 'second':
        return (f) => t[f.second];
      default:
        throw new Unsupported();
    }
  });
  if (leading !== '') segments.unshift(() => leading);
  return segments;
}

/**
 * Instants a compiled format must write as Intl does: spread over two years, and around the zone's changes
 * in them (two years, so that finding the changes costs a first render little).
 */
function samples(zone: string): number[] {
  const from = Date.UTC(2024, 0, 1);
  const to = Date.UTC(2026, 0, 1);
  const out: number[] = [0, -1, 1000, at({}), at({ hour: 0, minute: 0 }), at({ hour: 12, minute: 0 }), at({ hour: 23, minute: 59, second: 59 })];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 40; i++) out.push(Math.floor(from + next() * (to - from)));
  for (const t of zoneChanges(zone, from, to)) {
    for (const d of [-43_200_000, -3_600_000, -1000, 0, 1000, 3_600_000, 43_200_000]) out.push(t + d);
  }
  return out;
}

/**
 * A format for `locale` and `options` (with their timeZone), as Intl.DateTimeFormat's parts joined by
 * joinParts, but without a call into Intl per instant where it can. Throws as `new Intl.DateTimeFormat`
 * does for options Intl refuses.
 */
export function compileDateFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormat {
  const dtf = new Intl.DateTimeFormat(locale, options);
  const intl: DateFormat = (ms) => joinParts(dtf.formatToParts(ms));
  const resolved = dtf.resolvedOptions();
  if (resolved.calendar !== 'gregory' || resolved.numberingSystem !== 'latn') return intl;
  const zone = resolved.timeZone;
  if (zoneOffset(zone, 0) === undefined) return intl;
  let segments: Segment[];
  try {
    segments = compileSegments(new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));
  } catch (e) {
    if (e instanceof Unsupported) return intl;
    throw e;
  }
  const fast = (ms: number): string | undefined => {
    if (!(ms > FAST_FROM && ms < FAST_TO)) return undefined;
    // Intl shows an instant truncated to whole milliseconds, then to the second before it.
    const second = Math.floor(Math.trunc(ms) / 1000) * 1000;
    const f = localFields(second + zoneOffset(zone, second)!, scratch);
    if (f.year < 1000 || f.year > 9999) return undefined;
    let out = '';
    for (let i = 0; i < segments.length; i++) out += segments[i](f);
    return out;
  };
  for (const ms of samples(zone)) {
    const written = fast(ms);
    if (written !== undefined && written !== intl(ms)) return intl;
  }
  return (ms) => fast(ms) ?? intl(ms);
}
