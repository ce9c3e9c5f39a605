import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ANALYTICS_DEFAULTS } from '../../src/modules/analytics/config.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import type { FastifyInstance } from 'fastify';
import { TestClock } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { pageView, recordHit } from './helpers.js';

// Ingestion reads the time from the app's clock, not the machine's: the day a page view counts on,
// when it was received and the rate limit's window all move with a test's clock.
describe.each(DIALECTS)("the measurements' time on %s", (dialect) => {
  let store: Store;
  let app: FastifyInstance;
  const clock = new TestClock();
  beforeAll(async () => {
    store = await freshStore(dialect);
    await importSite(store, FIXTURE_SITE);
    // 03:30 UTC on 1 July 2024 is still 30 June in New York (the fixture site's zone, EDT).
    clock.now = Date.parse('2024-07-01T03:30:00Z');
    app = await buildApp(testConfig({ analytics: { ...ANALYTICS_DEFAULTS, rollupIntervalMs: 0, rateLimitPerMinute: 2 } }), { store, clock: clock.fn });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it("counts a page view on the site's day by the app's clock, received at the clock's time", async () => {
    expect((await recordHit(app, pageView({ pagePath: '/clocked' }))).statusCode).toBe(202);
    const row = await store.db.selectFrom('analytics_events').select(['day', 'received_on']).where('path', '=', '/clocked').executeTakeFirstOrThrow();
    expect(row.day).toBe('2024-06-30');
    expect(Number(row.received_on)).toBe(clock.now);
  });

  it("measures the rate limit's window by the app's clock", async () => {
    clock.advance(60_000); // a fresh window, 03:31:00
    expect((await recordHit(app, pageView())).statusCode).toBe(202);
    expect((await recordHit(app, pageView())).statusCode).toBe(202);
    clock.advance(15_000);
    const refused = await recordHit(app, pageView());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    clock.advance(45_000);
    expect((await recordHit(app, pageView())).statusCode).toBe(202);
  });
});
