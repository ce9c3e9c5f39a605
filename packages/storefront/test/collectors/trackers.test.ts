// @vitest-environment jsdom
import { COMMERCE_EVENTS, MEMBER_EVENTS } from '@tessera/core/constants';
import { WebsiteRole } from '@tessera/core/enums';
import { afterEach, describe, expect, it } from 'vitest';
import { type StorefrontEvent, forwardEvent, forwardVisitorEvents } from '../../src/collectors/visitor-events.js';
import type { CollectorContext } from '../../src/collectors/context.js';
import { eventRecord, legacyPayload, trackEvent, trackLegacyEvent } from '../../src/collectors/trackers.js';
import { type Visit, startVisit } from '../../src/collectors/visit.js';
import { fakeNetwork, goTo, resetPage } from './browser.js';

afterEach(resetPage);

const site: CollectorContext = {
  websiteId: 'w-1',
  templateId: 't-1',
  language: 'fr-FR',
  memberId: 'member-4',
  memberAccountLocale: 'de-DE',
  environment: 'staging',
};

function visitOn(url: string, context: CollectorContext = site): Visit {
  goTo(url);
  return startVisit(context);
}

describe('legacy tracker (RecordEvent)', () => {
  it('posts form-encoded crumb, event, the extra fields and the payload as JSON', async () => {
    const network = fakeNetwork();
    document.cookie = 'crumb=abc123; path=/';
    await trackLegacyEvent('lesson_view', { lessonId: 'l-9' }, { pagePath: '/courses/a' });
    const [sent] = network.to('/api/events/RecordEvent');
    expect(sent.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(network.form(sent)).toEqual({
      crumb: 'abc123',
      event: 'lesson_view',
      lessonId: 'l-9',
      data: '{"pagePath":"/courses/a"}',
    });
  });

  it.each([200, 202])('succeeds with %i', async (status) => {
    fakeNetwork(() => new Response(null, { status }));
    await expect(trackLegacyEvent('e', {}, {})).resolves.toBeUndefined();
  });

  it('rejects any other status with "Error tracking event: HTTP Status {status}"', async () => {
    fakeNetwork(() => new Response(null, { status: 500 }));
    await expect(trackLegacyEvent('e', {}, {})).rejects.toThrow(/^Error tracking event: HTTP Status 500$/);
    fakeNetwork(() => new Response(null, { status: 204 }));
    await expect(trackLegacyEvent('e', {}, {})).rejects.toThrow('Error tracking event: HTTP Status 204');
  });

  it('rejects a call without payload with "no payload", sending nothing', async () => {
    const network = fakeNetwork();
    await expect(trackLegacyEvent('e', {})).rejects.toThrow(/^no payload$/);
    expect(network.requests).toEqual([]);
  });

  it('builds the legacy payload from the page and the site context', () => {
    const visit = visitOn('http://localhost:3000/courses/a#part-2');
    expect(legacyPayload(visit, 'v-2')).toEqual({
      pageHash: '#part-2',
      pagePath: '/courses/a',
      websiteId: 'w-1',
      templateId: 't-1',
      variantId: 'v-2',
      memberAccountId: 'member-4',
      member_locale: 'de-DE',
      website_locale: 'fr-FR',
    });
  });
});

describe('event client (clanker)', () => {
  it('posts eventContent as a JSON string with eventSchemaName', async () => {
    const network = fakeNetwork(() => new Response(null, { status: 202 }));
    await trackEvent('add_to_cart', { object_identifier: 'p-1' });
    const [sent] = network.to('/api/v1/clanker/events');
    expect(sent.headers['Content-Type']).toBe('application/json');
    const body = JSON.parse(sent.body);
    expect(body).toEqual({ eventContent: '{"object_identifier":"p-1"}', eventSchemaName: 'add_to_cart' });
  });

  it('in validate mode posts the content to the validate endpoint of the schema', async () => {
    const network = fakeNetwork();
    await trackEvent('add_to_cart', { a: 1 }, true);
    expect(network.requests.map((r) => [r.url, r.body])).toEqual([['/api/v1/clanker/validate-event-content/add_to_cart', '{"a":1}']]);
  });

  it('rejects "no payload" and non-success statuses', async () => {
    fakeNetwork(() => new Response(null, { status: 400 }));
    await expect(trackEvent('view_cart')).rejects.toThrow('no payload');
    await expect(trackEvent('view_cart', {})).rejects.toThrow('Error tracking event: HTTP Status 400');
  });

  it('fills the v2 event record from the visit and the page', () => {
    goTo('https://shop.example/shop/mug?color=blue');
    document.cookie = 'SS_ANALYTICS_ID=a-1; path=/; secure';
    localStorage.setItem('SS_MID', 'm-1');
    const visit = startVisit(site);
    const record = eventRecord(visit, 'visit_product_page', { objectIdentifier: 'p-1', destinationUrl: '/cart', price: 1200 });
    expect(record).toEqual({
      price: 1200,
      analytics_id: 'a-1',
      browser_language: navigator.language,
      browser_window_height: innerHeight,
      browser_window_width: innerWidth,
      client_name: 'tessera-storefront',
      client_version: '3.8.0',
      marketing_id: 'm-1',
      page_host: 'shop.example',
      page_path: '/shop/mug',
      page_query_params: 'color=blue',
      page_referrer_url: '',
      session_id: visit.session.sessionId,
      enduser_user_agent: navigator.userAgent,
      event_occurrence_timestamp: expect.any(Number),
      browser_locale: Intl.DateTimeFormat().resolvedOptions().locale,
      custom_schema_name: 'visit_product_page',
      source_environment: 'staging',
      context_website_id: 'w-1',
      destination_url: '/cart',
      member_account_id: 'member-4',
      object_identifier: 'p-1',
      resolved_locale: 'en-US',
      website_locale: 'fr-FR',
      member_account_locale: 'de-DE',
    });
  });

  it('resolved_locale defaults to the document language, else en-US, unless the event gives one', () => {
    const visit = visitOn('http://localhost:3000/');
    const resolved = (properties = {}) => (eventRecord(visit, 's', properties) as { resolved_locale: string }).resolved_locale;
    expect(resolved()).toBe('en-US');
    document.documentElement.lang = 'nl-NL';
    expect(resolved()).toBe('nl-NL');
    expect(resolved({ resolvedLocale: 'es-ES' })).toBe('es-ES');
  });
});

describe('visitor events from the event bus', () => {
  function bus() {
    let handler: ((event: StorefrontEvent) => void) | undefined;
    return {
      subscribe(h: (event: StorefrontEvent) => void) {
        handler = h;
      },
      publish: (event: StorefrontEvent) => handler?.(event),
    };
  }

  it('forwards every commerce event to the event client under its schema name', async () => {
    const network = fakeNetwork();
    const visit = visitOn('http://localhost:3000/shop/mug');
    for (const name of Object.keys(COMMERCE_EVENTS)) {
      await expect(forwardEvent(visit, { name, payload: { objectIdentifier: 'p-1' } })).resolves.toBe(true);
    }
    const sent = network.to('/api/v1/clanker/events').map((r) => JSON.parse(r.body));
    expect(sent.map((b) => b.eventSchemaName)).toEqual(Object.values(COMMERCE_EVENTS));
    for (const body of sent) {
      expect(JSON.parse(body.eventContent)).toMatchObject({ custom_schema_name: body.eventSchemaName, object_identifier: 'p-1' });
    }
    expect(network.to('/api/events/RecordEvent')).toEqual([]);
  });

  it('forwards lesson, paywall and join events to the legacy tracker with scalar fields and the legacy payload', async () => {
    const network = fakeNetwork();
    document.cookie = 'crumb=c1; path=/';
    const visit = visitOn('http://localhost:3000/courses/a');
    for (const name of Object.keys(MEMBER_EVENTS)) {
      await forwardEvent(visit, { name, payload: { lessonId: 'l-1', variantId: 'v-1', nested: { no: 1 } } });
    }
    const forms = network.to('/api/events/RecordEvent').map((r) => network.form(r));
    expect(forms.map((f) => f.event)).toEqual(Object.values(MEMBER_EVENTS));
    expect(forms[0]).toMatchObject({ crumb: 'c1', lessonId: 'l-1', variantId: 'v-1' });
    expect(forms[0].nested).toBeUndefined();
    expect(JSON.parse(forms[0].data)).toMatchObject({ pagePath: '/courses/a', variantId: 'v-1', memberAccountId: 'member-4' });
  });

  it('subscribes to the bus, ignores unknown events and swallows tracking failures', async () => {
    const network = fakeNetwork(() => new Response(null, { status: 500 }));
    const events = bus();
    const visit = visitOn('http://localhost:3000/shop');
    forwardVisitorEvents(visit, events);
    events.publish({ name: 'cart-recalculated' });
    events.publish({ name: 'toString' });
    events.publish({ name: 'add-to-cart', payload: { objectIdentifier: 'p-2' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(network.requests.map((r) => r.url)).toEqual(['/api/v1/clanker/events']);
    await expect(forwardEvent(visit, { name: 'add-to-cart' })).resolves.toBe(false);
  });

  it('tracks nothing for a signed-in editor', async () => {
    const network = fakeNetwork();
    const visit = visitOn('http://localhost:3000/shop', { ...site, authenticated: true, websiteRoles: [WebsiteRole.EDITOR] });
    await expect(forwardEvent(visit, { name: 'add-to-cart' })).resolves.toBe(false);
    await expect(forwardEvent(visit, { name: 'lesson-view' })).resolves.toBe(false);
    expect(network.requests).toEqual([]);
  });
});
