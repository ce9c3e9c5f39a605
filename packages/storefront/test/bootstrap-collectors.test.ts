// @vitest-environment jsdom
import { WebsiteRole } from '@tessera/core/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SiteContext, type TesseraGlobal, collectorContext, loadIslands, startCollectors } from '../src/bootstrap.js';
import { cookieNames, fakeNetwork, goTo, resetPage } from './collectors/browser.js';

afterEach(resetPage);

const site: SiteContext = {
  websiteId: 'w1',
  templateId: 'default',
  authenticatedAccountId: null,
  pageType: 50,
  collectionId: 'c1',
  itemId: 'i1',
  language: 'en-US',
  cookieSettings: { isRestrictiveCookiePolicyEnabled: false, isCookieBannerEnabled: true },
  captchaSiteKey: null,
  timeZone: { name: 'America/New_York', offset: -18000000, abbreviation: 'EST' },
  currency: 'USD',
  storeSettings: {},
  censusDisabled: false,
  pageSpeedEnabled: false,
  collectionType: 13,
  authenticated: false,
  websiteRoles: [],
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const TRACKING = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];

describe('the bootstrap starts the collectors', () => {
  it('hands the collectors the site context in their terms', () => {
    expect(
      collectorContext({ ...site, cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: false }, authenticatedAccountId: 'm1' }),
    ).toEqual({
      websiteId: 'w1',
      templateId: 'default',
      pageType: 50,
      collectionType: 13,
      language: 'en-US',
      timeZone: 'America/New_York',
      memberId: 'm1',
      authenticated: false,
      websiteRoles: [],
      censusDisabled: false,
      cookieSettings: { restrictive: true, bannerEnabled: false },
      pageSpeedEnabled: false,
    });
  });

  it('records the page view of a visitor, with the page fields', async () => {
    goTo('http://localhost:3000/shop/mug');
    const network = fakeNetwork();
    const visit = await startCollectors(site);
    await settle();
    expect(visit?.session.sessionId).toBeTruthy();
    const [hit] = network.to('/api/census/RecordHit');
    expect(network.form(hit!).event).toBe('view');
    expect(JSON.parse(network.form(hit!).data!)).toMatchObject({ pagePath: '/shop/mug', pageType: 50, collectionType: 13, websiteId: 'w1' });
    expect(cookieNames()).toContain('ss_cvr');
  });

  it('tracks nothing for the signed-in owner or when census is off: no page view, no tracking cookie, errors still reported', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    for (const context of [
      { ...site, authenticated: true, websiteRoles: [WebsiteRole.ADMIN] },
      { ...site, censusDisabled: true },
    ]) {
      const network = fakeNetwork();
      document.cookie = 'crumb=abc';
      expect(await startCollectors(context)).toBeNull();
      dispatchEvent(new ErrorEvent('error', { error: new Error('kaboom'), message: 'kaboom' }));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(network.to('/api/census/RecordHit')).toEqual([]);
      expect(cookieNames().filter((n) => TRACKING.includes(n))).toEqual([]);
      const [report] = network.to('/api/events/RecordJavascriptErrors');
      expect(JSON.parse(report!.body)[0].data.message).toBe('kaboom');
      expect(report!.headers['X-CSRF-Token']).toBe('abc');
    }
  });

  it('tracks a signed-in viewer outside /config/', async () => {
    const network = fakeNetwork();
    await startCollectors({ ...site, authenticated: true, websiteRoles: [WebsiteRole.VIEWER] });
    await settle();
    expect(network.to('/api/census/RecordHit')).toHaveLength(1);
  });

  it('fetches the page-speed collector only where page speed is on', async () => {
    const network = fakeNetwork(() => new Response(JSON.stringify({ pageLoadId: 'p1' }), { status: 200 }));
    await startCollectors(site);
    await vi.waitFor(() => expect(network.requests.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(network.to('/api/1/performance/settings')).toEqual([]);
    await startCollectors({ ...site, pageSpeedEnabled: true });
    await vi.waitFor(() => expect(network.to('/api/1/performance/settings')).toHaveLength(1));
  });
});

describe('the island registry', () => {
  it('loads an island only when its marker is on the page, and mounts it on every marked element', async () => {
    document.body.innerHTML = '<button data-cart>1</button><p>text</p><button data-cart>2</button>';
    const mounted: string[][] = [];
    const cart = vi.fn(async () => ({ mount: (elements: Element[]) => void mounted.push(elements.map((e) => e.textContent ?? '')) }));
    const absent = vi.fn(async () => ({ mount: () => {} }));
    const tessera = { context: null, crumb: () => null, visit: Promise.resolve(null) } as TesseraGlobal;
    loadIslands(document, tessera, [
      ['[data-cart]', cart],
      ['[data-restock]', absent],
    ]);
    await settle();
    expect(cart).toHaveBeenCalledTimes(1);
    expect(absent).not.toHaveBeenCalled();
    expect(mounted).toEqual([['1', '2']]);
  });
});
