import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  EMPTY_FORM_ANSWER,
  FREE_LABEL_ERROR,
  JULIAN_DAY_MAX,
  JULIAN_DAY_MIN,
  LIKERT_LABELS,
  NumberPatternError,
  calendarDate,
  commentCountLabel,
  commentsShown,
  formatWithPattern,
  fromJulianDay,
  googleCalendarUrl,
  humanFileSize,
  humanizeDuration,
  likertLabel,
  megabytesToBytes,
  parseNumberPattern,
  priceLabel,
  relativeTime,
  toJulianDay,
} from '../src/format/index.js';
import { jsontCasesDir, pluginCases, textOf } from './helpers/cases.js';

const casesDir = jsontCasesDir();

describe('file sizes', () => {
  it('use 1024-based units', () => {
    expect(humanFileSize(0)).toBe('0 B');
    expect(humanFileSize(1023)).toBe('1023 B');
    expect(humanFileSize(1024)).toBe('1 KB');
    expect(humanFileSize(1536)).toBe('1.5 KB');
    expect(humanFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(humanFileSize(10.25 * 1024 * 1024)).toBe('10.3 MB');
    expect(humanFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(humanFileSize(2 * 1024 ** 5)).toBe('2 PB');
    expect(() => humanFileSize(-1)).toThrow(RangeError);
    expect(() => humanFileSize(Number.NaN)).toThrow(RangeError);
  });

  it('count 1,000,000 bytes per MB for limits', () => {
    expect(BYTES_PER_MB).toBe(1_000_000);
    expect(megabytesToBytes(20)).toBe(20_000_000);
  });
});

describe('free price label', () => {
  const format = (c: number) => `$${(c / 100).toFixed(2)}`;
  it('shows a zero price as the Free label, which is required', () => {
    expect(priceLabel(0, { format, showZeroAsFree: true, freeLabel: 'Free' })).toBe('Free');
    expect(priceLabel(0, { format })).toBe('$0.00');
    expect(priceLabel(150, { format, showZeroAsFree: true, freeLabel: 'Free' })).toBe('$1.50');
    for (const bad of [undefined, '', '  ', 42, { text: 'Free' }]) {
      expect(() => priceLabel(0, { format, showZeroAsFree: true, freeLabel: bad })).toThrow(FREE_LABEL_ERROR);
    }
    expect(FREE_LABEL_ERROR).toBe('A Free label is required and must be a wrapped string');
  });
});

describe('number patterns', () => {
  it('parse the usual patterns', () => {
    expect(parseNumberPattern('#,##0.00')).toEqual({
      positivePrefix: '',
      positiveSuffix: '',
      negativePrefix: '-',
      negativeSuffix: '',
      minIntegerDigits: 1,
      minFractionDigits: 2,
      maxFractionDigits: 2,
      primaryGroupSize: 3,
      secondaryGroupSize: 3,
    });
    expect(parseNumberPattern('#,##,##0.###')).toMatchObject({ primaryGroupSize: 3, secondaryGroupSize: 2, minFractionDigits: 0, maxFractionDigits: 3 });
    expect(parseNumberPattern('¤#,##0.00;(¤#,##0.00)')).toMatchObject({ positivePrefix: '¤', negativePrefix: '(¤', negativeSuffix: ')' });
    expect(parseNumberPattern('0%')).toMatchObject({ positiveSuffix: '%', primaryGroupSize: 0, minIntegerDigits: 1 });
  });

  it('throw for an invalid pattern', () => {
    for (const bad of ['', 'abc', '#,##0.00.0', '0#', '#,,##0', '#,##0,', ',##0', '0.#0', 'a;b;c', '#0;x']) {
      expect(() => parseNumberPattern(bad), bad).toThrow(NumberPatternError);
    }
    expect(() => parseNumberPattern('0#')).toThrow('Invalid number pattern: "0#"');
  });

  it('format decimals without float error', () => {
    expect(formatWithPattern('1234567.891', '#,##0.00')).toBe('1,234,567.89');
    expect(formatWithPattern('-1234.5', '#,##0.00')).toBe('-1,234.50');
    expect(formatWithPattern('0.005', '#,##0.00')).toBe('0.01');
    expect(formatWithPattern('-0.001', '#,##0.00')).toBe('0.00');
    expect(formatWithPattern('90071992547409.915', '#,##0.00')).toBe('90,071,992,547,409.92');
    expect(formatWithPattern('1234567', '#,##,##0')).toBe('12,34,567');
    expect(formatWithPattern('1.5', '0.###')).toBe('1.5');
    expect(formatWithPattern('-2', '#,##0;(#,##0)')).toBe('(2)');
    expect(formatWithPattern('1234.5', '#,##0.00', { group: '.', decimal: ',' })).toBe('1.234,50');
    expect(() => formatWithPattern('abc', '#,##0')).toThrow(RangeError);
  });
});

describe('julian days', () => {
  it('convert instants', () => {
    expect(toJulianDay(Date.UTC(2000, 0, 1, 12))).toBe(2451545);
    expect(toJulianDay(0)).toBe(2440587.5);
    expect(fromJulianDay(2451545)).toBe(Date.UTC(2000, 0, 1, 12));
    expect(fromJulianDay(JULIAN_DAY_MIN)).toBe(Date.UTC(-4713, 10, 24, 12));
  });

  it('are limited to 4713 BC .. 8652 AD', () => {
    expect(JULIAN_DAY_MIN).toBe(0);
    expect(fromJulianDay(JULIAN_DAY_MAX)).toBe(Date.UTC(8653, 0, 1) - 1);
    expect(() => toJulianDay(Date.UTC(8653, 0, 1))).toThrow('Julian day out of range');
    expect(() => fromJulianDay(-0.5)).toThrow(RangeError);
    expect(() => toJulianDay(Number.NaN)).toThrow(RangeError);
    expect(() => toJulianDay(new Date(Date.UTC(8652, 11, 31, 23)))).not.toThrow();
  });
});

describe('relative time', () => {
  const now = 1627849845000;
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;
  it('labels spans', () => {
    const cases: [number, string][] = [
      [0, 'just now'],
      [59 * S, 'just now'],
      [-3 * D, 'just now'],
      [60 * S, 'about a minute ago'],
      [119 * S, 'about a minute ago'],
      [2 * M, 'about 2 minutes ago'],
      [59 * M, 'about 59 minutes ago'],
      [H, 'about an hour ago'],
      [2 * H, 'about 2 hours ago'],
      [23 * H, 'about 23 hours ago'],
      [D, 'about a day ago'],
      [6 * D, 'about 6 days ago'],
      [7 * D, 'about a week ago'],
      [29 * D, 'about 4 weeks ago'],
      [30 * D, 'about a month ago'],
      [59 * D, 'about a month ago'],
      [60 * D, 'about 2 months ago'],
      [364 * D, 'about 12 months ago'],
      [365 * D, 'about a year ago'],
      [729 * D, 'about a year ago'],
      [730 * D, 'about 2 years ago'],
    ];
    for (const [span, label] of cases) expect(relativeTime(now - span, now), label).toBe(label);
  });

  it('reads dates, numbers and numeric text, else says Invalid date.', () => {
    expect(relativeTime(new Date(now - 2 * H), new Date(now))).toBe('about 2 hours ago');
    expect(relativeTime(String(now - 2 * H), now)).toBe('about 2 hours ago');
    for (const bad of ['abc', {}, null, undefined, Number.NaN, new Date('x')]) expect(relativeTime(bad, now)).toBe('Invalid date.');
  });

  it.skipIf(!casesDir)('reproduces the timesince case file', () => {
    for (const c of pluginCases(casesDir!, /^f-timesince-/)) {
      const labels = (c.json as { events: number[] }).events.map((e) => relativeTime(e, c.params.now));
      expect(labels.join(' ')).toBe(textOf(c.output));
    }
  });
});

describe('durations', () => {
  it('show m:ss', () => {
    expect(humanizeDuration(0)).toBe('0:00');
    expect(humanizeDuration(999)).toBe('0:00');
    expect(humanizeDuration(59000)).toBe('0:59');
    expect(humanizeDuration(125000)).toBe('2:05');
    expect(humanizeDuration('125000')).toBe('2:05');
    expect(humanizeDuration(3725000)).toBe('62:05');
    expect(humanizeDuration(-5000)).toBe('-0:05');
    expect(humanizeDuration('abc')).toBe('0:00');
  });

  it.skipIf(!casesDir)('reproduce the humanize-duration case file', () => {
    for (const c of pluginCases(casesDir!, /^f-humanize-duration-/)) {
      expect(humanizeDuration((c.json as { duration: number }).duration)).toBe(textOf(c.output));
    }
  });
});

describe('calendar links', () => {
  it('format UTC dates as YYYYMMDDTHHMMSSZ', () => {
    expect(calendarDate(1384518630000)).toBe('20131115T123030Z');
    expect(calendarDate(1384518716400)).toBe('20131115T123156Z');
    expect(calendarDate(new Date(Date.UTC(999, 0, 2, 3, 4, 5)))).toBe('09990102T030405Z');
    expect(() => calendarDate('soon')).toThrow('Invalid date.');
  });

  it('build the event link', () => {
    expect(
      googleCalendarUrl({
        title: 'My Party & Co',
        startDate: 1384518630000,
        endDate: 1384518716400,
        location: { addressLine1: '1 Main St', addressLine2: 'New York, NY', addressCountry: 'US' },
      }),
    ).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=My%20Party%20%26%20Co&dates=20131115T123030Z/20131115T123156Z&location=1%20Main%20St%2C%20New%20York%2C%20NY%2C%20US',
    );
    expect(googleCalendarUrl({ startDate: 1384518630000 })).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=&dates=20131115T123030Z/20131115T123030Z',
    );
  });

  it.skipIf(!casesDir)('reproduce the google-calendar-url case files', () => {
    for (const c of pluginCases(casesDir!, /^f-google-calendar-url-/)) {
      expect(googleCalendarUrl(c.json as never)).toBe(c.output);
    }
  });
});

describe('labels', () => {
  it('name likert answers -2..2', () => {
    expect(LIKERT_LABELS).toEqual({ '-2': 'Strongly Disagree', '-1': 'Disagree', '0': 'Neutral', '1': 'Agree', '2': 'Strongly Agree' });
    expect(likertLabel(2)).toBe('Strongly Agree');
    expect(likertLabel('-1')).toBe('Disagree');
    expect(likertLabel(3)).toBeUndefined();
    expect(EMPTY_FORM_ANSWER).toBe('N/A');
  });

  it('count comments', () => {
    expect(commentCountLabel(0)).toBe('No Comments');
    expect(commentCountLabel(1)).toBe('1 Comment');
    expect(commentCountLabel(10)).toBe('10 Comments');
    expect(commentCountLabel(undefined)).toBe('No Comments');
  });

  it.skipIf(!casesDir)('reproduce the comment-count case files', () => {
    for (const c of pluginCases(casesDir!, /^f-comment-count-/)) {
      expect(commentCountLabel((c.json as { publicCommentCount: number }).publicCommentCount)).toBe(textOf(c.output));
    }
  });

  it('show comments by state, count and site setting', () => {
    expect(commentsShown({ commentState: 2, publicCommentCount: 20 }, true)).toBe(true);
    expect(commentsShown({ commentState: 2, publicCommentCount: 20 }, false)).toBe(false);
    expect(commentsShown({ commentState: 0 })).toBe(false);
    expect(commentsShown({ commentState: 1, publicCommentCount: 0 })).toBe(true);
  });
});
