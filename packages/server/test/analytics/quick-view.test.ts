import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { CHROME_DESKTOP, analyticsApp, count, postJson, storedRejections } from './helpers.js';

type TestSite = Awaited<ReturnType<typeof analyticsApp>>;

// The quick view's census call, as the storefront's dialog sends it when it opens (islands/quick-view).
describe.each(DIALECTS)('the quick-view census call on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await analyticsApp(dialect, { rateLimitPerMinute: 4 });
  });
  afterAll(async () => {
    await site?.close();
  });
  const body = {
    visitorCookie: 'visitor-9',
    pageType: 1,
    collectionType: 13,
    websiteId: 'x',
    timeZone: 'Europe/Paris',
    language: 'en-US',
    inFrame: false,
    pagePath: '/shop',
  };
  const send = (id: string, payload: unknown = body) => postJson(site.app, `/api/census/RecordQuickView/${id}`, payload, { 'user-agent': CHROME_DESKTOP });

  it('records the product opened, refuses a bad id or body with the field, and answers 429 past the rate limit', async () => {
    expect((await send('1a3cb92be6c229f21f05fb06')).statusCode).toBe(202);
    const row = await site.store.db
      .selectFrom('analytics_events')
      .select(['name', 'object_id', 'path', 'page_type', 'visitor_id'])
      .where('kind', '=', 'census')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'quick-view', object_id: '1a3cb92be6c229f21f05fb06', path: '/shop', visitor_id: 'visitor-9' });
    expect(Number(row.page_type)).toBe(1);

    const badId = await send(encodeURIComponent('mug<script>'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: expect.any(String) } });
    const badBody = await send('mug', { ...body, timeZone: { name: 'Europe/Paris' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toHaveProperty(['timeZone']);
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'analytics_events')).toBe(1);
    expect(await storedRejections(site.store)).toMatchObject({ 'RecordQuickView/id': 1, 'RecordQuickView/timeZone': 1 });

    // The fourth call of the minute was the last one taken.
    expect((await send('mug')).statusCode).toBe(202);
    const limited = await send('mug');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
