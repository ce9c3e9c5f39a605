// Zoned time, one source for the engine (dates in templates), the server's page context (the site's
// offset now) and its analytics (the site's day). Intl knows the zones' rules (no time zone data of
// our own); offsets.ts asks it once per zone and stretch of time, so an instant costs no Intl call.

import { namedCache } from '../format/caches.js';
import { localFields, zoneOffset, type LocalFields } from './offsets.js';

export { localFields, zoneChanges, zoneOffset, type LocalFields } from './offsets.js';

const MAX_ZONES = 256;
const known = namedCache<string, boolean>('zone names known to Intl', MAX_ZONES);

/** Whether Intl knows `zone` as an IANA time zone name (each name's answer is kept). */
export function isTimeZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok;
}

// The local fields of the instant being read (reading is synchronous).
const scratch: LocalFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD`: the calendar day of the instant `ms` in `zone` (in UTC for a zone Intl does not know). */
export function dayIn(zone: string, ms: number): string {
  const f = localFields(ms + (zoneOffset(zone, ms) ?? 0), scratch);
  return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
}

/**
 * The offset from UTC at `ms` in whole minutes (as ms, east positive), the precision zone names and
 * the browser's Date give; 0 for a zone Intl does not know.
 */
export function minuteOffset(zone: string, ms: number): number {
  const offset = zoneOffset(zone, ms) ?? 0;
  return Math.sign(offset) * Math.floor(Math.abs(offset) / 60_000) * 60_000;
}

const shortNameFormats = namedCache<string, Intl.DateTimeFormat | null>('zone short name formats', MAX_ZONES);
const shortNames = namedCache<string, string>('zone short names by offset', 4 * MAX_ZONES);

/**
 * The zone's short name at `ms` as US English writes it: `EST`, `EDT`, `GMT+1`, `UTC`. Around the
 * present a zone's name changes with its offset only, so Intl is asked once per zone and offset.
 * `UTC` for a zone Intl does not know.
 */
export function zoneShortName(zone: string, ms: number): string {
  const key = `${zone}|${zoneOffset(zone, ms)}`;
  let name = shortNames.get(key);
  if (name === undefined) {
    let format = shortNameFormats.get(zone);
    if (format === undefined) {
      format = isTimeZone(zone) ? new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short', year: 'numeric' }) : null;
      shortNameFormats.set(zone, format);
    }
    name = format?.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
    shortNames.set(key, name);
  }
  return name;
}
