import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/http/crumb.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';

/**
 * The routes of the owner's area that declare no permission, each with why. Anything else under
 * /api/owner/ or /config/ must declare the permission it needs (`config: { permission }`).
 */
const OPEN: Record<string, string> = {
  'GET /config': 'the home page for every role that opens the area (its handler checks openConfig); anyone else goes to the sign-in',
  'GET /config/invitation': "a staff invitation's page: the invitee has no account yet, the link's token is the right",
  'POST /api/owner/invitation/accept': 'accepting an invitation: the invitee has no account yet, the mailed token is the right',
  'GET /config/password-reset': 'the password reset page: its owner cannot sign in',
  'POST /api/owner/password-reset': 'asking for a reset link: the same answer for every email, rate limited',
  'POST /api/owner/password-reset/confirm': 'a new password by the mailed one-time link: its owner cannot sign in',
  'GET /config/login': 'the sign-in page',
  'POST /api/owner/session': 'the sign-in',
  'GET /api/owner/session': 'answers 401 to anyone outside the area, a viewer too, never 403',
  'DELETE /api/owner/session': "signing out ends one's own session, whoever asks",
  'GET /config/email-preview': 'only redirects to the first preview, which checks',
  'GET /config/assets/*': "the studio's built scripts and styles: the sign-in page loads them too, and they hold no site data",
};

const OWNERS = /^\/(api\/owner|config)(\/|$)/;
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x1').replace(/\*/g, 'x1');
const key = (r: RouteEntry) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;

describe("the route table of the owner's area", () => {
  let site: TestSite;
  let routes: RouteEntry[];
  beforeAll(async () => {
    site = await fixtureApp('sqlite');
    await site.app.ready();
    routes = site.app.routeTable.filter((r) => OWNERS.test(r.url));
  });
  afterAll(async () => {
    await site?.close();
  });

  it('declares a permission on every route under /api/owner/ and /config/ but the listed ones', () => {
    expect(routes.length).toBeGreaterThan(8);
    const undeclared = [...new Set(routes.filter((r) => !r.permission).map(key))];
    expect(
      undeclared.filter((k) => !(k in OPEN)),
      'routes without a permission, not listed with a reason',
    ).toEqual([]);
    // The list holds no route that left, nor one that declares a permission after all.
    expect(Object.keys(OPEN).filter((k) => !undeclared.includes(k))).toEqual([]);
  });

  it('guards each route that declares a permission: anonymous callers get 401, or the sign-in page', async () => {
    const guarded = site.app.routeTable.filter((r) => r.permission && r.method !== 'HEAD');
    expect(guarded.map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/owner/analytics',
        'PUT /api/owner/inventory/:variantId',
        'GET /config/analytics',
        'GET /config/restock',
        'PUT /api/site-header-footer',
        'PUT /api/multilingual/languages',
        'POST /api/site-users/account/notifications/restock/send',
      ]),
    );
    for (const route of guarded) {
      const res = await site.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { cookie: 'crumb=route-table-crumb-0001', 'x-csrf-token': 'route-table-crumb-0001', 'content-type': 'application/json' },
        ...(route.method === 'GET' ? {} : { payload: '{}' }),
      });
      if (route.surface === 'api') {
        expect(res.statusCode, key(route)).toBe(401);
        expect(res.json().code, key(route)).toBe('OWNER_SIGN_IN_REQUIRED');
      } else {
        expect(res.statusCode, key(route)).toBe(302);
        expect(res.headers.location, key(route)).toBe(`/config/login?next=${encodeURIComponent(concrete(route.url))}`);
      }
    }
  });
});
