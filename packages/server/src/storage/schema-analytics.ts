import type { ColumnType } from 'kysely';

/**
 * The tables of migration 0004: raw measurement rows, their daily roll-ups, and the site
 * owner's account and sessions. They join `Database` by declaration merging, so this file and the
 * migration are the only places that know them. Conventions as in schema.ts: times are epoch
 * milliseconds, days are `YYYY-MM-DD` in the site's time zone (text sorts like the dates), JSON is text.
 */
/** One page view, census call or visitor event, as received. */
export interface AnalyticsEventsTable {
  website_id: string;
  day: string;
  received_on: number;
  /** Which endpoint took it: hit (RecordHit), census, legacy (RecordEvent) or event (v2 event client). */
  kind: string;
  /** The event: `view` for page views, the census call (`button-click`, `quick-view`...), the event or schema name. */
  name: string;
  path: string;
  page_type: number | null;
  collection_type: number | null;
  session_id: string | null;
  visitor_id: string | null;
  /** The referrer's host when it is another site; '' for direct visits and the site's own pages. */
  referrer_host: string;
  /** desktop, phone or tablet (DeviceView). */
  device: string;
  object_id: string | null;
  /** The rest of the payload, validated, as JSON. */
  data: string;
}

/** One page-speed or image record. */
export interface PerformanceRecordsTable {
  website_id: string;
  day: string;
  received_on: number;
  page_load_id: string;
  event: string; // pageSpeed | image
  path: string;
  device: string;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  data: string;
}

/** One uncaught error or rejection reported by a page. */
export interface ClientErrorsTable {
  website_id: string;
  day: string;
  received_on: number;
  event: string;
  message: string;
  name: string | null;
  path: string;
  url: string;
  stack: string | null;
  data: string;
}

/**
 * A day's roll-up: one row per metric and dimension (a path, a referrer host, a device, a funnel
 * step, an error message; '' when the metric has none). `value` holds what is not a count (the p75
 * of a web vital, an error's last time); `detail` is JSON (a web vital's histogram, an error's sample).
 */
export interface AnalyticsDailyTable {
  website_id: string;
  day: string;
  metric: string;
  dimension: string;
  count: number;
  value: number | null;
  detail: string | null;
}

/** Which days hold raw rows newer than their roll-up: written by every flush, read by the roll-up job. */
interface AnalyticsDaysTable {
  website_id: string;
  day: string;
  changed_on: number;
  rolled_on: number | null;
}

/** Bad payloads, counted per day, endpoint and reason (nothing of the payload is kept). */
interface AnalyticsRejectionsTable {
  website_id: string;
  day: string;
  endpoint: string;
  reason: string;
  count: number;
}

/** Collector calls from bots, left out of the raw rows and counted per day and endpoint (migration 0010). */
interface AnalyticsBotsTable {
  website_id: string;
  day: string;
  endpoint: string;
  count: number;
}

interface OwnerAccountsTable {
  id: string;
  website_id: string;
  email: string;
  /** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
  password_hash: string;
  /** WebsiteRole code: admin (1) for the owner. */
  website_role: number;
  created_on: number;
  /** 1: mailed about every new order (the owner by default; staff who ask for it). */
  notify_new_orders: ColumnType<number, number | undefined, number>;
}

interface OwnerSessionsTable {
  /** SHA-256 of the cookie's token: the store never holds a usable token. */
  id: string;
  website_id: string;
  account_id: string;
  created_on: number;
  expires_on: number;
  /** The session's last request (to the minute): idle too long, it ends (migration 0008). */
  last_seen_on: number;
}

declare module './schema.js' {
  interface Database {
    analytics_events: AnalyticsEventsTable;
    performance_records: PerformanceRecordsTable;
    client_errors: ClientErrorsTable;
    analytics_daily: AnalyticsDailyTable;
    analytics_days: AnalyticsDaysTable;
    analytics_rejections: AnalyticsRejectionsTable;
    analytics_bots: AnalyticsBotsTable;
    owner_accounts: OwnerAccountsTable;
    owner_sessions: OwnerSessionsTable;
  }
}
