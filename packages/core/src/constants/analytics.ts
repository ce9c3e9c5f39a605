import { ANALYTICS_SKIPPED_PAGE_TYPES } from '../enums/page-type.js';
import { WebsiteRole } from '../enums/roles.js';

/** Analytics and performance constants (platform.md section 9). */
export const ANALYTICS = Object.freeze({
  /** GET /api/1/performance/settings times out after this. */
  settingsRequestTimeoutMs: 30_000,
  /** Queued page-speed records are sent this long after load (or at once when hidden). */
  queueFlushDelayMs: 30_000,
  /** The page-speed record waits for the page to be hidden, at most this long. */
  pageSpeedMaxWaitMs: 60_000,
  /** Analytics posts (census calls, events) time out after this. */
  postTimeoutMs: 2_500,
  /** The analytics id cookie lives this long, path /, secure on https. */
  analyticsCookieLifetimeDays: 390,
  /** Visit-record cookie: 2 years. */
  visitRecordCookieLifetimeDays: 2 * 365,
  /** Visit-time cookie: 30 minutes. */
  visitTimeCookieLifetimeMinutes: 30,
  /** User-timing marks carry this prefix. */
  userTimingPrefix: 'rum-',
  /** Timings that are not numbers, negative or above this are dropped. */
  maxTimingValue: 2_147_483_647,
  collectorVersion: '4.6.0',
  trackerClientVersion: '3.8.0',
  /** resolved_locale when the document has no language. */
  defaultResolvedLocale: 'en-US',
  /** Not recorded automatically. */
  excludedPaths: Object.freeze(['/search'] as const),
  /** A path containing this is the editing area. */
  editingPathMarker: '/config/',
  /** Legacy tracker and event client calls succeed with these statuses. */
  successStatuses: Object.freeze([200, 202] as const),
});

/** Storage keys of the session and visitor flags. */
export const ANALYTICS_STORAGE_KEYS = Object.freeze({
  analyticsId: 'SS_ANALYTICS_ID',
  analyticsExpiration: 'SS_ANALYTICS_EXPIRATION',
  marketingId: 'SS_MID',
  isFirstSession: 'SS_IS_FIRST_SESSION',
  hasLanded: 'SS_HAS_LANDED',
  sessionId: 'SS_SESSION_ID',
});

/** The analytics id is also kept in a cookie of this name. */
export const ANALYTICS_ID_COOKIE = 'SS_ANALYTICS_ID';

/** Tracking cookies, cleared and never set under the restrictive cookie policy. */
export const TRACKING_COOKIES = Object.freeze(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const);

/** The census visitor id cookie. */
export const CENSUS_VISITOR_COOKIE = 'ss_cvr';

export const EVENT_ENVIRONMENTS = Object.freeze(['dev', 'qa', 'staging', 'prod'] as const);
export type EventEnvironment = (typeof EVENT_ENVIRONMENTS)[number];

export const EVENT_SOURCES = Object.freeze(['WEB', 'IOS', 'ANDROID', 'SERVER'] as const);
export type EventSource = (typeof EVENT_SOURCES)[number];

/** A timing is kept only when it is a number, not negative and at most 2147483647. */
export function isValidTiming(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= ANALYTICS.maxTimingValue;
}

/** An analytics id that is empty or the text 'null' counts as absent. */
export function isAbsentAnalyticsId(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'null';
}

/** Client error reporter limits (storefront.md section 9). */
export const ERROR_REPORTER = Object.freeze({
  maxSendsPerPage: 20,
  maxQueued: 10,
  maxStackLength: 5_000,
  debounceMs: 1_000,
});

/** The longest page or script address an error report keeps; the reporter cuts longer ones. */
export const ERROR_URL_LENGTH = 2_048;

/** Web-vitals thresholds: good up to the first, poor above the second. */
export const WEB_VITALS_THRESHOLDS = Object.freeze({
  LCP: Object.freeze([2_500, 4_000] as const),
  INP: Object.freeze([200, 500] as const),
  CLS: Object.freeze([0.1, 0.25] as const),
});
export type WebVitalName = keyof typeof WEB_VITALS_THRESHOLDS;
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

/** The rating of a measurement: good at or below the first threshold, poor above the second. */
export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const [good, poor] = WEB_VITALS_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export interface PageViewContext {
  /** The visitor is signed in to the site (owner, editor or member with a role). */
  readonly authenticated: boolean;
  /** The signed-in user's website roles (WebsiteRole codes). */
  readonly websiteRoles?: readonly number[];
  readonly path: string;
  readonly pageType?: number;
  /** The global flag that turns census off. */
  readonly censusDisabled?: boolean;
}

/**
 * Whether a page view is recorded (platform.md section 6): never when census is disabled, on
 * not-found, lock-screen and access-denied pages, or on /search; for signed-in users only when
 * their only website role is viewer and the path is outside /config/.
 */
export function isPageViewRecorded(context: PageViewContext): boolean {
  if (context.censusDisabled) return false;
  if (context.pageType !== undefined && (ANALYTICS_SKIPPED_PAGE_TYPES as readonly number[]).includes(context.pageType)) return false;
  const path = context.path.split(/[?#]/)[0];
  if ((ANALYTICS.excludedPaths as readonly string[]).includes(path.replace(/\/+$/, '') || '/')) return false;
  if (!context.authenticated) return true;
  const roles = context.websiteRoles ?? [];
  return roles.length > 0 && roles.every((r) => r === WebsiteRole.VIEWER) && !`${path}/`.includes(ANALYTICS.editingPathMarker);
}
