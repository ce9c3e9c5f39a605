import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError, trustProxyOf } from '../../src/config.js';
import type { RouteEntry } from '../../src/http/crumb.js';
import { createOwner } from '../../src/modules/admin/owners.js';
import { Browser, membersApp, SITE_PASSWORD_HASH, updateSiteSettings, WEBSITE_ID, type MembersSite } from '../accounts/helpers.js';
import { FIXTURES } from '../helpers/paths.js';

const SECURITY_DOC = fs.readFileSync(path.resolve(FIXTURES, '..', '..', '..', '..', 'docs', 'security.md'), 'utf8');
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A concrete path for a registered route: every parameter and wildcard filled. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, 'x1').replace(/\*/g, 'x1');
}

/**
 * The same path as the router reads it, written otherwise: a letter of a segment percent-encoded
 * (`/%61pi/...`, `/ap%69/...`, and in the last segment).
 */
function encodedVariants(p: string): string[] {
  const segments = p.split('/');
  const encodeAt = (index: number, at: number) =>
    segments.map((s, i) => (i === index && s.length > at ? `${s.slice(0, at)}%${s.charCodeAt(at).toString(16)}${s.slice(at + 1)}` : s)).join('/');
  const variants = [encodeAt(1, 0), encodeAt(1, 2), encodeAt(segments.length - 1, 0)];
  return [...new Set(variants.filter((v) => v !== p))];
}

describe('security', () => {
  let site: MembersSite;
  let routes: RouteEntry[];
  beforeAll(async () => {
    site = await membersApp('sqlite');
    routes = site.app.routeTable;
  });
  afterAll(() => site.close());

  describe('the crumb, decided on the matched route', () => {
    it('guards every state-changing route of the route table, through every spelling of its path', async () => {
      const guarded = routes.filter((r) => UNSAFE.has(r.method) && !r.crumbExempt);
      expect(guarded.length).toBeGreaterThan(25);
      const seen: string[] = [];
      for (const route of guarded) {
        const p = concrete(route.url);
        for (const url of [p, ...encodedVariants(p)]) {
          for (const crumb of [undefined, 'AAAAAAAAAAAAAAAAAAAAAA']) {
            const res = await site.app.inject({
              method: route.method as 'POST',
              url,
              headers: { host: 'members.test', 'content-type': 'application/json', ...(crumb ? { 'x-csrf-token': crumb } : {}) },
              cookies: { crumb: 'BBBBBBBBBBBBBBBBBBBBBB' },
              payload: '{}',
            });
            expect(res.statusCode, `${route.method} ${url}`).toBe(403);
            expect(res.json(), `${route.method} ${url}`).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
          }
          seen.push(`${route.method} ${url}`);
        }
      }
      // The encoded spellings reach the very handlers: with the right crumb they are not refused by it.
      expect(seen).toContain('POST /%61pi/commerce/shopping-cart/entries');
      const b = new Browser(site.app);
      for (const url of ['/%61pi/commerce/shopping-cart/entries', '/ap%69/commerce/shopping-cart/entries']) {
        const res = await b.request('POST', url, { itemId: 'nope', quantity: 1 });
        expect(res.json.code, url).not.toBe('CRUMB_FAIL');
      }
    });

    it('lists every exempt route with its reason in docs/security.md, and no other', () => {
      const exempt = routes.filter((r) => UNSAFE.has(r.method) && r.crumbExempt && r.crumbExempt !== 'refuses');
      expect(exempt.map((r) => r.url)).toContain('/api/census/RecordHit');
      const rows = [...SECURITY_DOC.matchAll(/^\| `(POST|PUT|PATCH|DELETE) ([^`]+)` \| `([a-z-]+)` \| .{10,} \|$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
      expect(rows.sort()).toEqual(exempt.map((r) => `${r.method} ${r.url} ${r.crumbExempt}`).sort());
    });

    it('refuses a state-changing request from another site even with the right crumb', async () => {
      const b = new Browser(site.app);
      const add = (headers: Record<string, string>) => b.request('POST', '/api/commerce/shopping-cart/entries', { itemId: 'nope', quantity: 1 }, headers);
      for (const headers of [
        { origin: 'http://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'http://members.test.evil.example' },
      ] as Array<Record<string, string>>) {
        const res = await add(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.json).toEqual({ error: 'This request came from another site and was refused.', code: 'CROSS_SITE_REQUEST' });
      }
      // Collectors' beacons from another site are refused too.
      const beacon = await site.app.inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: { host: 'members.test', origin: 'https://evil.example' },
        payload: {},
      });
      expect(beacon.json().code).toBe('CROSS_SITE_REQUEST');
      // The site's own pages pass.
      for (const headers of [{ origin: 'http://members.test' }, { origin: 'http://members.test', 'sec-fetch-site': 'same-origin' }, {}] as Array<
        Record<string, string>
      >) {
        expect((await add(headers)).json.code, JSON.stringify(headers)).not.toBe('CROSS_SITE_REQUEST');
      }
    });
  });

  describe('a locked site, decided on the matched route', () => {
    beforeAll(() =>
      updateSiteSettings(site.store, (s) => {
        s.lockScreen = { enabled: true, passwordHash: SITE_PASSWORD_HASH };
      }),
    );
    afterAll(() =>
      updateSiteSettings(site.store, (s) => {
        delete s.lockScreen;
      }),
    );

    it('answers no API route that is not open when locked, through any spelling of its path', async () => {
      const b = new Browser(site.app);
      const locked = routes.filter((r) => r.surface === 'api' && !r.openWhenLocked && r.method !== 'HEAD');
      expect(locked.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/commerce/inventory/stock', '/api/site-header-footer', '/api/commerce/checkout']));
      for (const route of locked) {
        const p = concrete(route.url);
        for (const url of [p, ...encodedVariants(p)]) {
          const res = await b.request(route.method, `${url}?itemId=x1`, UNSAFE.has(route.method) ? {} : undefined);
          expect(res.status, `${route.method} ${url}`).toBe(403);
          expect(res.json.code, `${route.method} ${url}`).toBe('SITE_LOCKED');
        }
      }
    });

    it("still answers the unlock, the owner's sign-in and the collectors, however spelled", async () => {
      const b = new Browser(site.app);
      expect((await b.request('POST', '/%61pi/site-password/unlock', { password: 'wrong' })).json.code).toBe('PASSWORD_INCORRECT');
      expect((await b.request('POST', '/ap%69/owner/session', { email: 'nobody@example.com', password: 'wrong' })).json.code).toBe('OWNER_SIGN_IN_FAILED');
      expect((await b.request('GET', '/%61pi/owner/session')).json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    });
  });

  describe("absolute links come from the site's configured origin, never from an unlisted Host", () => {
    it("mails a password reset link and From on the site's own host when the request names another", async () => {
      const b = new Browser(site.app);
      expect((await b.signUp('host-header@example.com')).status).toBe(201);
      for (const host of ['evil.example', 'members.test:80@evil.example', 'evil.example:3000']) {
        const attacker = new Browser(site.app, host);
        const res = await attacker.request('POST', '/api/site-users/account/password-reset', { email: 'host-header@example.com' });
        expect(res.status, host).toBeLessThan(300);
      }
      await site.app.mail.idle(); // the reset mail is written after the answer
      const mails = await site.store.db
        .selectFrom('outbox')
        .select(['text_body', 'html_body', 'sender'])
        .where('recipient', '=', 'host-header@example.com')
        .where('kind', '=', 'account-password-reset')
        .execute();
      expect(mails.length).toBe(3);
      for (const mail of mails) {
        expect(mail.text_body).toContain('http://members.test/account/reset-password?token=');
        expect(`${mail.text_body}${mail.html_body}${mail.sender}`).not.toContain('evil');
      }
    });

    it("builds page links from the site's host, and keeps a listed or loopback host as asked", async () => {
      const baseUrl = async (host: string) => (await new Browser(site.app, host).page('/')).json.website.baseUrl;
      expect(await baseUrl('evil.example')).toBe('http://members.test');
      expect(await baseUrl('members.test')).toBe('http://members.test');
      expect(await baseUrl('members.test:8080')).toBe('http://members.test:8080');
      expect(await baseUrl('localhost:3000')).toBe('http://localhost:3000');
    });

    it('uses PUBLIC_URL for the default site whatever the Host', async () => {
      const other = await membersApp('sqlite', {}, { publicUrl: 'https://shop.example/' });
      try {
        expect((await new Browser(other.app, 'evil.example').page('/')).json.website.baseUrl).toBe('https://shop.example');
      } finally {
        await other.close();
      }
    });
  });

  describe('bad input answers 4xx', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

    it('refuses JSON bodies nested too deeply, before any handler walks them', async () => {
      const b = new Browser(site.app);
      const checkout = await site.app.inject({
        method: 'POST',
        url: '/api/commerce/checkout',
        payload: `{"email":"a@example.com","cart":${deep(20_000)}}`,
        headers: {
          host: 'members.test',
          'content-type': 'application/json',
          'x-csrf-token': b.cookies.get('crumb')!,
          'idempotency-key': 'deep-body-0001',
          cookie: `crumb=${b.cookies.get('crumb')}`,
        },
      });
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json().code).toBe('BODY_TOO_DEEP');
      const add = await b.request('POST', '/api/commerce/shopping-cart/entries', JSON.parse(`{"itemId":"x","quantity":1,"additionalFields":${deep(60)}}`));
      expect(add.status).toBeLessThan(500);
      // A JSON text inside a field is held to the same limit.
      const fields = await b.request('POST', '/api/commerce/shopping-cart/entries', { itemId: 'x', quantity: 1, additionalFields: deep(20_000) });
      expect(fields.status).toBeGreaterThanOrEqual(400);
      expect(fields.status).toBeLessThan(500);
      const beacon = await site.app.inject({
        method: 'POST',
        url: '/api/1/performance/records',
        headers: { host: 'members.test', 'content-type': 'text/plain' },
        payload: deep(10_000),
      });
      expect(beacon.statusCode).toBe(400);
    });

    it('redirects a signed-in owner or member to a safe, encoded path, never answering 500', async () => {
      await createOwner(site.store.db, WEBSITE_ID, 'redirect-owner@members.test', 'owner password 1');
      const owner = new Browser(site.app);
      expect((await owner.request('POST', '/api/owner/session', { email: 'redirect-owner@members.test', password: 'owner password 1' })).status).toBe(200);
      const cases: Array<[string, string]> = [
        ['/config/login?next=/config/%C4%81', '/config/%C4%81'],
        ['/config/login?next=/config/%00x', '/config/%00x'],
        ['/config/login?next=/config/../account', '/config/analytics'],
        ['/config/login?next=//evil.example/config/', '/config/analytics'],
      ];
      for (const [url, location] of cases) {
        const res = await owner.request('GET', url);
        expect(res.status, url).toBe(302);
        expect(res.headers.location, url).toBe(location);
      }
      const member = new Browser(site.app);
      expect((await member.signUp('redirect-member@example.com')).status).toBe(201);
      for (const [url, location] of [
        ['/account/login?next=/%00', '/'],
        ['/account/login?next=/a%00b', '/a%00b'],
        ['/account/signup?next=/%C4%81', '/%C4%81'],
        ['/account/login?next=/\\evil.example', '/account'],
      ]) {
        const res = await member.request('GET', url!);
        expect(res.status, url).toBe(302);
        expect(res.headers.location, url).toBe(location);
      }
    });

    it('reports only a real crumb failure as one', async () => {
      const res = await site.app.inject({ url: '/static/storefront/assets/..%2f.vite%2fmanifest.json', headers: { host: 'members.test' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('crumbFail');
      expect(res.body).not.toContain('"file"');
    });
  });

  describe('behind a proxy (TRUST_PROXY)', () => {
    it('reads the setting: off by default, a hop count, or addresses; never "trust everyone"', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(trustProxyOf('')).toBe(false);
      expect(trustProxyOf('0')).toBe(false);
      expect(trustProxyOf('1')).toBe(1);
      expect(trustProxyOf('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1,10.0.0.0/8');
      expect(() => trustProxyOf('true')).toThrow(ConfigError);
      expect(() => trustProxyOf('proxy.example')).toThrow(ConfigError);
    });

    it('marks cookies Secure and counts limits per client only when the proxy is trusted', async () => {
      const forwarded = (ip: string) => ({ 'x-forwarded-for': ip, 'x-forwarded-proto': 'https' });
      const tryUnlock = (s: MembersSite, ip: string) =>
        s.app.inject({
          method: 'POST',
          url: '/api/site-password/unlock',
          payload: { password: 'wrong' },
          headers: { host: 'members.test', ...forwarded(ip), 'x-csrf-token': 'CCCCCCCCCCCCCCCCCCCCCC' },
          cookies: { crumb: 'CCCCCCCCCCCCCCCCCCCCCC' },
        });
      const behind = await membersApp('sqlite', {}, { trustProxy: 1 });
      try {
        await updateSiteSettings(behind.store, (s) => {
          s.lockScreen = { enabled: true, passwordHash: SITE_PASSWORD_HASH };
        });
        const page = await behind.app.inject({ url: '/', headers: { host: 'members.test', ...forwarded('203.0.113.1') } });
        expect(String(page.headers['set-cookie'])).toMatch(/crumb=[^;]+;.*Secure/);
        for (let i = 0; i < 10; i++) expect((await tryUnlock(behind, '203.0.113.1')).statusCode).toBe(401);
        expect((await tryUnlock(behind, '203.0.113.1')).statusCode).toBe(429);
        // Another client behind the same proxy has its own count.
        expect((await tryUnlock(behind, '203.0.113.2')).statusCode).toBe(401);
      } finally {
        await behind.close();
      }
      // Not trusted (the default): the headers are the client's to forge, and are ignored.
      const page = await site.app.inject({ url: '/', headers: { host: 'members.test', ...forwarded('203.0.113.1') } });
      expect(String(page.headers['set-cookie'])).not.toContain('Secure');
    });
  });
});
