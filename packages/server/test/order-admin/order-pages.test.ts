import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPage } from '../../src/modules/admin/pages.js';
import type { OwnerAuth } from '../../src/permissions.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { DIALECTS } from '../helpers/store.js';
import { signInStaff, studioContextOf } from '../helpers/staff-sessions.js';

const CRUMB = 'order-pages-test-crumb-01';
// Admin and store manager change orders, reporting reads them, an editor has no orders at all.
const PEOPLE = { admin: WebsiteRole.ADMIN, shop: WebsiteRole.STORE_MANAGER, reporting: WebsiteRole.REPORTING, editor: WebsiteRole.EDITOR } as const;
type Who = keyof typeof PEOPLE;

describe.each(DIALECTS)("the studio's order pages on %s", (dialect) => {
  let site: TestSite;
  let sessions = new Map<string, string>();
  const open = (who: Who | null, url: string) =>
    site.app.inject({ method: 'GET', url, headers: { cookie: `crumb=${CRUMB}${who ? `; tessera_owner=${sessions.get(who)}` : ''}` } });
  const contextOf = studioContextOf;

  beforeAll(async () => {
    site = await fixtureApp(dialect);
    sessions = await signInStaff(site, PEOPLE, CRUMB);
  });
  afterAll(async () => {
    await site?.close();
  });

  it("serves one order's page to each role that reads orders, with the order's id, the time zone and the currency", async () => {
    for (const who of ['admin', 'shop', 'reporting'] as const) {
      const res = await open(who, '/config/orders/order-1?from=list');
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(contextOf(res.body)).toMatchObject({
        page: 'order',
        orderId: 'order-1',
        timeZone: 'America/New_York',
        currency: 'USD',
        email: `${who}@shop.test`,
      });
    }
    expect(contextOf((await open('reporting', '/config/orders/order-1')).body).permissions).not.toContain('manageOrders');
    expect(contextOf((await open('shop', '/config/orders/order-1')).body).permissions).toContain('manageOrders');
  });

  it('sends an account without the orders, and anyone not signed in, to the sign-in page and back to the order', async () => {
    for (const who of ['editor', null] as const) {
      const res = await open(who, '/config/orders/order-1');
      expect(res.statusCode, String(who)).toBe(302);
      expect(res.headers.location).toBe('/config/login?next=%2Fconfig%2Forders%2Forder-1');
    }
    // Signed in already, the sign-in page goes on to the order asked for.
    expect((await open('shop', '/config/login?next=/config/orders/order-1')).headers.location).toBe('/config/orders/order-1');
    // The editor may not open it: the editor's first page instead, never the order.
    expect((await open('editor', '/config/login?next=/config/orders/order-1')).headers.location).not.toMatch(/^\/config\/orders/);
  });

  it("lists the site's products by title in the orders list's context, for its product filter", async () => {
    const res = await open('reporting', '/config/orders');
    expect(res.statusCode).toBe(200);
    const context = contextOf(res.body);
    expect(context).toMatchObject({ page: 'orders', timeZone: 'America/New_York', currency: 'USD' });
    const titles = (context.products as { id: string; title: string }[]).map((p) => p.title);
    expect(titles).toContain('Blue Mug');
    expect(titles).toContain('Gift Card');
    expect(titles).toEqual([...titles].sort());
    for (const p of context.products) expect(p.id).toEqual(expect.any(String));
  });
});

describe('the landing page of an account', () => {
  it('is never a page with a parameter in its path', () => {
    const area = {
      siteOf: async () => {
        throw new Error('not used');
      },
      assets: () => undefined,
      pages: [
        { path: '/config/orders/:id', permission: 'viewOrders' },
        { path: '/config/orders', permission: 'viewOrders' },
      ],
    } as Parameters<typeof landingPage>[0];
    const auth: OwnerAuth = { accountId: 'a', websiteId: 'w1', email: 'a@shop.test', websiteRoles: [WebsiteRole.REPORTING], sessionId: 's' };
    expect(landingPage(area, auth, 'w1')).toBe('/config/orders');
    expect(landingPage(area, auth, 'w1', '/config/orders/o-7')).toBe('/config/orders/o-7');
  });
});
