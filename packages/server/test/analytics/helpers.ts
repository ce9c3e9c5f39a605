import type { FastifyInstance, InjectOptions } from 'fastify';
import { ANALYTICS_DEFAULTS, type AnalyticsConfig } from '../../src/modules/analytics/config.js';
import type { Config } from '../../src/config.js';
import type { Store } from '../../src/storage/dialect.js';
import type { Dialect } from '../../src/storage/dialect.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';

/** The fixture site's id (stableId('website', 'fixture-shop')), read from the store. */
export async function websiteId(store: Store): Promise<string> {
  const row = await store.db.selectFrom('websites').select('id').where('identifier', '=', 'fixture-shop').executeTakeFirstOrThrow();
  return row.id;
}

/** The fixture app with analytics settings for tests: no roll-up timer, no rate limit. */
export function analyticsApp(dialect: Dialect, analytics: Partial<AnalyticsConfig> = {}, overrides: Partial<Config> = {}): Promise<TestSite> {
  return fixtureApp(dialect, {
    analytics: { ...ANALYTICS_DEFAULTS, rollupIntervalMs: 0, rateLimitPerMinute: 0, ...analytics },
    ...overrides,
  });
}

export const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A page view's data as collectors/census.ts builds it. */
export function pageView(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    inFrame: false,
    websiteId: 'ignored-the-host-decides',
    templateId: 'test',
    pageType: 2,
    language: 'en-US',
    timeZone: 'America/New_York',
    pagePath: '/about',
    pageQuery: '',
    pageHash: '',
    referrer: '',
    title: 'About',
    isFirstLanding: true,
    isFirstSession: true,
    sessionId: 'session-1',
    analyticsId: '0e4b1f43-0c8a-4e4a-9d0b-4c3d2b1a0f9e',
    windowWidth: 1280,
    windowHeight: 800,
    ...overrides,
  };
}

export function form(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.append(k, v);
  return params.toString();
}

/** POST /api/census/RecordHit as the collector does (form-encoded). */
export function recordHit(app: FastifyInstance, data: unknown, extra: { ss_cvr?: string; event?: string; userAgent?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/census/RecordHit',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost', 'user-agent': extra.userAgent ?? CHROME_DESKTOP },
    payload: form({ event: extra.event ?? 'view', data: typeof data === 'string' ? data : JSON.stringify(data), ss_cvr: extra.ss_cvr }),
  });
}

export function postJson(app: FastifyInstance, url: string, body: unknown, headers: InjectOptions['headers'] = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', host: 'localhost', 'user-agent': CHROME_DESKTOP, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function count(store: Store, table: 'analytics_events' | 'performance_records' | 'client_errors'): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The store's rejection counts as endpoint/reason -> count. */
export async function storedRejections(store: Store): Promise<Record<string, number>> {
  const rows = await store.db.selectFrom('analytics_rejections').selectAll().execute();
  return Object.fromEntries(rows.map((r) => [`${r.endpoint}/${r.reason}`, Number(r.count)]));
}

/** A v2 event record as collectors/trackers.ts (eventRecord) builds it. */
export function eventRecord(schema: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    analytics_id: '0e4b1f43-0c8a-4e4a-9d0b-4c3d2b1a0f9e',
    browser_language: 'en-US',
    browser_window_height: 800,
    browser_window_width: 1280,
    client_name: 'tessera-storefront',
    client_version: '3.8.0',
    page_host: 'localhost',
    page_path: '/shop/blue-mug',
    page_query_params: '',
    page_referrer_url: '',
    session_id: 'session-1',
    enduser_user_agent: CHROME_DESKTOP,
    event_occurrence_timestamp: Date.now(),
    browser_locale: 'en-US',
    custom_schema_name: schema,
    source_environment: 'prod',
    context_website_id: 'w',
    object_identifier: 'blue-mug-id',
    resolved_locale: 'en-US',
    website_locale: 'en-US',
    ...overrides,
  };
}

export const CRUMB = 'Q2xlYW5DcnVtYjEyMzQ1Ng';

/** A page-speed record as collectors/page-speed.ts sends it. */
export function pageSpeedRecord(pathname: string, timings: Record<string, number>, pageLoadId = 'a1b2c3d4e5f6a1b2c3d4e5f6'): Record<string, unknown> {
  return {
    app: 'tessera-storefront',
    event: 'pageSpeed',
    pageLoadId,
    timestamp: Date.now(),
    data: {
      context: { inFrame: false, pageType: 2, templateId: 'test', language: 'en-US' },
      analyticsId: '0e4b1f43-0c8a-4e4a-9d0b-4c3d2b1a0f9e',
      version: '4.6.0',
      connection: { downlink: 10, effectiveType: '4g', rtt: 50, saveData: false },
      deliveryType: 'beacon',
      display: { devicePixelRatio: 2, screenWidth: 1440, screenHeight: 900, viewportWidth: 1280, viewportHeight: 800 },
      hardware: { deviceMemory: 8, hardwareConcurrency: 8 },
      hash: '',
      hostname: 'localhost',
      pathname,
      timings: { responseStart: 40, domContentLoadedEventEnd: 300, firstContentfulPaint: 350, ...timings },
      userTimings: { 'rum-hero': 420 },
    },
  };
}

export function imageRecord(url: string, pageLoadId = 'a1b2c3d4e5f6a1b2c3d4e5f6'): Record<string, unknown> {
  return {
    app: 'tessera-storefront',
    event: 'image',
    pageLoadId,
    timestamp: Date.now(),
    data: {
      url,
      visibleOnLoad: true,
      observationTime: 812.5,
      intersectionRatio: 1,
      imageType: 0,
      naturalWidth: 800,
      naturalHeight: 600,
      displayedWidth: 400,
      displayedHeight: 300,
      timings: { startTime: 100, duration: 80, responseEnd: 180, transferSize: 12000 },
    },
  };
}

/** POST /api/1/performance/records as a beacon does: text/plain, no crumb. */
export function sendRecords(app: FastifyInstance, records: unknown, headers: InjectOptions['headers'] = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/1/performance/records',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME_DESKTOP, ...headers },
    payload: typeof records === 'string' ? records : JSON.stringify(records),
  });
}
