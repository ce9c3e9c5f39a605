import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone, minuteOffset, zoneChanges, zoneOffset, zoneShortName } from '../src/zone/index.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

/** The day and the offset as Intl writes them for one instant, to hold the cached answers against. */
const days = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Intl.DateTimeFormat>();
function intlDay(zone: string, ms: number): string {
  if (!days.has(zone)) days.set(zone, new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  const parts = Object.fromEntries(
    days
      .get(zone)!
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
function intlOffsetMinutes(zone: string, ms: number): number {
  if (!offsets.has(zone)) offsets.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }));
  const name = offsets
    .get(zone)!
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe('zoned time across a daylight saving change', () => {
  it('moves New York from EST to EDT at 2:00 local on 9 March 2025 (07:00 UTC), to the second', () => {
    const change = at('2025-03-09T07:00:00Z');
    expect(zoneChanges('America/New_York', at('2025-03-01T00:00:00Z'), at('2025-03-31T00:00:00Z'))).toEqual([change]);
    expect(zoneOffset('America/New_York', change - 1000)).toBe(-5 * HOUR);
    expect(zoneOffset('America/New_York', change)).toBe(-4 * HOUR);
    expect(minuteOffset('America/New_York', change - 1)).toBe(-5 * HOUR);
    expect(minuteOffset('America/New_York', change)).toBe(-4 * HOUR);
    expect(zoneShortName('America/New_York', change - 1)).toBe('EST');
    expect(zoneShortName('America/New_York', change)).toBe('EDT');
  });

  it('moves New York back at 2:00 local on 2 November 2025 (06:00 UTC)', () => {
    const change = at('2025-11-02T06:00:00Z');
    expect(zoneOffset('America/New_York', change - 1)).toBe(-4 * HOUR);
    expect(zoneOffset('America/New_York', change)).toBe(-5 * HOUR);
    expect(zoneShortName('America/New_York', change - 1)).toBe('EDT');
    expect(zoneShortName('America/New_York', change)).toBe('EST');
  });

  it("counts the day of the site's zone, not UTC's, on both sides of the change", () => {
    // 23:59:59 EST on 8 March is 04:59:59 UTC on the 9th; the next local midnight is EDT's.
    expect(dayIn('America/New_York', at('2025-03-09T04:59:59Z'))).toBe('2025-03-08');
    expect(dayIn('America/New_York', at('2025-03-09T05:00:00Z'))).toBe('2025-03-09');
    expect(dayIn('America/New_York', at('2025-03-10T03:59:59Z'))).toBe('2025-03-09');
    expect(dayIn('America/New_York', at('2025-03-10T04:00:00Z'))).toBe('2025-03-10');
    // Paris: CET to CEST at 01:00 UTC on 30 March.
    expect(dayIn('Europe/Paris', at('2025-03-29T22:59:59Z'))).toBe('2025-03-29');
    expect(dayIn('Europe/Paris', at('2025-03-29T23:00:00Z'))).toBe('2025-03-30');
    expect(dayIn('Europe/Paris', at('2025-03-30T21:59:59Z'))).toBe('2025-03-30');
    expect(dayIn('Europe/Paris', at('2025-03-30T22:00:00Z'))).toBe('2025-03-31');
    expect([zoneShortName('Europe/Paris', at('2025-03-30T00:59:59Z')), zoneShortName('Europe/Paris', at('2025-03-30T01:00:00Z'))]).toEqual(['GMT+1', 'GMT+2']);
  });

  it('agrees with Intl every quarter hour around the changes of zones with odd offsets', () => {
    const zones = ['America/New_York', 'Europe/Paris', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'America/St_Johns', 'UTC'];
    for (const zone of zones) {
      const changes = zoneChanges(zone, at('2025-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'));
      for (const change of [...changes, at('2025-06-15T12:00:00Z')]) {
        for (let t = change - 26 * HOUR; t <= change + 26 * HOUR; t += HOUR / 4) {
          expect(dayIn(zone, t), `${zone} ${new Date(t).toISOString()}`).toBe(intlDay(zone, t));
          expect(minuteOffset(zone, t) / 60_000, `${zone} ${new Date(t).toISOString()}`).toBe(intlOffsetMinutes(zone, t));
        }
      }
    }
  });
});

describe('zone names', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads a zone Intl does not know as UTC', () => {
    const t = at('2025-03-09T04:59:59Z');
    expect(dayIn('Mars/Olympus_Mons', t)).toBe('2025-03-09');
    expect(minuteOffset('Mars/Olympus_Mons', t)).toBe(0);
    expect(zoneShortName('Mars/Olympus_Mons', t)).toBe('UTC');
    expect(zoneShortName('UTC', t)).toBe('UTC');
  });
});
