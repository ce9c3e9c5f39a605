// Dates by locale: named styles (short, medium, long, full) and CLDR skeletons (`yMMMd`, `hm`, `Bh`)
// turned into Intl.DateTimeFormat options, in the site's time zone. Single dates go through formats
// compiled once per locale and options (date-format.ts); ranges ask Intl.

import { namedCache } from '@tessera/core';
import { compileDateFormat, joinParts, type DateFormat } from './date-format.js';
import { dateTimeFormat, type ParsedOptions } from './intl.js';

const STYLES = new Set(['short', 'medium', 'long', 'full']);
type Style = 'short' | 'medium' | 'long' | 'full';

/** Intl options for a skeleton: y year, M/L month, d day, E weekday, h/H/K/k hour, m, s, a, B, z/v zone, G era. */
export function skeletonOptions(skeleton: string): Intl.DateTimeFormatOptions {
  const o: Intl.DateTimeFormatOptions = {};
  for (const m of skeleton.matchAll(/([A-Za-z])\1*/g)) {
    const n = m[0].length;
    switch (m[1]) {
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : n === 3 ? 'short' : n === 4 ? 'long' : 'narrow';
        break;
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'c':
      case 'e':
        o.weekday = n <= 3 ? 'short' : n === 4 ? 'long' : 'narrow';
        break;
      case 'h':
      case 'K':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hour12 = true;
        break;
      case 'H':
      case 'k':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h23';
        break;
      case 'j':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'B':
      case 'b':
        o.dayPeriod = n >= 4 ? 'long' : 'short';
        break;
      case 'z':
        o.timeZoneName = n >= 4 ? 'long' : 'short';
        break;
      case 'v':
        o.timeZoneName = n >= 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'G':
        o.era = n >= 4 ? 'long' : 'short';
        break;
      default:
        break;
    }
  }
  return o;
}

function localeWith(locale: string, calendar: string | undefined): string {
  return calendar !== undefined && /^[a-z0-9-]+$/i.test(calendar) ? `${locale}-u-ca-${calendar}` : locale;
}

/** The text Intl puts between a date and a time for a style ("February 24, 2020 at 2:04 PM": " at "). */
function glue(locale: string, style: Style, timeZone: string): string {
  const parts = dateTimeFormat(locale, { dateStyle: style, timeStyle: 'short', timeZone }).formatToParts(0);
  const firstTime = parts.findIndex((p) => p.type === 'hour');
  let i = firstTime - 1;
  let text = '';
  while (i >= 0 && parts[i].type === 'literal') text = parts[i--].value + text;
  return text;
}

const dateFormats = namedCache<string, DateFormat>('template: date formats', 100);

/** Intl.DateTimeFormat's parts for `locale` and `options`, joined by joinParts: compiled once (date-format.ts). */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (f === undefined) {
    f = dateFormats.set(key, compileDateFormat(locale, options));
  }
  return f;
}

/**
 * `{t|datetime}` options: a style or skeleton as the first word (`short`, `yMMMd`), `date:` and `time:`
 * (each a style or a skeleton), `skeleton:`, `wrap:` (the style whose joining text combines a date and a
 * time written separately), `calendar:`. Without any, the long date. The options are read once into a
 * function of the instant, which a formatter keeps per instruction, locale and zone.
 */
export function dateTimePlan(o: ParsedOptions, locale: string, timeZone: string): DateFormat {
  const n = o.named;
  const loc = localeWith(locale, n.calendar);
  let date = n.date;
  let time = n.time;
  let skeleton = n.skeleton;
  const first = o.positional[0];
  if (first !== undefined) {
    // Several skeletons side by side (`yMMMd hm`) ask for all their fields together.
    if (STYLES.has(first)) {
      date ??= first;
      time ??= first;
    } else skeleton ??= o.positional.filter((p) => !STYLES.has(p)).join('');
  }
  if (skeleton !== undefined) return dateFormat(loc, { ...skeletonOptions(skeleton), timeZone });
  if (date === undefined && time === undefined) date = 'long';
  const dateIsStyle = date === undefined || STYLES.has(date);
  const timeIsStyle = time === undefined || STYLES.has(time);
  if (dateIsStyle && timeIsStyle) {
    return dateFormat(loc, { dateStyle: date as Style | undefined, timeStyle: time as Style | undefined, timeZone });
  }
  if (!dateIsStyle && !timeIsStyle) {
    return dateFormat(loc, { ...skeletonOptions(date ?? ''), ...skeletonOptions(time ?? ''), timeZone });
  }
  // A style beside a skeleton: each written on its own, joined as the wrap style (else the date's) joins them.
  const part = (v: string | undefined, kind: 'dateStyle' | 'timeStyle'): DateFormat =>
    v === undefined ? () => '' : STYLES.has(v) ? dateFormat(loc, { [kind]: v, timeZone }) : dateFormat(loc, { ...skeletonOptions(v), timeZone });
  const writeDate = part(date, 'dateStyle');
  const writeTime = part(time, 'timeStyle');
  const wrap = (STYLES.has(n.wrap ?? '') ? n.wrap : STYLES.has(date ?? '') ? date : 'medium') as Style;
  let joint: string | undefined;
  return (ms) => {
    const d = writeDate(ms);
    const t = writeTime(ms);
    if (d === '' || t === '') return d + t;
    joint ??= glue(loc, wrap, timeZone);
    return d + joint + t;
  };
}

export function formatDateTime(ms: number, o: ParsedOptions, locale: string, timeZone: string): string {
  return dateTimePlan(o, locale, timeZone)(ms);
}

/**
 * A range of two instants. With a skeleton, Intl's range format of it; a range that the skeleton cannot
 * tell apart (the same day at day precision) is one date, written once. Without one: the
 * times when both fall on one day, the dates otherwise.
 */
export function formatDateInterval(start: number, end: number, skeleton: string | undefined, locale: string, timeZone: string): string {
  let options: Intl.DateTimeFormatOptions;
  if (skeleton !== undefined && skeleton !== '') {
    options = skeletonOptions(skeleton);
    // A weekday alone does not tell two days apart: each end is written with its time.
    if (options.weekday !== undefined && options.day === undefined && options.month === undefined && options.year === undefined) {
      const day = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
      if (day.format(start) !== day.format(end)) {
        const w = dateTimeFormat(locale, { weekday: options.weekday, timeZone });
        const t = dateTimeFormat(locale, { hour: 'numeric', minute: 'numeric', timeZone });
        const end1 = (ms: number) => `${formatted(w, ms)}, ${formatted(t, ms)}`;
        return `${end1(start)}\u2009\u2013\u2009${end1(end)}`;
      }
    }
  } else {
    const day = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    // Both ends on one day: the hours and minutes alone (CLDR's hm skeleton, without a zone), as both
    // reference engines write a range of times. `h` is the 12-hour clock in every locale: es writes
    // `10:00 a. m. – 12:00 p. m.` and fr `7:00 AM – 1:00 PM`, not their usual 24-hour times.
    if (day.format(start) === day.format(end)) {
      options = { hour: 'numeric', minute: 'numeric', hourCycle: 'h12' };
    } else {
      options = { year: 'numeric', month: 'short', day: 'numeric' };
    }
  }
  const f = dateTimeFormat(locale, { ...options, timeZone });
  const parts = f.formatRangeToParts(start, end) as Array<Intl.DateTimeFormatPart & { source?: string }>;
  // Two dates the skeleton's fields cannot tell apart are one date, written once (as CLDR's interval
  // formats and the reference engines write them).
  if (parts.every((p) => p.source === 'shared')) return formatted(f, start);
  return joinParts(parts);
}

function formatted(f: Intl.DateTimeFormat, ms: number): string {
  return joinParts(f.formatToParts(ms));
}
