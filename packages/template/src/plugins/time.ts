// Calendar fields of an instant in an IANA time zone, from the built-in Intl API (no time zone data of
// our own): the zone's offsets are found through Intl once and cached (@tessera/core/zone), and the fields
// are computed from them. Shared by the date formatter and the locale formatters.

import { namedCache } from '@tessera/core';
import { localFields, zoneOffset, type LocalFields } from '@tessera/core/zone';

export interface ZonedTime {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number; // 1-31
  readonly hour: number; // 0-23
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  readonly weekday: number; // 0 = Sunday
  /** Offset from UTC in minutes (east positive). */
  readonly offset: number;
  readonly zone: string;
  readonly epochMs: number;
}

const formats = namedCache<string, Intl.DateTimeFormat>('template: zone field formats', 100);

function formatFor(zone: string): Intl.DateTimeFormat | undefined {
  let f = formats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        weekday: 'short',
        era: 'short',
      });
    } catch {
      return undefined;
    }
    formats.set(zone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

// The local fields of the instant being read (reading is synchronous).
const scratch: LocalFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
// Instants from the year 1000 to 9999 or so take the cached offsets; Intl answers for the rest.
const FAST_FROM = -30_000_000_000_000;
const FAST_TO = 250_000_000_000_000;

/** The zoned fields of `epochMs`, or undefined for an invalid instant or unknown zone. */
export function zonedTime(epochMs: number, zone: string): ZonedTime | undefined {
  return zonedTimeInto(epochMs, zone, undefined);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * zonedTime, with the fields written into `out` when given (a formatter's scratch object, read before
 * the next call) rather than into a new object.
 */
export function zonedTimeInto(epochMs: number, zone: string, out: Writable<ZonedTime> | undefined): ZonedTime | undefined {
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > 8.64e15) return undefined;
  if (!(epochMs > FAST_FROM && epochMs < FAST_TO)) return zonedTimeByIntl(epochMs, zone);
  // Intl shows an instant truncated to whole milliseconds, then to the second before it.
  const second = Math.floor(Math.trunc(epochMs) / 1000) * 1000;
  // A zone Intl does not know is read as UTC, keeping its name.
  const offsetMs = zoneOffset(zone, second) ?? 0;
  const f = localFields(second + offsetMs, scratch);
  // As computed from Intl's fields below: the local time as if UTC, less the instant, in whole minutes
  // (for a whole number of milliseconds, simply the offset).
  const whole = epochMs === Math.floor(epochMs);
  const millisecond = whole ? epochMs - second || 0 : ((epochMs % 1000) + 1000) % 1000;
  const offset = whole ? Math.round(offsetMs / 60000) : Math.round((second + offsetMs + Math.floor(millisecond) - Math.floor(epochMs)) / 60000);
  if (out === undefined) {
    return {
      year: f.year,
      month: f.month,
      day: f.day,
      hour: f.hour,
      minute: f.minute,
      second: f.second,
      millisecond,
      weekday: f.weekday,
      offset,
      zone,
      epochMs,
    };
  }
  out.year = f.year;
  out.month = f.month;
  out.day = f.day;
  out.hour = f.hour;
  out.minute = f.minute;
  out.second = f.second;
  out.millisecond = millisecond;
  out.weekday = f.weekday;
  out.offset = offset;
  out.zone = zone;
  out.epochMs = epochMs;
  return out;
}

function zonedTimeByIntl(epochMs: number, zone: string): ZonedTime | undefined {
  const f = formatFor(zone) ?? formatFor('UTC')!;
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(epochMs)) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const millisecond = ((epochMs % 1000) + 1000) % 1000;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(millisecond);
  const d = new Date(asUtc);
  d.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  const offset = Math.round((d.getTime() - Math.floor(epochMs)) / 60000);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond,
    weekday: WEEKDAYS[parts.weekday] ?? 0,
    offset,
    zone,
    epochMs,
  };
}

/** Day of the year, 1-366. */
export function dayOfYear(t: ZonedTime): number {
  const start = new Date(0);
  start.setUTCFullYear(t.year, 0, 1);
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day);
  return Math.round((date.getTime() - start.getTime()) / 86_400_000) + 1;
}

/** ISO 8601 week number and week-based year. */
export function isoWeek(t: ZonedTime): { week: number; year: number } {
  const d = new Date(0);
  d.setUTCFullYear(t.year, t.month - 1, t.day);
  const isoDay = (t.weekday + 6) % 7; // Monday = 0
  d.setUTCDate(d.getUTCDate() - isoDay + 3); // the Thursday of this week decides the year
  const weekYear = d.getUTCFullYear();
  const firstThursday = new Date(0);
  firstThursday.setUTCFullYear(weekYear, 0, 4); // January 4th is always in week 1
  firstThursday.setUTCDate(4 - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return { week, year: weekYear };
}

/**
 * Week of the year with weeks starting on Sunday and week 1 the one holding January 1st; the last days of
 * December in the week that holds the next January 1st are week 1 too.
 */
export function sundayWeek(t: ZonedTime): number {
  const yday = dayOfYear(t) - 1;
  if (yday - t.weekday + 6 >= daysInYear(t.year)) return 1;
  const jan1Weekday = (((t.weekday - yday) % 7) + 7) % 7;
  return Math.floor((yday + jan1Weekday) / 7) + 1;
}

function daysInYear(y: number): number {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
}

const abbreviations = namedCache<string, string>('template: zone abbreviations', 1000);
// Zones whose usual abbreviation no English Intl locale gives.
const KNOWN_ABBREVIATIONS: Record<string, readonly [string, string?]> = {
  'Asia/Tokyo': ['JST'],
  'Asia/Seoul': ['KST'],
  'Asia/Shanghai': ['CST'],
  'Asia/Hong_Kong': ['HKT'],
  'Asia/Taipei': ['CST'],
  'Asia/Manila': ['PST'],
  'Asia/Jakarta': ['WIB'],
  'Asia/Karachi': ['PKT'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Europe/Moscow': ['MSK'],
  'Africa/Johannesburg': ['SAST'],
  'Africa/Lagos': ['WAT'],
  'Africa/Nairobi': ['EAT'],
  'Africa/Cairo': ['EET', 'EEST'],
  'Pacific/Honolulu': ['HST'],
  'Asia/Kolkata': ['IST'],
  'Asia/Calcutta': ['IST'],
};
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ', 'en-CA', 'en-IE'];

/** The zone's abbreviation at that instant (EST, CET, JST...), else a numeric one like -03 or +0530. */
export function zoneAbbreviation(t: ZonedTime): string {
  const key = `${t.zone}|${t.offset}`;
  const hit = abbreviations.get(key);
  if (hit !== undefined) return hit;
  let found: string | undefined;
  for (const locale of ABBREVIATION_LOCALES) {
    try {
      const name = new Intl.DateTimeFormat(locale, { timeZone: t.zone, timeZoneName: 'short' })
        .formatToParts(t.epochMs)
        .find((p) => p.type === 'timeZoneName')?.value;
      if (name !== undefined && /^[A-Z]{2,5}$/.test(name)) {
        found = name;
        break;
      }
    } catch {
      break;
    }
  }
  if (found === undefined) {
    const known = KNOWN_ABBREVIATIONS[t.zone];
    if (known) found = isDaylight(t) && known[1] ? known[1] : known[0];
  }
  if (found === undefined) {
    const sign = t.offset < 0 ? '-' : '+';
    const abs = Math.abs(t.offset);
    const hh = String(Math.floor(abs / 60)).padStart(2, '0');
    found = sign + hh + (abs % 60 === 0 ? '' : String(abs % 60).padStart(2, '0'));
  }
  abbreviations.set(key, found);
  return found;
}

// Daylight time when the offset is larger than the smaller of January's and July's offsets.
function isDaylight(t: ZonedTime): boolean {
  const jan = zonedTime(Date.UTC(t.year, 0, 1), t.zone);
  const jul = zonedTime(Date.UTC(t.year, 6, 1), t.zone);
  if (!jan || !jul) return false;
  return t.offset > Math.min(jan.offset, jul.offset);
}
