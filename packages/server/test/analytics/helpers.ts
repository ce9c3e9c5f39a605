import type { FastifyInstance, InjectOptions } from 'fastify';
import { ANALYTICS_DEFAULTS, type AnalyticsConfig } from '../../src/modules/analytics/config.js';
import type { Store } from '../../src/storage/dialect.js';
import type { Dialect } from '../../src/storage/dialect.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';

/** The fixture site's id (stableId('website', 'fixture-shop')), read from the store. */
export async function websiteId(store: Store): Promise<string> {
  const row = await store.db.selectFrom('websites').select('id').where('identifier', '=', 'fixture-shop').executeTakeFirstOrThrow();
  return row.id;
}

/** The fixture app with analytics settings for tests: no roll-up timer, no rate limit, a long flush delay (tests flush). */
export function analyticsApp(dialect: Dialect, analytics: Partial<AnalyticsConfig> = {}): Promise<TestSite> {
  return fixtureApp(dialect, {
    analytics: { ...ANALYTICS_DEFAULTS, rollupIntervalMs: 0, rateLimitPerMinute: 0, flushMs: 60_000, ...analytics },
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
  const row = await store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The store's rejection counts as endpoint/reason -> count. */
export async function storedRejections(store: Store): Promise<Record<string, number>> {
  const rows = await store.db.selectFrom('analytics_rejections').selectAll().execute();
  return Object.fromEntries(rows.map((r) => [`${r.endpoint}/${r.reason}`, Number(r.count)]));
}
