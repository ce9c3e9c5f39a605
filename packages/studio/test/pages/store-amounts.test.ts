import { describe, expect, it } from 'vitest';
import { formatHundredths, formatMinor, parseHundredths, parseMoney, parseWhole } from '../../src/pages/store/amounts.js';
import { fromLocalInput, toLocalInput } from '../../src/pages/store/zoned.js';

describe('the store settings page’s amounts', () => {
  it('turns typed major units into minor units exactly, by the currency’s fraction digits', () => {
    expect(parseMoney('6', 2)).toEqual({ ok: true, value: 600 });
    expect(parseMoney(' 19.5 ', 2)).toEqual({ ok: true, value: 1950 });
    expect(parseMoney('0,99', 2)).toEqual({ ok: true, value: 99 });
    expect(parseMoney('1 200', 0)).toEqual({ ok: true, value: 1200 });
    // 0.1 + 0.2 style errors cannot happen: no floating point on the way.
    expect(parseMoney('1234567.89', 2)).toEqual({ ok: true, value: 123456789 });
    expect(parseMoney('6.505', 2)).toEqual({ ok: false, message: 'Enter at most 2 decimals.' });
    expect(parseMoney('12.5', 0)).toEqual({ ok: false, message: 'This currency has no decimals: enter a whole amount.' });
    expect(parseMoney('-5', 2)).toEqual({ ok: false, message: 'Enter an amount such as 12.50.' });
    expect(parseMoney('abc', 0)).toEqual({ ok: false, message: 'Enter an amount such as 1200.' });
    expect(parseMoney('30000000', 2)).toEqual({ ok: false, message: 'This amount is too large.' });
    expect(formatMinor(600, 2)).toBe('6.00');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(600, 0)).toBe('600');
  });

  it('reads percentages to the hundredth and whole numbers in their range', () => {
    expect(parseHundredths('8.87', 100)).toEqual({ ok: true, value: 887 });
    expect(parseHundredths('12.5', 100)).toEqual({ ok: true, value: 1250 });
    expect(parseHundredths('8.875', 100).ok).toBe(false);
    expect(parseHundredths('101', 100)).toEqual({ ok: false, message: 'Enter at most 100.' });
    expect([887, 1250, 805, 1000].map(formatHundredths)).toEqual(['8.87', '12.5', '8.05', '10']);
    expect(parseWhole('72', 1, 8760)).toEqual({ ok: true, value: 72 });
    expect(parseWhole('0', 1, 8760)).toEqual({ ok: false, message: 'Enter a whole number from 1 to 8760.' });
  });

  it('reads and writes coupon dates as wall-clock time in the site’s zone, on both sides of a clock change', () => {
    const zone = 'America/New_York';
    expect(toLocalInput('2025-03-01T05:00:00.000Z', zone)).toBe('2025-03-01T00:00');
    expect(toLocalInput('2025-07-04T13:30:00.000Z', zone)).toBe('2025-07-04T09:30');
    expect(fromLocalInput('2025-03-01T00:00', zone)).toBe('2025-03-01T05:00:00.000Z');
    expect(fromLocalInput('2025-07-04T09:30', zone)).toBe('2025-07-04T13:30:00.000Z');
    // The day the clocks go forward: 03:30 exists, in daylight time.
    expect(fromLocalInput('2025-03-09T03:30', zone)).toBe('2025-03-09T07:30:00.000Z');
    expect(fromLocalInput('2025-11-02T12:00', zone)).toBe('2025-11-02T17:00:00.000Z');
    expect(fromLocalInput('2025-06-01', 'Asia/Tokyo')).toBe('2025-05-31T15:00:00.000Z');
    expect(fromLocalInput('soon', zone)).toBeNull();
    expect(toLocalInput(undefined, zone)).toBe('');
    for (const iso of ['2025-01-15T12:34:00.000Z', '2025-08-15T23:59:00.000Z']) expect(fromLocalInput(toLocalInput(iso, zone), zone)).toBe(iso);
  });
});
