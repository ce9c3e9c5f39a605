import { Type } from '@sinclair/typebox';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MATRIX } from '../../src/permissions.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { signInStaff, studioContextOf } from '../helpers/staff-sessions.js';

const CRUMB = 'permission-test-crumb-0001';
const PEOPLE = { admin: WebsiteRole.ADMIN, reporting: WebsiteRole.REPORTING, shop: WebsiteRole.STORE_MANAGER } as const;

describe('the permission a route declares, enforced by one hook', () => {
  let site: TestSite;
  let sessions = new Map<string, string>();
  let handled = 0;
  const as = (who: keyof typeof PEOPLE | null) => ({
    cookie: `crumb=${CRUMB}${who ? `; tessera_owner=${sessions.get(who)}` : ''}`,
    'x-csrf-token': CRUMB,
  });

  beforeAll(async () => {
    site = await fixtureApp('sqlite');
    // Routes of a module yet to come, declared as any module declares them.
    site.app.post('/api/owner/probe', { config: { permission: 'viewAnalytics' }, schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request) => {
      handled++;
      return { n: (request.body as { n: number }).n };
    });
    site.app.get('/config/probe', { config: { permission: 'viewAnalytics' } }, async () => {
      handled++;
      return 'the probe page';
    });
    sessions = await signInStaff(site, PEOPLE, CRUMB);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('answers an API route 401 without a session, 403 without the role, and runs it with the role', async () => {
    expect(ROLE_MATRIX.viewAnalytics).toContain(WebsiteRole.REPORTING);
    expect(ROLE_MATRIX.viewAnalytics).not.toContain(WebsiteRole.STORE_MANAGER);
    const call = (who: keyof typeof PEOPLE | null) =>
      site.app.inject({ method: 'POST', url: '/api/owner/probe', headers: { ...as(who), 'content-type': 'application/json' }, payload: '{"n":7}' });
    const before = handled;
    const anonymous = await call(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED', error: "Sign in as the site's owner to continue." });
    const denied = await call('shop');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PERMISSION_DENIED', error: 'You do not have permission to do this.' });
    expect(handled).toBe(before);
    for (const who of ['admin', 'reporting'] as const) {
      const allowed = await call(who);
      expect(allowed.statusCode, who).toBe(200);
      expect(allowed.json()).toEqual({ n: 7 });
    }
    expect(handled).toBe(before + 2);
  });

  it('decides before the body is read: a caller without the right learns nothing of the schema', async () => {
    const bad = { 'content-type': 'application/json' };
    const anonymous = await site.app.inject({ method: 'POST', url: '/api/owner/probe', headers: { ...as(null), ...bad }, payload: '{"n":"not a number"' });
    expect(anonymous.statusCode).toBe(401);
    const denied = await site.app.inject({ method: 'POST', url: '/api/owner/probe', headers: { ...as('shop'), ...bad }, payload: '{"n":"x"}' });
    expect(denied.statusCode).toBe(403);
    const allowed = await site.app.inject({ method: 'POST', url: '/api/owner/probe', headers: { ...as('admin'), ...bad }, payload: '{"n":"x"}' });
    expect(allowed.statusCode).toBe(400);
    // The crumb check still comes first, as on every state-changing route.
    const forged = await site.app.inject({
      method: 'POST',
      url: '/api/owner/probe',
      headers: { cookie: `tessera_owner=${sessions.get('admin')}`, ...bad },
      payload: '{"n":1}',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'CRUMB_FAIL' });
  });

  it('sends a page to the sign-in page without a session or without the role, and serves it with the role', async () => {
    const open = (who: keyof typeof PEOPLE | null, url = '/config/probe') => site.app.inject({ method: 'GET', url, headers: as(who) });
    for (const who of [null, 'shop'] as const) {
      const res = await open(who, '/config/probe?x=1');
      expect(res.statusCode, String(who)).toBe(302);
      // The query comes along: a link to a filtered list opens that list once signed in.
      expect(res.headers.location).toBe('/config/login?next=%2Fconfig%2Fprobe%3Fx%3D1');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const who of ['admin', 'reporting'] as const) {
      const res = await open(who);
      expect(res.statusCode, who).toBe(200);
      expect(res.body).toBe('the probe page');
    }
  });

  it("puts every permission of the account's role in an owner page's context, for the studio's navigation", async () => {
    const context = async (who: keyof typeof PEOPLE, url: string) => {
      const res = await site.app.inject({ method: 'GET', url, headers: as(who) });
      expect(res.statusCode, `${who} ${url}`).toBe(200);
      return studioContextOf(res.body);
    };
    const reporting = await context('reporting', '/config/analytics');
    expect(reporting).toMatchObject({ page: 'analytics', siteTitle: 'Fixture Shop', email: 'reporting@shop.test' });
    expect(reporting.permissions).toEqual(
      Object.keys(ROLE_MATRIX).filter((p) => (ROLE_MATRIX[p as keyof typeof ROLE_MATRIX] as readonly number[]).includes(WebsiteRole.REPORTING)),
    );
    expect(reporting.permissions).toEqual(expect.arrayContaining(['openConfig', 'viewAnalytics', 'viewRestockSignups']));
    expect(reporting.permissions).not.toContain('manageOrders');
    const shop = await context('shop', '/config/restock');
    expect(shop).toMatchObject({ page: 'restock', email: 'shop@shop.test' });
    expect(shop.permissions).toContain('manageOrders');
    expect(shop.permissions).not.toContain('viewAnalytics');
    expect((await context('admin', '/config/restock')).permissions).toEqual(Object.keys(ROLE_MATRIX));
  });

  it('sends a signed-in account to the first page its role opens, never back and forth with the sign-in page', async () => {
    const go = (who: keyof typeof PEOPLE | null, url: string) => site.app.inject({ method: 'GET', url, headers: as(who) });
    // /config lands on the home page (/config/) for every role that opens the area.
    for (const who of ['shop', 'admin', 'reporting'] as const) {
      expect((await go(who, '/config')).headers.location, who).toBe('/config/');
      const home = await go(who, '/config/');
      expect(home.statusCode, who).toBe(200);
      expect(home.body, who).toContain('"page":"home"');
    }
    // A store manager has no analytics: the sign-in page leads to its first page (orders), even when analytics was asked for.
    expect((await go('shop', '/config/login')).headers.location).toBe('/config/orders');
    expect((await go('shop', '/config/login?next=/config/analytics')).headers.location).toBe('/config/orders');
    expect((await go('shop', '/config/login?next=/config/restock')).headers.location).toBe('/config/restock');
    expect((await go('shop', `/config/login?next=${encodeURIComponent('/config/restock?status=waiting')}`)).headers.location).toBe(
      '/config/restock?status=waiting',
    );
    expect((await go('shop', '/config/login?next=/config/')).headers.location).toBe('/config/');
    expect((await go('reporting', '/config/login?next=/config/restock')).headers.location).toBe('/config/restock');
    // Not signed in: the sign-in page, which goes on to /config (the home page) when nothing was asked for.
    expect((await go(null, '/config')).headers.location).toBe('/config/analytics');
    expect((await go(null, '/config/')).headers.location).toBe('/config/login?next=%2Fconfig%2F');
    const login = await go(null, '/config/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('"next":"/config"');
  });
});
