import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOwnerCommand } from '../../src/modules/admin/cli.js';
import { OwnerError } from '../../src/modules/admin/owners.js';
import { createTestOwner } from '../helpers/passwords.js';
import { hashPassword, verifyPassword } from '../../src/modules/admin/passwords.js';
import { canViewAnalytics, type OwnerAuth } from '../../src/permissions.js';
import { DIALECTS } from '../helpers/store.js';
import { fixtureApp, pageJson, type TestSite } from '../helpers/app.js';
import { CRUMB, analyticsApp, websiteId } from './helpers.js';

const EMAIL = 'owner@shop.test';
const PASSWORD = 'correct horse battery';

function signIn(app: FastifyInstance, email = EMAIL, password = PASSWORD, crumb: string | null = CRUMB) {
  return app.inject({
    method: 'POST',
    url: '/api/owner/session',
    headers: { 'content-type': 'application/json', ...(crumb ? { cookie: `crumb=${CRUMB}`, 'x-csrf-token': crumb } : {}) },
    payload: JSON.stringify({ email, password }),
  });
}

/** The owner cookie's value from a sign-in answer. */
function ownerCookie(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.find((c) => c.name === 'tessera_owner')!.value;
}

const asOwner = (token: string, extra: Record<string, string> = {}) => ({ cookie: `crumb=${CRUMB}; tessera_owner=${token}`, 'x-csrf-token': CRUMB, ...extra });

describe('owner passwords', () => {
  it('are scrypt hashes with their own salt and parameters, verified in constant time', async () => {
    const a = await hashPassword(PASSWORD);
    const b = await hashPassword(PASSWORD);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword('correct horse battery!', a)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'md5$abc')).toBe(false);
  });
});

describe('permissions', () => {
  const auth: OwnerAuth = { accountId: 'a', websiteId: 'w1', email: EMAIL, websiteRoles: [1], sessionId: 's' };
  it('let an admin, a reporting user or a website manager of the site view its analytics, nobody else', () => {
    expect(canViewAnalytics(auth, 'w1')).toBe(true);
    expect(canViewAnalytics(auth, 'w2')).toBe(false);
    expect(canViewAnalytics({ ...auth, websiteRoles: [3] }, 'w1')).toBe(true);
    expect(canViewAnalytics({ ...auth, websiteRoles: [15] }, 'w1')).toBe(true);
    expect(canViewAnalytics({ ...auth, websiteRoles: [10] }, 'w1')).toBe(false);
    expect(canViewAnalytics({ ...auth, websiteRoles: [4] }, 'w1')).toBe(false);
    expect(canViewAnalytics(null, 'w1')).toBe(false);
  });
});

describe.each(DIALECTS)('the owner sign-in on %s', (dialect) => {
  let site: TestSite;
  let id: string;
  beforeAll(async () => {
    site = await analyticsApp(dialect);
    id = await websiteId(site.store);
    await createTestOwner(site.store.db, id, ' Owner@Shop.test ', PASSWORD);
  });
  afterAll(async () => {
    await site.close();
  });

  it('keeps /config/ and /api/owner/ behind the sign-in', async () => {
    const page = await site.app.inject({ method: 'GET', url: '/config/analytics' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/config/login?next=%2Fconfig%2Fanalytics');
    expect((await site.app.inject({ method: 'GET', url: '/config/anything/else' })).headers.location).toBe('/config/login?next=%2Fconfig%2Fanything%2Felse');
    expect((await site.app.inject({ method: 'GET', url: '/config' })).headers.location).toBe('/config/analytics');
    const api = await site.app.inject({ method: 'GET', url: '/api/owner/analytics' });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED', error: "Sign in as the site's owner to continue." });
    expect((await site.app.inject({ method: 'GET', url: '/api/owner/session' })).statusCode).toBe(401);
    const forged = await site.app.inject({ method: 'GET', url: '/api/owner/analytics', headers: { cookie: `tessera_owner=${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(401);
  });

  it('serves the sign-in page with a crumb, and refuses a sign-in without the crumb header', async () => {
    const login = await site.app.inject({ method: 'GET', url: '/config/login?next=/config/analytics' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.cookies.find((c) => c.name === 'crumb')).toBeDefined();
    expect(login.body).toContain('<title>Sign in · Fixture Shop</title>');
    expect(login.body).toContain('"next":"/config/analytics"');
    expect((await signIn(site.app, EMAIL, PASSWORD, null)).statusCode).toBe(403);
  });

  it('refuses a wrong password or an unknown email with the same answer, and a body that is not credentials', async () => {
    const wrong = await signIn(site.app, EMAIL, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'OWNER_SIGN_IN_FAILED', error: 'The email or password is incorrect.' });
    expect(wrong.cookies.find((c) => c.name === 'tessera_owner')).toBeUndefined();
    expect((await signIn(site.app, 'nobody@shop.test', PASSWORD)).json()).toEqual(wrong.json());
    const bad = await site.app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: { 'content-type': 'application/json', ...asOwner('x') },
      payload: '{"email":1}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('email');
  });

  it('signs in: an HttpOnly session cookie, kept in the store as a hash; the view, the API and the page context know the owner', async () => {
    const res = await signIn(site.app, 'OWNER@shop.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: EMAIL, websiteRoles: [1] });
    const cookie = res.cookies.find((c) => c.name === 'tessera_owner')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 14 * 86_400 });
    const rows = await site.store.db.selectFrom('owner_sessions').selectAll().execute();
    expect(rows.some((r) => r.id === cookie.value)).toBe(false); // only the hash is stored
    const token = cookie.value;

    const view = await site.app.inject({ method: 'GET', url: '/config/analytics', headers: asOwner(token) });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('"page":"analytics"');
    expect(view.body).toContain(`"email":"${EMAIL}"`);
    expect((await site.app.inject({ method: 'GET', url: '/config/login', headers: asOwner(token) })).headers.location).toBe('/config/analytics');
    const api = await site.app.inject({ method: 'GET', url: '/api/owner/analytics', headers: asOwner(token) });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ totals: { visits: expect.any(Number), pageViews: expect.any(Number), botHits: 0 }, series: expect.any(Array) });
    expect(api.json().series).toHaveLength(30);
    expect((await site.app.inject({ method: 'GET', url: '/api/owner/session', headers: asOwner(token) })).json()).toEqual({ email: EMAIL, websiteRoles: [1] });

    // Pages tell the collectors that the owner is browsing (the owner's visits are not counted).
    const anonymous = await pageJson(site.app, '/');
    expect(anonymous.status).toBe(200);
    const html = async (headers: Record<string, string>) => {
      const r = await site.app.inject({ method: 'GET', url: '/shop', headers });
      return JSON.parse(/<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(r.body)![1]!);
    };
    expect(await html({})).toMatchObject({ authenticated: false, websiteRoles: [], censusDisabled: false, pageSpeedEnabled: true, collectionType: 13 });
    expect(await html(asOwner(token))).toMatchObject({ authenticated: true, websiteRoles: [1] });
  });

  it('checks the range of the report', async () => {
    const token = ownerCookie(await signIn(site.app));
    const get = (query: string) => site.app.inject({ method: 'GET', url: `/api/owner/analytics?${query}`, headers: asOwner(token) });
    expect((await get('from=2025-02-30&to=2025-03-01')).json().errors).toHaveProperty('from');
    expect((await get('from=2025-03-02&to=2025-03-01')).json().errors.from).toBe('The range starts after it ends');
    expect((await get('from=2024-01-01&to=2025-03-01')).json().errors.to).toBe('A range holds at most 366 days');
    const ok = await get('from=2025-03-01&to=2025-03-07');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().series.map((d: { day: string }) => d.day)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
    ]);
  });

  it('signs out: the session is deleted from the store, the cookie cleared, and the cookie no longer works', async () => {
    const token = ownerCookie(await signIn(site.app));
    const before = await site.store.db.selectFrom('owner_sessions').select('id').execute();
    const out = await site.app.inject({ method: 'DELETE', url: '/api/owner/session', headers: asOwner(token) });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'tessera_owner')).toMatchObject({ value: '' });
    expect(await site.store.db.selectFrom('owner_sessions').select('id').execute()).toHaveLength(before.length - 1);
    expect((await site.app.inject({ method: 'GET', url: '/api/owner/analytics', headers: asOwner(token) })).statusCode).toBe(401);
    expect((await site.app.inject({ method: 'DELETE', url: '/api/owner/session', headers: asOwner(token) })).statusCode).toBe(204);
    expect((await site.app.inject({ method: 'DELETE', url: '/api/owner/session' })).statusCode).toBe(403); // no crumb
  });

  it('revokes every session of the account from the command line, and ends sessions that expired', async () => {
    const a = ownerCookie(await signIn(site.app));
    const b = ownerCookie(await signIn(site.app));
    const said: string[] = [];
    await runOwnerCommand(site.store, ['revoke', EMAIL], (l) => said.push(l));
    expect(said[0]).toMatch(/^Signed owner@shop\.test out of \d+ sessions on "fixture-shop"\.$/);
    for (const token of [a, b]) expect((await site.app.inject({ method: 'GET', url: '/api/owner/session', headers: asOwner(token) })).statusCode).toBe(401);
    const c = ownerCookie(await signIn(site.app));
    await site.store.db
      .updateTable('owner_sessions')
      .set({ expires_on: Date.now() - 1 })
      .execute();
    expect((await site.app.inject({ method: 'GET', url: '/api/owner/session', headers: asOwner(c) })).statusCode).toBe(401);
  });

  it('gives an owner of another site no access to this one (403)', async () => {
    const other = 'b'.repeat(24);
    const now = Date.now();
    await site.store.db
      .insertInto('websites')
      .values({
        id: other,
        website_id: other,
        identifier: 'other',
        is_default: 0,
        theme_name: 'test',
        theme_id: null,
        source_dir: null,
        version: 1,
        created_on: now,
        updated_on: now,
      })
      .execute();
    await site.store.db
      .insertInto('site_settings')
      .values({
        website_id: other,
        site_title: 'Other',
        site_description: '',
        logo: null,
        language: 'en-US',
        time_zone: 'UTC',
        currency: 'USD',
        social_accounts: '[]',
        website_settings: '{}',
        store_settings: '{}',
        extra: '{}',
      })
      .execute();
    await site.store.db.insertInto('website_hosts').values({ host: 'other.test', website_id: other }).execute();
    await createTestOwner(site.store.db, other, 'owner@other.test', PASSWORD);
    const res = await site.app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: { host: 'other.test', 'content-type': 'application/json', ...asOwner('') },
      payload: JSON.stringify({ email: 'owner@other.test', password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    const token = ownerCookie(res);
    const here = await site.app.inject({ method: 'GET', url: '/api/owner/analytics', headers: asOwner(token) });
    expect(here.statusCode).toBe(403);
    expect(here.json().code).toBe('PERMISSION_DENIED');
    expect((await site.app.inject({ method: 'GET', url: '/config/analytics', headers: asOwner(token) })).statusCode).toBe(302);
    expect((await site.app.inject({ method: 'GET', url: '/api/owner/analytics', headers: { host: 'other.test', ...asOwner(token) } })).statusCode).toBe(200);
    // and the owner's own account cannot sign in there
    const cross = await site.app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: { host: 'other.test', 'content-type': 'application/json', ...asOwner('') },
      payload: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(cross.statusCode).toBe(401);
  });

  it('slows down guessing: 429 past 10 attempts for one email from one address, counted in the store (every process sees them)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(site.app, 'guess@shop.test', `wrong-${i}-password`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const counters = await site.store.db.selectFrom('rate_limit_counters').select(['counter_key', 'hits']).execute();
    // Ten attempts counted; the eleventh was refused without raising the count past the limit.
    expect(counters.some((c) => c.counter_key.startsWith('owner-sign-in:email-address|') && Number(c.hits) === 10)).toBe(true);
  });

  it('creates, re-passwords and refuses owners from the command line', async () => {
    const said: string[] = [];
    await runOwnerCommand(site.store, ['create', 'second@shop.test', '--password', 'another long password'], (l) => said.push(l));
    expect(said.at(-1)).toBe('Created the owner account second@shop.test for "fixture-shop": sign in at /config/login.');
    await expect(runOwnerCommand(site.store, ['create', 'second@shop.test', '--password', 'another long password'], () => {})).rejects.toThrow(OwnerError);
    await expect(runOwnerCommand(site.store, ['create', 'not-an-email', '--password', 'another long password'], () => {})).rejects.toThrow(
      '"not-an-email" is not a valid email address',
    );
    await expect(runOwnerCommand(site.store, ['create', 'third@shop.test', '--password', 'short'], () => {})).rejects.toThrow(
      'the password needs at least 10 characters',
    );
    await expect(runOwnerCommand(site.store, ['create', 'third@shop.test', '--password', 'long enough pw', '--site', 'nope'], () => {})).rejects.toThrow(
      'no site "nope" in the store',
    );
    await runOwnerCommand(site.store, ['password', 'second@shop.test', '--password', 'a brand new password'], () => {});
    expect((await signIn(site.app, 'second@shop.test', 'another long password')).statusCode).toBe(401);
    expect((await signIn(site.app, 'second@shop.test', 'a brand new password')).statusCode).toBe(200);
    const row = await site.store.db.selectFrom('owner_accounts').selectAll().where('email', '=', 'second@shop.test').executeTakeFirstOrThrow();
    expect(row.website_role).toBe(1);
    expect(row.password_hash.startsWith('scrypt$')).toBe(true);
  });
});

describe("the owner pages load the studio build, never the storefront's", () => {
  it('links the entry script, its CSS and its chunks from the Vite manifest', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-studio-dist-'));
    await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/main.tsx': {
          file: 'assets/main-2.js',
          src: 'src/main.tsx',
          isEntry: true,
          imports: ['_react-3.js'],
          css: ['assets/studio-4.css'],
          dynamicImports: ['src/pages/login/page.tsx'],
        },
        'src/pages/login/page.tsx': { file: 'assets/page-5.js', src: 'src/pages/login/page.tsx', isDynamicEntry: true, imports: ['_react-3.js'] },
        '_react-3.js': { file: 'assets/react-3.js' },
      }),
    );
    const site = await fixtureApp('sqlite', { studioDist: dist });
    try {
      const res = await site.app.inject({ method: 'GET', url: '/config/login' });
      expect(res.body).toContain('<script type="module" src="/config/assets/main-2.js"></script>');
      expect(res.body).toContain('<link rel="stylesheet" href="/config/assets/studio-4.css">');
      expect(res.body).toContain('<link rel="modulepreload" href="/config/assets/react-3.js">');
      // the page's own chunk arrives with the entry
      expect(res.body).toContain('<link rel="modulepreload" href="/config/assets/page-5.js">');
      // visitor pages never load an owner entry
      const home = await site.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain('bootstrap-');
      expect(home.body).not.toContain('main-2.js');
      expect(home.body).not.toContain('/config/assets/');
    } finally {
      await site.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
