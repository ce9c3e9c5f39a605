import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@tessera/core/zone';
import { DIALECTS } from '../helpers/store.js';
import type { TestSite } from '../helpers/app.js';
import { IPAD, IPHONE, analyticsApp, count, form, pageView, postJson, recordHit, storedRejections, websiteId } from './helpers.js';

describe.each(DIALECTS)('page views and census calls on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await analyticsApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('records a page view from RecordHit: the site of the host, its day, the device, the referrer, the visitor', async () => {
    const before = await count(site.store, 'analytics_events');
    const res = await recordHit(
      site.app,
      pageView({
        pagePath: '/shop/blue-mug',
        pageQuery: '?x=1',
        pageType: 50,
        collectionType: 13,
        referrer: 'https://news.example.org/story?id=1',
        windowWidth: 390,
      }),
      { ss_cvr: 'visitor-7', userAgent: IPHONE },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    // Acknowledged once stored: the row is in the store when the answer arrives.
    expect(await count(site.store, 'analytics_events')).toBe(before + 1);
    const rows = await site.store.db.selectFrom('analytics_events').selectAll().where('path', '=', '/shop/blue-mug').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      website_id: await websiteId(site.store),
      day: dayIn('America/New_York', Date.now()),
      kind: 'hit',
      name: 'view',
      page_type: 50,
      collection_type: 13,
      session_id: 'session-1',
      visitor_id: 'visitor-7',
      referrer_host: 'news.example.org',
      device: 'phone',
    });
    expect(JSON.parse(rows[0]!.data)).toMatchObject({ pagePath: '/shop/blue-mug', isFirstLanding: true, title: 'About' });
  });

  it('counts the site itself as no referrer, a tablet as a tablet, and the analytics id as the visitor without ss_cvr', async () => {
    await recordHit(site.app, pageView({ pagePath: '/journal', referrer: 'http://localhost/shop' }), { userAgent: IPAD });
    const row = await site.store.db.selectFrom('analytics_events').selectAll().where('path', '=', '/journal').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ referrer_host: '', device: 'tablet', visitor_id: '0e4b1f43-0c8a-4e4a-9d0b-4c3d2b1a0f9e' });
  });

  it('refuses bad page views whole with 400 and what is wrong, and counts each reason', async () => {
    const before = await count(site.store, 'analytics_events');
    const cases: [string, () => ReturnType<typeof recordHit>, string][] = [
      ['data is not JSON', () => recordHit(site.app, '{not json'), 'data'],
      ['no pagePath', () => recordHit(site.app, pageView({ pagePath: undefined })), 'data.pagePath'],
      ['a path that is not on the site', () => recordHit(site.app, pageView({ pagePath: 'https://evil.example/' })), 'data.pagePath'],
      ['a session id that is not an id', () => recordHit(site.app, pageView({ sessionId: '<script>' })), 'data.sessionId'],
      ['an object where a scalar belongs', () => recordHit(site.app, pageView({ extra: { nested: true } })), 'data.extra'],
      ['an event name with spaces', () => recordHit(site.app, pageView(), { event: 'page view' }), 'event'],
    ];
    for (const [why, send, reason] of cases) {
      const res = await send();
      expect(res.statusCode, why).toBe(400);
      const body = res.json();
      expect(body.code, why).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.errors), why).toContain(reason);
      expect(site.app.ingest.rejected().byEndpoint.RecordHit?.[reason], why).toBeGreaterThan(0);
    }
    // A field the collector does not send, a JSON body instead of a form.
    const unknown = await site.app.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ event: 'view', data: JSON.stringify(pageView()), admin: '1' }),
    });
    expect(unknown.statusCode).toBe(400);
    const json = await postJson(site.app, '/api/census/RecordHit', { event: 'view', data: JSON.stringify(pageView()) });
    expect(json.statusCode).toBe(415);
    // Too large: refused by the body limit before it is read, still counted.
    const huge = await recordHit(site.app, pageView({ title: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'analytics_events')).toBe(before); // nothing stored, not even half
    const stored = await storedRejections(site.store);
    expect(stored).toMatchObject({ 'RecordHit/data': 1, 'RecordHit/data.pagePath': 2, 'RecordHit/content_type': 1, 'RecordHit/too_large': 1 });
  });

  it("keeps a visitor's string that holds a NUL character, and the page views written with it, on both stores", async () => {
    // PostgreSQL's text cannot hold NUL: unhandled, one such value would fail its whole batch.
    const [odd, plain] = await Promise.all([
      recordHit(site.app, pageView({ pagePath: '/nul\u0000path' })),
      recordHit(site.app, pageView({ pagePath: '/beside-nul' })),
    ]);
    expect([odd.statusCode, plain.statusCode]).toEqual([202, 202]);
    const paths = await site.store.db.selectFrom('analytics_events').select('path').where('path', 'like', '/%nul%').execute();
    expect(paths.map((p) => p.path.replace('\uFFFD', '\u0000')).sort()).toEqual(['/beside-nul', '/nul\u0000path']);
    // A refused payload whose reason (a field's name) holds one is counted too, and does not stop later writes.
    expect((await recordHit(site.app, pageView({ 'odd\u0000field': { nested: true } }))).statusCode).toBe(400);
    await site.app.ingest.queue.flush();
    expect(Object.keys(await storedRejections(site.store)).some((key) => key.startsWith('RecordHit/data.odd'))).toBe(true);
    expect((await recordHit(site.app, pageView({ pagePath: '/after-nul' }))).statusCode).toBe(202);
  });

  it('takes the census calls as JSON, without a crumb, each under its name', async () => {
    const body = { visitorCookie: 'visitor-7', pageType: 50, websiteId: 'x', pagePath: '/shop/blue-mug' };
    for (const call of ['button-click', 'button-render', 'overlay']) {
      const res = await postJson(site.app, `/api/census/${call}`, { ...body, buttonId: 'add-to-cart' });
      expect(res.statusCode, call).toBe(202);
    }
    expect((await postJson(site.app, '/api/census/form-render', { ...body, formId: 'contact' })).statusCode).toBe(202);
    expect((await postJson(site.app, '/api/census/RecordQuickView/abc123', body)).statusCode).toBe(202);
    const rows = await site.store.db.selectFrom('analytics_events').select(['name', 'object_id', 'visitor_id', 'data']).where('kind', '=', 'census').execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['button-click', 'button-render', 'form-render', 'overlay', 'quick-view']);
    expect(rows.find((r) => r.name === 'form-render')?.object_id).toBe('contact');
    expect(rows.find((r) => r.name === 'quick-view')?.object_id).toBe('abc123');
    expect(JSON.parse(rows.find((r) => r.name === 'button-click')!.data)).toMatchObject({ buttonId: 'add-to-cart' });
    expect(rows.every((r) => r.visitor_id === 'visitor-7')).toBe(true);
  });

  it('refuses census calls without their fields or with a bad id, and counts them', async () => {
    const before = await count(site.store, 'analytics_events');
    const noForm = await postJson(site.app, '/api/census/form-render', { pagePath: '/' });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().errors).toHaveProperty('formId');
    const noPath = await postJson(site.app, '/api/census/button-click', { visitorCookie: 'v' });
    expect(noPath.json().errors).toHaveProperty('pagePath');
    const badId = await postJson(site.app, `/api/census/RecordQuickView/${'%3Cb%3E'}`, { pagePath: '/' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty('id');
    const notJson = await site.app.inject({ method: 'POST', url: '/api/census/overlay', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('INVALID_JSON');
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'analytics_events')).toBe(before);
    expect(await storedRejections(site.store)).toMatchObject({
      'form-render/formId': 1,
      'button-click/pagePath': 1,
      'RecordQuickView/id': 1,
      'overlay/body': 1,
    });
  });

  it('still requires the crumb on API calls whose route is not exempt', async () => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
  });
});

describe('the global census flag', () => {
  it('records nothing when census is disabled, and says so in every page', async () => {
    const site = await analyticsApp('sqlite', { censusDisabled: true });
    try {
      const page = await site.app.inject({ method: 'GET', url: '/' });
      expect(page.body).toMatch(/<script type="application\/json" id="tessera-context">[^<]*"censusDisabled":true/);
      expect((await recordHit(site.app, pageView())).json()).toEqual({ accepted: 0 });
      expect((await postJson(site.app, '/api/census/button-click', { pagePath: '/' })).json()).toEqual({ accepted: 0 });
      await site.app.ingest.queue.flush();
      expect(await count(site.store, 'analytics_events')).toBe(0);
    } finally {
      await site.close();
    }
  });
});
