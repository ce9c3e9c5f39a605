import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { PageCache, changesPages } from '../../src/modules/site/page-cache.js';
import type { SiteSnapshot } from '../../src/modules/site/snapshot.js';

const request = (url: string, cookies: Record<string, string> = {}, method = 'GET', config: Record<string, unknown> = {}) =>
  ({ method, url, cookies, protocol: 'https', host: 'shop.test', routeOptions: { config } }) as unknown as FastifyRequest;

describe('the page cache', () => {
  it('keys a page by scheme, host, language and path, and never for a query string, another method or a personal cookie', () => {
    const cache = new PageCache(true);
    cache.personalCookie('session');
    cache.visitorCookie('cart');
    expect(cache.keyFor(request('/shop/mug'), 'fr-FR')).toBe('https://shop.test fr-FR /shop/mug');
    expect(cache.keyFor(request('/shop/mug?page=2'), 'en-US')).toBeNull();
    expect(cache.keyFor(request('/shop/mug', {}, 'HEAD'), 'en-US')).toBeNull();
    expect(cache.keyFor(request('/shop/mug', { session: 'token' }), 'en-US')).toBeNull();
    // A cart keeps the kept page (completed per visitor), but not on a page that shows the cart itself.
    expect(cache.keyFor(request('/shop/mug', { cart: 'token' }), 'en-US')).toBe('https://shop.test en-US /shop/mug');
    expect(cache.keyFor(request('/cart', { cart: 'token' }, 'GET', { visitorPage: true }), 'en-US')).toBeNull();
    expect(cache.keyFor(request('/cart', {}, 'GET', { visitorPage: true }), 'en-US')).toBe('https://shop.test en-US /cart');
    expect(cache.hasVisitorCookie(request('/shop/mug', { cart: 'token' }))).toBe(true);
    expect(cache.keyFor(request('/shop/mug', { crumb: 'c' }), 'en-US')).not.toBeNull();
    expect(new PageCache(false).keyFor(request('/shop/mug'), 'en-US')).toBeNull();
  });

  it('keeps pages for the time given, holds only those of that time and at most its count, and forgets all on a change', () => {
    let now = 0;
    const cache = new PageCache(true, 1000, 3, () => now);
    const site = {} as SiteSnapshot;
    cache.set(site, 'a', { body: Buffer.from('A'), language: 'en-US' });
    now = 500;
    cache.set(site, 'b', { body: Buffer.from('B'), language: 'en-US' });
    expect(cache.get(site, 'a')?.body.toString()).toBe('A');
    now = 1200; // a has expired, b has not
    cache.set(site, 'c', { body: Buffer.from('C'), language: 'en-US' });
    expect(cache.get(site, 'a')).toBeUndefined();
    cache.set(site, 'd', { body: Buffer.from('D'), language: 'en-US' });
    cache.set(site, 'e', { body: Buffer.from('E'), language: 'en-US' }); // over the count: the oldest (b) makes room
    expect(['b', 'c', 'd', 'e'].map((k) => cache.get(site, k)?.body.toString())).toEqual([undefined, 'C', 'D', 'E']);
    cache.changed();
    expect(cache.get(site, 'e')).toBeUndefined();
  });

  it('counts every successful write as a change, except visitor telemetry (as its route says)', () => {
    const request = (method: string, config: { telemetry?: boolean } = {}) => ({ method, routeOptions: { config } }) as never;
    expect(changesPages(request('POST'), 200)).toBe(true);
    expect(changesPages(request('PUT'), 200)).toBe(true);
    expect(changesPages(request('POST'), 409)).toBe(false);
    expect(changesPages(request('GET'), 200)).toBe(false);
    expect(changesPages(request('POST', { telemetry: true }), 202)).toBe(false);
  });
});
