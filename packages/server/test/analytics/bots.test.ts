import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsReport } from '../../src/modules/analytics/report.js';
import { dayIn } from '@tessera/core/zone';
import { isBotAgent } from '../../src/modules/analytics/request-info.js';
import { DIALECTS } from '../helpers/store.js';
import type { TestSite } from '../helpers/app.js';
import {
  CHROME_DESKTOP,
  CRUMB,
  IPHONE,
  analyticsApp,
  count,
  eventRecord,
  form,
  pageSpeedRecord,
  pageView,
  postJson,
  recordHit,
  sendRecords,
  websiteId,
} from './helpers.js';

/** Crawlers that run JavaScript, so that the collectors send their calls like a visitor's browser. */
const GOOGLEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/140.0.7339.127 Safari/537.36';
const HEADLESS_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

describe('bot detection on the user agent', () => {
  it('tells crawlers, headless browsers and scripts from browsers', () => {
    for (const agent of [GOOGLEBOT, HEADLESS_CHROME, BINGBOT, 'curl/8.5.0', 'python-requests/2.32.3']) expect(isBotAgent(agent), agent).toBe(true);
    for (const agent of [CHROME_DESKTOP, IPHONE, undefined, '']) expect(isBotAgent(agent), String(agent)).toBe(false);
    expect(isBotAgent(GOOGLEBOT)).toBe(true); // the same answer from the cache
  });
});

describe.each(DIALECTS)('bots on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await analyticsApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it("leaves a bot's calls out of the visits, counts them per site, day and endpoint, and the report says how many", async () => {
    const id = await websiteId(site.store);
    const today = dayIn('America/New_York', Date.now());
    const bot = (agent: string) => ({ 'user-agent': agent });

    const hit = await recordHit(site.app, pageView({ pagePath: '/crawled', sessionId: 'crawler-1' }), { userAgent: GOOGLEBOT });
    expect(hit.statusCode).toBe(202);
    expect(hit.json()).toEqual({ accepted: 0 });
    expect((await recordHit(site.app, pageView({ pagePath: '/crawled' }), { userAgent: HEADLESS_CHROME })).json()).toEqual({ accepted: 0 });
    expect((await postJson(site.app, '/api/census/button-click', { pagePath: '/crawled' }, bot(GOOGLEBOT))).json()).toEqual({ accepted: 0 });
    const event = await postJson(
      site.app,
      '/api/v1/clanker/events',
      { eventContent: JSON.stringify(eventRecord('add_to_cart')), eventSchemaName: 'add_to_cart' },
      bot(GOOGLEBOT),
    );
    expect(event.json()).toEqual({ accepted: 0 });
    const legacy = await site.app.inject({
      method: 'POST',
      url: '/api/events/RecordEvent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BINGBOT, cookie: `crumb=${CRUMB}` },
      payload: form({ crumb: CRUMB, event: 'lesson_view', data: JSON.stringify({ pagePath: '/crawled' }) }),
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual({ accepted: 0 });
    expect(
      (await sendRecords(site.app, [pageSpeedRecord('/crawled', { largestContentfulPaint: 900 })], { ...bot(GOOGLEBOT), host: 'localhost' })).json(),
    ).toEqual({ accepted: 0 });
    const errors = await postJson(
      site.app,
      '/api/events/RecordJavascriptErrors',
      [{ event: 'error', data: { message: 'bot', url: 'http://localhost/crawled' }, timestamp: 1 }],
      { ...bot(GOOGLEBOT), cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB },
    );
    expect(errors.json()).toEqual({ accepted: 0 });
    // A person's page view, for comparison.
    expect((await recordHit(site.app, pageView({ pagePath: '/visited', sessionId: 'person-1' }), { userAgent: CHROME_DESKTOP })).json()).toEqual({
      accepted: 1,
    });

    // Bots' calls are counted once stored, as a person's are: nothing of them is in the raw tables.
    expect(await count(site.store, 'analytics_events')).toBe(1);
    expect(await count(site.store, 'performance_records')).toBe(0);
    expect(await count(site.store, 'client_errors')).toBe(0);
    const counted = await site.store.db.selectFrom('analytics_bots').selectAll().orderBy('endpoint').execute();
    expect(counted.map((r) => [r.website_id, r.day, r.endpoint, Number(r.count)])).toEqual([
      [id, today, 'RecordEvent', 1],
      [id, today, 'RecordHit', 2],
      [id, today, 'RecordJavascriptErrors', 1],
      [id, today, 'button-click', 1],
      [id, today, 'clanker-events', 1],
      [id, today, 'performance-records', 1],
    ]);
    expect(site.app.ingest.queue.stats().bots).toBe(7);

    const report = await analyticsReport(site.store.db, { websiteId: id, timeZone: 'America/New_York' }, { from: today, to: today, today });
    expect(report.totals).toEqual({ visits: 1, pageViews: 1, botHits: 7 });
    expect(report.topPages).toEqual([{ path: '/visited', pageViews: 1 }]);
    expect(report.events).toEqual([]);
    // Another day's range does not count today's bots.
    expect(
      (await analyticsReport(site.store.db, { websiteId: id, timeZone: 'America/New_York' }, { from: '2020-01-01', to: '2020-01-02', today })).totals.botHits,
    ).toBe(0);
  });

  it("still refuses a bot's bad payload (400, counted as a rejection), and leaves the bot out only once it is valid", async () => {
    const botsBefore = site.app.ingest.queue.stats().bots;
    const bad = await recordHit(site.app, pageView({ pagePath: undefined }), { userAgent: GOOGLEBOT });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['data.pagePath']);
    expect(site.app.ingest.queue.stats().bots).toBe(botsBefore);
  });
});
