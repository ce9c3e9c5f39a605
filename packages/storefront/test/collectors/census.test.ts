// @vitest-environment jsdom
import { PageType, WebsiteRole } from '@tessera/core/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAnalytics } from '../../src/collectors/analytics.js';
import { recordButtonClick, recordButtonRender, recordFormRender, recordOverlay, recordQuickView } from '../../src/collectors/census-calls.js';
import { recordHit } from '../../src/collectors/census.js';
import type { CollectorContext } from '../../src/collectors/context.js';
import { formEncode, post } from '../../src/collectors/transport.js';
import { fakeNetwork, goTo, resetPage, useFakeClock } from './browser.js';

afterEach(resetPage);

const site: CollectorContext = {
  websiteId: 'w-1',
  templateId: 't-1',
  pageType: PageType.ITEM,
  collectionType: 13,
  language: 'en-US',
  timeZone: 'America/New_York',
  cookieSettings: { restrictive: false, bannerEnabled: true },
};

/** Lets the posts started synchronously reach the fake network. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('page views', () => {
  it('records the page view: form-encoded event, data JSON with the page-context fields, ss_cvr', async () => {
    goTo('https://shop.example/shop/mug?color=blue#reviews');
    document.title = 'Mug';
    const network = fakeNetwork();
    const visit = startAnalytics(site);
    await settle();
    const [hit] = network.to('/api/census/RecordHit');
    expect(hit.method).toBe('POST');
    expect(hit.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const form = network.form(hit);
    expect(Object.keys(form).sort()).toEqual(['data', 'event', 'ss_cvr']);
    expect(form.event).toBe('view');
    expect(form.ss_cvr).toBe(visit.visitorId);
    expect(document.cookie).toContain(`ss_cvr=${visit.visitorId}`);
    expect(JSON.parse(form.data)).toMatchObject({
      websiteId: 'w-1',
      templateId: 't-1',
      pageType: PageType.ITEM,
      collectionType: 13,
      language: 'en-US',
      timeZone: 'America/New_York',
      inFrame: false,
      pagePath: '/shop/mug',
      pageQuery: '?color=blue',
      pageHash: '#reviews',
      title: 'Mug',
      isFirstLanding: true,
      isFirstSession: true,
      sessionId: visit.session.sessionId,
      analyticsId: visit.analyticsId,
    });
  });

  it('under the restrictive policy sends no visitor cookie and leaves no tracking cookie', async () => {
    document.cookie = 'ss_cvr=old; path=/';
    const network = fakeNetwork();
    startAnalytics({ ...site, cookieSettings: { restrictive: true } });
    await settle();
    const form = network.form(network.to('/api/census/RecordHit')[0]);
    expect(form.ss_cvr).toBeUndefined();
    expect(JSON.parse(form.data).analyticsId).toBeUndefined();
    expect(document.cookie).not.toMatch(/ss_c|SS_ANALYTICS_ID/);
  });

  it('is not recorded automatically on /search', async () => {
    goTo('http://localhost:3000/search?q=mug');
    const network = fakeNetwork();
    startAnalytics(site);
    await settle();
    expect(network.to('/api/census/RecordHit')).toEqual([]);
  });

  const skipped: [string, string, CollectorContext][] = [
    ['a signed-in editor', '/shop', { ...site, authenticated: true, websiteRoles: [WebsiteRole.EDITOR] }],
    ['a signed-in user without roles', '/shop', { ...site, authenticated: true, websiteRoles: [] }],
    ['a viewer who also edits', '/shop', { ...site, authenticated: true, websiteRoles: [WebsiteRole.VIEWER, WebsiteRole.EDITOR] }],
    ['a viewer in the editing area', '/config/pages', { ...site, authenticated: true, websiteRoles: [WebsiteRole.VIEWER] }],
    ['the not-found page', '/nope', { ...site, pageType: PageType.NOT_FOUND }],
    ['the lock screen', '/', { ...site, pageType: PageType.LOCK_SCREEN }],
    ['the member-area access-denied page', '/members', { ...site, pageType: PageType.MEMBER_AREA_ACCESS_DENIED }],
    ['everything when census is disabled', '/shop', { ...site, censusDisabled: true }],
  ];
  it.each(skipped)('skips %s', async (_, path, context) => {
    goTo(`http://localhost:3000${path}`);
    const network = fakeNetwork();
    startAnalytics(context);
    await settle();
    expect(network.to('/api/census/RecordHit')).toEqual([]);
  });

  it('records a signed-in user whose only website role is viewer, outside /config', async () => {
    goTo('http://localhost:3000/shop');
    const network = fakeNetwork();
    startAnalytics({ ...site, authenticated: true, websiteRoles: [WebsiteRole.VIEWER] });
    await settle();
    expect(network.to('/api/census/RecordHit')).toHaveLength(1);
  });

  it('ignores a failing census post on the page', async () => {
    fakeNetwork(() => 'fail');
    await expect(recordHit('view', {})).resolves.toBeUndefined();
    fakeNetwork(() => new Response(null, { status: 500 }));
    await expect(recordHit('view', {})).resolves.toBeUndefined();
  });
});

describe('census calls', () => {
  it('button-click, button-render, form-render, overlay and RecordQuickView carry the visitor cookie and page fields as JSON', async () => {
    goTo('http://localhost:3000/shop');
    document.cookie = 'ss_cvr=visitor-9; path=/';
    const network = fakeNetwork();
    await recordButtonClick(site, { buttonId: 'b1' });
    await recordButtonRender(site, { buttonId: 'b1' });
    await recordFormRender(site, 'form-7');
    await recordOverlay(site);
    await recordQuickView(site, 'item 3');
    expect(network.requests.map((r) => r.url)).toEqual([
      '/api/census/button-click',
      '/api/census/button-render',
      '/api/census/form-render',
      '/api/census/overlay',
      '/api/census/RecordQuickView/item%203',
    ]);
    for (const request of network.requests) {
      expect(request.headers['Content-Type']).toBe('application/json');
      expect(JSON.parse(request.body)).toMatchObject({ visitorCookie: 'visitor-9', websiteId: 'w-1', pagePath: '/shop' });
    }
    expect(JSON.parse(network.requests[0].body).buttonId).toBe('b1');
    expect(JSON.parse(network.requests[2].body).formId).toBe('form-7');
  });

  it('are not sent for a signed-in editor, but are on /search', async () => {
    goTo('http://localhost:3000/search');
    const network = fakeNetwork();
    await recordButtonClick({ ...site, authenticated: true, websiteRoles: [WebsiteRole.EDITOR] });
    expect(network.requests).toEqual([]);
    await recordQuickView(site, 'i1');
    expect(network.requests).toHaveLength(1);
  });

  it('ignore failures', async () => {
    fakeNetwork(() => 'fail');
    await expect(recordButtonClick(site)).resolves.toBeUndefined();
  });
});

describe('transport', () => {
  it('form-encodes fields, leaving out null and undefined', () => {
    expect(formEncode({ event: 'view', data: '{"a":"b c&d"}', n: 1, t: true, gone: undefined, none: null })).toBe(
      'event=view&data=%7B%22a%22%3A%22b+c%26d%22%7D&n=1&t=true',
    );
  });

  it('aborts an analytics post after 2500 ms', async () => {
    useFakeClock();
    fakeNetwork(() => 'hang');
    let outcome = 'pending';
    post('/api/census/RecordHit', '', 'text/plain').then(
      () => (outcome = 'answered'),
      (error: Error) => (outcome = error.name),
    );
    await vi.advanceTimersByTimeAsync(2499);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('AbortError');
  });

  it('a census post that times out is ignored', async () => {
    useFakeClock();
    fakeNetwork(() => 'hang');
    const done = recordHit('view', {});
    await vi.advanceTimersByTimeAsync(2500);
    await expect(done).resolves.toBeUndefined();
  });
});
