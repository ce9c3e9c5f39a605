// Time-zone offsets without a call into Intl per instant. Intl knows the zones' rules but only tells the
// local time of one instant per call, which costs microseconds. A zone's offset changes a few times a
// year at most, so the offsets are found once per zone and stretch of time, about a year: Intl is asked
// for the offset at every day of the stretch, and where two days differ a binary search finds the second
// of the change. Later instants in that stretch take the offset of the last change before them, found
// with a short search. The caches hold a few numbers per change, per zone and per stretch asked about,
// and forget their oldest entries past their bounds.

import { BoundedCache, namedCache, registerCache } from '../format/caches.js';

const DAY_MS = 86_400_000;
// Stretches of 2^35 ms (about 398 days), numbered from the epoch, so that an instant's stretch is a division.
const STRETCH_MS = 2 ** 35;
const MAX_ZONES = 64;
// 256 stretches are about 280 years: the dates of a page in one zone, 1900 to 2100 say, all stay cached.
const MAX_STRETCHES_PER_ZONE = 256;

/** The changes in one stretch: from starts[i] on (epoch ms) the offset is offsets[i] (ms, east positive). */
interface Stretch {
  readonly starts: number[];
  readonly offsets: number[];
}

interface Zone {
  readonly format: Intl.DateTimeFormat;
  readonly stretches: BoundedCache<number, Stretch>;
  // The stretch asked about last: a page's dates mostly fall in a few.
  lastIndex: number;
  lastStretch: Stretch | undefined;
}

const zones = namedCache<string, Zone | null>('zone offsets: zones', MAX_ZONES);
registerCache('zone offsets: stretches of one zone', {
  max: MAX_STRETCHES_PER_ZONE,
  get size() {
    let most = 0;
    for (const z of zones.values()) if (z !== null && z.stretches.size > most) most = z.stretches.size;
    return most;
  },
});
let lastName: string | undefined;
let lastZone: Zone | null = null;

function zoneOf(name: string): Zone | undefined {
  if (name === lastName) return lastZone ?? undefined;
  let z = zones.get(name);
  if (z === undefined) {
    try {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
      z = { format, stretches: new BoundedCache(MAX_STRETCHES_PER_ZONE), lastIndex: NaN, lastStretch: undefined };
    } catch {
      z = null;
    }
    zones.set(name, z);
  }
  lastName = name;
  lastZone = z;
  return z ?? undefined;
}

/** The offset at `ms` as Intl gives it: the local wall time minus the instant, both in whole seconds. */
function intlOffset(format: Intl.DateTimeFormat, ms: number): number {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const p of format.formatToParts(ms)) {
    switch (p.type) {
      case 'year':
        year = Number(p.value);
        break;
      case 'month':
        month = Number(p.value);
        break;
      case 'day':
        day = Number(p.value);
        break;
      case 'hour':
        hour = Number(p.value) % 24;
        break;
      case 'minute':
        minute = Number(p.value);
        break;
      case 'second':
        second = Number(p.value);
        break;
      case 'era':
        bc = p.value === 'BC' || p.value === 'B';
        break;
      default:
        break;
    }
  }
  const d = new Date(0);
  d.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime() - Math.floor(ms / 1000) * 1000;
}

function findStretch(zone: Zone, index: number): Stretch {
  const start = index * STRETCH_MS;
  const end = start + STRETCH_MS;
  const starts = [start];
  const offsets = [intlOffset(zone.format, start)];
  let previous = start;
  let previousOffset = offsets[0];
  for (let t = start + DAY_MS; ; t += DAY_MS) {
    const at = Math.min(t, end);
    const offset = intlOffset(zone.format, at);
    if (offset !== previousOffset) {
      // Offsets change on whole seconds: search the seconds between the two probes.
      let lo = Math.floor(previous / 1000);
      let hi = Math.floor(at / 1000);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (intlOffset(zone.format, mid * 1000) === previousOffset) lo = mid;
        else hi = mid;
      }
      if (hi * 1000 < end) {
        starts.push(hi * 1000);
        offsets.push(intlOffset(zone.format, hi * 1000));
      }
      previousOffset = offset;
    }
    previous = at;
    if (at >= end) break;
  }
  return { starts, offsets };
}

/**
 * The offset from UTC (ms, east positive, whole seconds) of the IANA `zone` at the instant `ms`
 * (whole milliseconds), or undefined for a zone Intl does not know.
 */
export function zoneOffset(zone: string, ms: number): number | undefined {
  const z = zoneOf(zone);
  if (z === undefined) return undefined;
  const index = Math.floor(ms / STRETCH_MS);
  let stretch = index === z.lastIndex ? z.lastStretch : z.stretches.get(index);
  if (stretch === undefined) {
    stretch = findStretch(z, index);
    z.stretches.set(index, stretch);
  }
  z.lastIndex = index;
  z.lastStretch = stretch;
  const { starts, offsets } = stretch;
  let i = starts.length - 1;
  while (i > 0 && starts[i] > ms) i--;
  return offsets[i];
}

/** The instants from `from` to `to` (epoch ms) at which the zone's offset changes, for checks and tests. */
export function zoneChanges(zone: string, from: number, to: number): number[] {
  const z = zoneOf(zone);
  if (z === undefined) return [];
  const out: number[] = [];
  for (let index = Math.floor(from / STRETCH_MS); index <= Math.floor(to / STRETCH_MS); index++) {
    zoneOffset(zone, index * STRETCH_MS);
    const stretch = z.stretches.get(index);
    if (stretch !== undefined) for (const t of stretch.starts.slice(1)) if (t >= from && t <= to) out.push(t);
  }
  return out;
}

/** Local calendar fields of an instant, from its local time in ms since the epoch (proleptic Gregorian). */
export interface LocalFields {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

/**
 * The local fields of a local time in ms since the epoch (proleptic Gregorian, by the usual era
 * arithmetic on day numbers), written into `out` (a caller's scratch object, so that nothing is
 * allocated per instant) or a new object.
 */
export function localFields(localMs: number, out: LocalFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 }): LocalFields {
  const days = Math.floor(localMs / DAY_MS);
  const seconds = ((localMs - days * DAY_MS) / 1000) | 0;
  // From 0000-03-01 on every quantity below is a small non-negative integer, so `| 0` divides exactly;
  // earlier days take the general arithmetic.
  const z = days + 719468;
  if (z < 0) return localFieldsFloor(days, seconds, out);
  const era = (z / 146097) | 0;
  const doe = z - era * 146097;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36524) | 0) - ((doe / 146096) | 0)) / 365) | 0;
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0));
  const mp = ((5 * doy + 2) / 153) | 0;
  const month = mp < 10 ? mp + 3 : mp - 9;
  out.year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  out.month = month;
  out.day = doy - (((153 * mp + 2) / 5) | 0) + 1;
  out.hour = (seconds / 3600) | 0;
  out.minute = ((seconds / 60) | 0) % 60;
  out.second = seconds % 60;
  out.weekday = (((days + 4) % 7) + 7) % 7;
  return out;
}

function localFieldsFloor(days: number, seconds: number, out: LocalFields): LocalFields {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  out.year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  out.month = month;
  out.day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  out.hour = Math.floor(seconds / 3600);
  out.minute = Math.floor(seconds / 60) % 60;
  out.second = seconds % 60;
  out.weekday = (((days + 4) % 7) + 7) % 7;
  return out;
}
