import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../accounts/helpers.js';
import { type CustomersSite, LESSONS_ID, type StaffName, customersApp, orderMug } from './helpers.js';
import { studioContextOf } from '../helpers/staff-sessions.js';

const API = '/api/owner/customers';

/**
 * Who may call what (docs/roles.md): an admin and a store manager read and act; a reporting account
 * reads only; a viewer and an editor neither; nobody signed in gets 401; a write without the crumb
 * 403. The permission hook is the same on both dialects: SQLite alone here.
 */
describe('the customer calls and pages, for each role', () => {
  let site: CustomersSite;
  let key: string;
  const reads = () => [
    ['GET', API],
    ['GET', `${API}?sort=email&q=ada`],
    ['GET', `${API}/${key}`],
  ];
  const actions = () => [
    ['POST', `${API}/${key}/memberships`, { collectionId: LESSONS_ID }],
    ['DELETE', `${API}/${key}/memberships/${LESSONS_ID}`],
    ['POST', `${API}/${key}/password-reset`],
    ['POST', `${API}/${key}/sign-out`],
  ];

  beforeAll(async () => {
    site = await customersApp('sqlite');
    const ada = new Browser(site.app);
    await ada.signUp('ada@example.com');
    await orderMug(ada, 'ada@example.com');
    key = (await site.store.db.selectFrom('site_users').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await site?.close();
  });

  const call = (who: StaffName | null, [method, url, body]: unknown[], headers: Record<string, string> = {}) =>
    (who ? site.staff[who] : new Browser(site.app)).request(method as string, url as string, body, headers);

  it('lets an admin and a store manager read and act', async () => {
    for (const who of ['admin', 'shop'] as const) {
      for (const request of [...reads(), ...actions()]) {
        const res = await call(who, request);
        expect(res.status, `${who} ${request[0]} ${request[1]}`).toBeLessThan(300);
      }
    }
  });

  it('lets a reporting account read, and answers it 403 on every action, changing nothing', async () => {
    for (const request of reads()) expect((await call('reporting', request)).status, String(request[1])).toBe(200);
    const before = await site.store.db.selectFrom('outbox').select('id').execute();
    for (const request of actions()) {
      const res = await call('reporting', request);
      expect(res.status, `${request[0]} ${request[1]}`).toBe(403);
      expect(res.json).toEqual({ error: 'You do not have permission to do this.', code: 'PERMISSION_DENIED' });
    }
    expect(await site.store.db.selectFrom('outbox').select('id').execute()).toEqual(before);
    expect(await site.store.db.selectFrom('member_grants').select('id').execute()).toEqual([]);
  });

  it('answers a viewer and an editor 403, and nobody signed in 401, on every call', async () => {
    for (const who of ['viewer', 'editor'] as const) {
      for (const request of [...reads(), ...actions()]) {
        const res = await call(who, request);
        expect(res.status, `${who} ${request[0]} ${request[1]}`).toBe(403);
        expect(res.json.code).toBe('PERMISSION_DENIED');
      }
    }
    for (const request of [...reads(), ...actions()]) {
      const res = await call(null, request);
      expect(res.status, `${request[0]} ${request[1]}`).toBe(401);
      expect(res.json).toEqual({ error: "Sign in as the site's owner to continue.", code: 'OWNER_SIGN_IN_REQUIRED' });
    }
  });

  it('refuses every action without the crumb, even to an admin', async () => {
    for (const request of actions()) {
      const res = await call('admin', request, { 'x-csrf-token': '' });
      expect(res.status, `${request[0]} ${request[1]}`).toBe(403);
      expect(res.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    }
  });

  it("serves the pages to the roles with viewCustomers, with the page's context, and sends the others to the sign-in", async () => {
    const context = (html: string) => studioContextOf(html);
    for (const who of ['admin', 'shop', 'reporting'] as const) {
      const list = await call(who, ['GET', '/config/customers']);
      expect(list.status, who).toBe(200);
      expect(context(list.body)).toMatchObject({ page: 'customers', timeZone: 'America/New_York', currency: 'USD' });
      const one = await call(who, ['GET', `/config/customers/${key}`]);
      expect(one.status, who).toBe(200);
      const c = context(one.body);
      expect(c).toMatchObject({
        page: 'customer',
        customerKey: key,
        membersAreas: [{ collectionId: LESSONS_ID, title: 'Lessons', area: 'members' }],
      });
      expect(c.permissions.includes('manageSiteUsers')).toBe(who !== 'reporting');
    }
    for (const who of ['viewer', 'editor', null] as const) {
      for (const url of ['/config/customers', `/config/customers/${key}`]) {
        const res = await call(who, ['GET', url]);
        expect(res.status, `${who} ${url}`).toBe(302);
        expect(res.headers.location).toBe(`/config/login?next=${encodeURIComponent(url)}`);
      }
    }
  });
});
