import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_EVENTS } from '@tessera/core';
import { EVENT_SCHEMA_NAMES } from '../../src/modules/analytics/event-schemas.js';
import { DIALECTS } from '../helpers/store.js';
import type { TestSite } from '../helpers/app.js';
import { CHROME_DESKTOP, CRUMB, analyticsApp, count, eventRecord, form, postJson, storedRejections } from './helpers.js';

const legacyPayload = {
  pageHash: '',
  pagePath: '/lessons/intro',
  websiteId: 'w',
  templateId: 't',
  variantId: null,
  memberAccountId: 'm1',
  member_locale: 'en-US',
  website_locale: 'en-US',
};

describe.each(DIALECTS)('visitor events on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await analyticsApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  const legacy = (fields: Record<string, string | undefined>, cookie: string | null = CRUMB) =>
    site.app.inject({
      method: 'POST',
      url: '/api/events/RecordEvent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME_DESKTOP, ...(cookie ? { cookie: `crumb=${cookie}` } : {}) },
      payload: form(fields),
    });

  it('knows exactly the commerce events the storefront sends', () => {
    expect([...EVENT_SCHEMA_NAMES].sort()).toEqual(Object.values(COMMERCE_EVENTS).sort());
  });

  it('records a legacy event when the crumb in the form matches the cookie (200), with its extra fields', async () => {
    const res = await legacy({ crumb: CRUMB, event: 'lesson_view', lessonId: 'intro', data: JSON.stringify(legacyPayload) });
    expect(res.statusCode).toBe(200);
    const row = await site.store.db.selectFrom('analytics_events').selectAll().where('kind', '=', 'legacy').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'lesson_view', path: '/lessons/intro' });
    expect(JSON.parse(row.data)).toEqual({ fields: { lessonId: 'intro' }, payload: legacyPayload });
  });

  it('refuses a legacy event without the crumb, with another crumb, or without its payload', async () => {
    const before = await count(site.store, 'analytics_events');
    const data = JSON.stringify(legacyPayload);
    const missing = await legacy({ event: 'lesson_view', data });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    expect((await legacy({ crumb: 'another-crumb-value-1234', event: 'lesson_view', data })).statusCode).toBe(403);
    expect((await legacy({ crumb: CRUMB, event: 'lesson_view', data }, null)).statusCode).toBe(403);
    const noPayload = await legacy({ crumb: CRUMB, event: 'lesson_view' });
    expect(noPayload.statusCode).toBe(400);
    expect(noPayload.json().errors).toHaveProperty('data');
    const badPath = await legacy({ crumb: CRUMB, event: 'lesson_view', data: JSON.stringify({ ...legacyPayload, pagePath: 42 }) });
    expect(badPath.json().errors).toHaveProperty(['data.pagePath']);
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'analytics_events')).toBe(before);
    expect(await storedRejections(site.store)).toMatchObject({ 'RecordEvent/crumb': 3, 'RecordEvent/data': 1, 'RecordEvent/data.pagePath': 1 });
  });

  it('records a v2 event (202) with its record fields', async () => {
    const content = eventRecord('add_to_cart', { page_referrer_url: 'https://social.example.com/post', quantity: 2 });
    const res = await postJson(site.app, '/api/v1/clanker/events', { eventContent: JSON.stringify(content), eventSchemaName: 'add_to_cart' });
    expect(res.statusCode).toBe(202);
    const row = await site.store.db.selectFrom('analytics_events').selectAll().where('kind', '=', 'event').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'add_to_cart',
      path: '/shop/blue-mug',
      session_id: 'session-1',
      object_id: 'blue-mug-id',
      visitor_id: content.analytics_id,
      referrer_host: 'social.example.com',
      device: 'desktop',
    });
    expect(JSON.parse(row.data)).toMatchObject({ quantity: 2, resolved_locale: 'en-US' });
  });

  it('refuses v2 events of unknown schemas, with a different schema name, or missing record fields', async () => {
    const before = await count(site.store, 'analytics_events');
    const send = (content: unknown, eventSchemaName: string) =>
      postJson(site.app, '/api/v1/clanker/events', { eventContent: typeof content === 'string' ? content : JSON.stringify(content), eventSchemaName });
    const unknown = await send(eventRecord('buy_now'), 'buy_now');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.eventSchemaName).toMatch(/^Unknown event schema "buy_now"; known: visit_product_page, add_to_cart/);
    const mismatch = await send(eventRecord('view_cart'), 'add_to_cart');
    expect(mismatch.json().errors).toHaveProperty(['eventContent.custom_schema_name']);
    const { object_identifier: _, ...noObject } = eventRecord('add_to_cart');
    expect((await send(noObject, 'add_to_cart')).json().errors).toHaveProperty(['eventContent.object_identifier']);
    expect((await send(eventRecord('view_cart', { source_environment: 'moon' }), 'view_cart')).json().errors).toHaveProperty([
      'eventContent.source_environment',
    ]);
    expect((await send('not json', 'view_cart')).json().errors).toHaveProperty('eventContent');
    const notString = await postJson(site.app, '/api/v1/clanker/events', { eventContent: eventRecord('view_cart'), eventSchemaName: 'view_cart' });
    expect(notString.json().errors).toHaveProperty('eventContent');
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'analytics_events')).toBe(before);
    expect(await storedRejections(site.store)).toMatchObject({
      'clanker-events/eventSchemaName': 1,
      'clanker-events/eventContent.custom_schema_name': 1,
      'clanker-events/eventContent': 2,
    });
  });

  it('validates event content against its schema without storing it', async () => {
    const before = await count(site.store, 'analytics_events');
    const ok = await postJson(site.app, '/api/v1/clanker/validate-event-content/view_cart', eventRecord('view_cart'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    const bad = await postJson(
      site.app,
      '/api/v1/clanker/validate-event-content/add_to_cart',
      eventRecord('add_to_cart', { page_path: 'nope', session_id: 5 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page_path', 'session_id']);
    const unknown = await postJson(site.app, '/api/v1/clanker/validate-event-content/nothing', eventRecord('nothing'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('eventSchemaName');
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'analytics_events')).toBe(before);
  });
});
