// The JSON of GET /api/owner/analytics (packages/server/src/modules/analytics/report.ts), as the
// owner's view reads it. The studio does not import the server: the shape is repeated here.
import type { StudioContext } from '../../context.js';

export type WebVitalName = 'LCP' | 'INP' | 'CLS';
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';
export type FunnelStep = 'productViews' | 'addsToCart' | 'checkouts' | 'orders';

export interface VitalSummary {
  p75: number;
  rating: WebVitalRating;
  count: number;
}

export interface AnalyticsReport {
  range: { from: string; to: string; today: string; timeZone: string };
  /** `botHits`: collector calls from bots in the range, left out of visits and page views. */
  totals: { visits: number; pageViews: number; botHits: number };
  series: { day: string; visits: number; pageViews: number }[];
  topPages: { path: string; pageViews: number }[];
  referrers: { host: string; pageViews: number }[];
  devices: { device: string; pageViews: number }[];
  funnel: Record<FunnelStep, number>;
  events: { kind: string; name: string; count: number }[];
  pageSpeed: {
    thresholds: Record<WebVitalName, readonly [number, number]>;
    site: Record<WebVitalName, VitalSummary | null>;
    pages: ({ path: string; records: number } & Record<WebVitalName, VitalSummary | null>)[];
  };
  errors: { message: string; count: number; lastSeen: number; name: string | null; url: string | null; stack: string | null }[];
  rejected: { endpoint: string; reason: string; count: number }[];
}

/** The analytics page's context: the site's time zone and today there, the range's default and limit. */
export interface AnalyticsContext extends StudioContext {
  timeZone?: string;
  today?: string;
  defaultRangeDays?: number;
  maxRangeDays?: number;
}
