// Numbers, days and web-vital values as the owner reads them, in the site's language.
import type { WebVitalName, WebVitalRating } from './types.js';

export function formatCount(language: string, n: number): string {
  return new Intl.NumberFormat(language).format(n);
}

/** A `YYYY-MM-DD` day, short ("Mar 7"); `long` adds the weekday and year. */
export function formatDay(language: string, day: string, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }
    : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(Date.parse(`${day}T00:00:00Z`));
}

export function formatTime(language: string, epochMs: number, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(epochMs);
}

/** LCP and INP in ms (seconds from 1 s for LCP), CLS as a score with two or three decimals. */
export function formatVital(language: string, metric: WebVitalName, value: number): string {
  if (metric === 'CLS') return new Intl.NumberFormat(language, { maximumFractionDigits: 3, minimumFractionDigits: 2 }).format(value);
  if (metric === 'LCP' && value >= 1000) return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value / 1000)} s`;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value)} ms`;
}

export const RATING_LABEL: Record<WebVitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

export const VITAL_LABEL: Record<WebVitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
};

/** The day `n` days after (negative: before) a `YYYY-MM-DD` day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
