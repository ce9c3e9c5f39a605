// Every cache that formatting keeps for the life of the process is bounded: asked about more locales,
// options, currencies and zones than it keeps, each one stays at its bound, and what it forgot is built
// again right. The registry of @tessera/core lists them all by name, so a cache added without a bound or
// without a way to reach it here fails the first test.

import { cacheSizes, formatMinorUnits, formatMoney, formatMoneyWithSymbol, isTimeZone, makeMoney, zoneOffset, zoneShortName } from '@tessera/core';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index.js';
import { numberFormatter, pluralRules, safeLocale } from '../src/plugins/intl.js';
import { zoneAbbreviation, zonedTime, type ZonedTime } from '../src/plugins/time.js';

// Locales Intl accepts and keeps apart (a private-use subtag changes nothing but the cache key).
const locales = (n: number) => Array.from({ length: n }, (_, i) => `en-US-x-k${i}`);
const ZONES = Intl.supportedValuesOf('timeZone');
const fakeZones = (n: number) => Array.from({ length: n }, (_, i) => `Nowhere/Z${i}`);

function drive(): void {
  const past = (max: number) => max + 20;
  const engine = createEngine();
  const t = engine.compile('{n|decimal maxfrac:1} {d|datetime date:medium} {d|date %B %d, %Y} {p|money}');
  for (const locale of locales(past(100))) {
    const r = t.render({ n: 1234.56, d: 1_700_000_000_000, p: { value: '12.50', currency: 'EUR' } }, { locale, timeZone: 'Europe/Paris' });
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1,234.6 Nov 14, 2023 November 14, 2023 €12.50');
    numberFormatter(locale, { maximumFractionDigits: 3 });
    pluralRules(locale, { type: 'ordinal' });
    safeLocale(locale.replace(/-/g, '_'));
    formatMoney(makeMoney(1999, 'USD'), { locale });
    formatMinorUnits(1999, 'USD', locale);
    formatMoneyWithSymbol(makeMoney(1999, 'USD'), locale);
  }
  // Zones Intl knows, far past the years read from cached offsets; zones it does not know.
  for (const zone of ZONES.slice(0, past(100))) zonedTime(1e15, zone);
  for (const zone of fakeZones(past(1024))) {
    isTimeZone(zone);
    zoneOffset(zone, 0);
    zoneShortName(zone, 0);
    zoneAbbreviation({ zone, offset: 0, epochMs: 0 } as ZonedTime);
  }
  // One zone over more stretches of about a year (2^35 ms) than it keeps: 1800 to 2100.
  for (let year = 1800; year <= 2100; year++) zoneOffset('America/New_York', Date.UTC(year, 5, 1));
}

describe('bounded formatting caches', () => {
  test('every cache is listed, each stays at its bound when asked about more than it keeps, and what it forgot is built again the same', () => {
    const engine = createEngine();
    const t = engine.compile('{n|decimal maxfrac:1} {d|datetime date:medium} {p|money}');
    const data = { n: 9876.54, d: Date.UTC(2021, 2, 14, 6, 30), p: { value: '-3.5', currency: 'JPY' } };
    const before = t.render(data, { locale: 'de-DE', timeZone: 'America/New_York' }).output;
    expect(before).toBe('9.876,5 14.03.2021 -4\u00a0¥');

    drive();
    const sizes = cacheSizes();
    expect(sizes.map((c) => c.name).sort()).toEqual(
      [
        'currency symbol placements',
        'minor-unit money formats',
        'money formats',
        'store-symbol amount formats',
        'template: Intl objects',
        'template: canonical locales',
        'template: date formats',
        'template: number formats',
        'template: zone abbreviations',
        'template: zone field formats',
        'zone names known to Intl',
        'zone offsets: stretches of one zone',
        'zone offsets: zones',
        'zone short name formats',
        'zone short names by offset',
      ].sort(),
    );
    for (const c of sizes) expect(c, c.name).toEqual({ name: c.name, size: c.max, max: c.max });

    expect(t.render(data, { locale: 'de-DE', timeZone: 'America/New_York' }).output).toBe(before);
    // The change to daylight time at 2021-03-14 07:00 UTC, found again after the zone was forgotten.
    expect(zoneOffset('America/New_York', Date.UTC(2021, 2, 14, 6, 59, 59))).toBe(-5 * 3_600_000);
    expect(zoneOffset('America/New_York', Date.UTC(2021, 2, 14, 7, 0))).toBe(-4 * 3_600_000);
  });
});
