// The JSON of GET /api/owner/analytics (packages/server/src/modules/analytics/report.ts), as the
// owner's view reads it. The storefront does not import the server: the shape is repeated here.

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

/** The page's data the server embeds (`tessera-admin-context`). */
export interface AdminContext {
  page: 'login' | 'analytics' | 'restock';
  siteTitle: string;
  language: string;
  next?: string;
  email?: string;
  timeZone?: string;
  today?: string;
  defaultRangeDays?: number;
  maxRangeDays?: number;
}

export function readAdminContext(doc: Document = document): AdminContext {
  const text = doc.getElementById('tessera-admin-context')?.textContent;
  return text ? (JSON.parse(text) as AdminContext) : { page: 'login', siteTitle: '', language: 'en-US' };
}
