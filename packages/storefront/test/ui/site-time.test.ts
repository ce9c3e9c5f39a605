// Dates in the site's time zone, and the spec's fallback: without time zone data the browser's offset
// is used, with one console warning.
import { afterEach, describe, expect, it } from 'vitest';
import { MISSING_TIME_ZONE_WARNING, resetTimeZoneWarning, siteTimeZoneOption } from '../../src/ui/site-time.js';

afterEach(resetTimeZoneWarning);

describe('the site time zone of storefront dates', () => {
  it("writes dates in the site's zone when the context names one", () => {
    const warnings: string[] = [];
    const option = siteTimeZoneOption({ name: 'Asia/Tokyo', offset: 32_400_000 }, (m) => warnings.push(m));
    expect(option).toEqual({ timeZone: 'Asia/Tokyo' });
    // 23:30 UTC is the next day in Tokyo.
    expect(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...option }).format(Date.UTC(2025, 0, 31, 23, 30))).toBe('Feb 1, 2025');
    expect(warnings).toEqual([]);
  });

  it("falls back to the browser's offset with one console warning when the zone data is missing or unknown", () => {
    const warnings: string[] = [];
    expect(siteTimeZoneOption(undefined, (m) => warnings.push(m))).toEqual({});
    expect(siteTimeZoneOption({ name: 'Not/AZone' }, (m) => warnings.push(m))).toEqual({});
    expect(siteTimeZoneOption(null, (m) => warnings.push(m))).toEqual({});
    expect(warnings).toEqual([MISSING_TIME_ZONE_WARNING]);
    const at = Date.UTC(2025, 0, 31, 23, 30);
    expect(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...siteTimeZoneOption(undefined, () => {}) }).format(at)).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(at),
    );
  });
});
