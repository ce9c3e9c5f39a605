// Web-vital values and their ratings as the owner reads them.
import type { WebVitalName, WebVitalRating } from './types.js';

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
