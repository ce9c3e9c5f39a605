import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner } from '../helpers/passwords.js';
import { runPasswordCommand } from '../../src/modules/admin/cli.js';
import { verifyPassword } from '../../src/modules/admin/passwords.js';
import { stableId } from '../../src/storage/ids.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, PAGE_PASSWORD, SITE_PASSWORD, SITE_PASSWORD_HASH, WEBSITE_ID, itemId, membersApp, updateSiteSettings, type MembersSite } from './helpers.js';

const SECRET = 'espresso tonic';
const SECRET_ID = stableId(WEBSITE_ID, 'collection', 'secret');

describe.each(DIALECTS)('passwords on the site on %s', (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp(dialect, { siteUsers: { passwordLimits: { perAddress: { name: 'site-password:address', limit: 4, windowMs: 15 * 60_000 } } } });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('shows a protected page (105) without its content, in HTML, ?format=json, search and its assets', async () => {
    const b = new Browser(site.app);
    const page = await b.page('/secret');
    expect(page.status).toBe(403);
    expect(page.json.pageType).toBe(105);
    expect(page.json.protectedContent).toEqual({ collectionId: SECRET_ID, unlockUrl: '/api/site-password/unlock' });
    expect(page.json.collection).toMatchObject({ id: SECRET_ID, title: 'Secret plans' });
    expect(page.body).not.toContain(SECRET);
    const html = await b.request('GET', '/secret');
    expect(html.body).not.toContain(SECRET);
    expect(html.body).toContain('data-tessera-island="protected-content"');
    expect((await b.page('/search?q=tonic')).json.items).toEqual([]);
    expect((await b.request('GET', '/assets/secret/plan.svg')).json.code).toBe('PASSWORD_REQUIRED');
  });

  it('unlocks it for the session with the right password; a wrong one is refused', async () => {
    const b = new Browser(site.app);
    const wrong = await b.request('POST', '/api/site-password/unlock', { password: 'nope', collectionId: SECRET_ID });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ code: 'PASSWORD_INCORRECT', error: 'Incorrect password. Please try again.' });
    expect(b.cookies.has('tessera_unlock')).toBe(false);
    const right = await b.request('POST', '/api/site-password/unlock', { password: PAGE_PASSWORD, collectionId: SECRET_ID });
    expect(right.status).toBe(200);
    const cookie = ([] as string[]).concat(right.headers['set-cookie'] as string[]).find((c) => c.startsWith('tessera_unlock='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Max-Age/i); // the browser session
    const page = await b.page('/secret');
    expect(page.status).toBe(200);
    expect(page.json.item.body).toContain(SECRET);
    expect((await b.page('/search?q=tonic')).json.items.map((i: { title: string }) => i.title)).toEqual(['Secret plans']);
    expect((await b.request('GET', '/assets/secret/plan.svg')).status).toBe(200);
    // A forged or altered cookie unlocks nothing.
    const forger = new Browser(site.app);
    const [scope, issued] = b.cookies.get('tessera_unlock')!.split('.');
    forger.cookies.set('tessera_unlock', `${scope}.${issued}.${'A'.repeat(43)}`);
    expect((await forger.page('/secret')).status).toBe(403);
    // The unlock expires with the server's limit too.
    site.clock.advance(12 * 3_600_000 + 1);
    expect((await b.page('/secret')).status).toBe(403);
    site.clock.now = Date.now();
  });

  it('limits wrong passwords per address with 429 and Retry-After', async () => {
    const b = new Browser(site.app);
    b.ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await b.request('POST', '/api/site-password/unlock', { password: `guess ${i}`, collectionId: SECRET_ID })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await b.request('POST', '/api/site-password/unlock', { password: PAGE_PASSWORD, collectionId: SECRET_ID });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    const other = new Browser(site.app);
    other.ip = '10.9.9.10';
    expect((await other.request('POST', '/api/site-password/unlock', { password: PAGE_PASSWORD, collectionId: SECRET_ID })).status).toBe(200);
    // Unknown scopes: 404, no attempt counted.
    expect((await other.request('POST', '/api/site-password/unlock', { password: 'x', collectionId: 'nope' })).status).toBe(404);
    expect((await other.request('POST', '/api/site-password/unlock', { password: 'x' })).status).toBe(404);
  });

  describe('the lock screen', () => {
    beforeAll(async () => {
      await updateSiteSettings(site.store, (s) => {
        s.lockScreen = { enabled: true, passwordHash: SITE_PASSWORD_HASH, message: 'Opening soon' };
      });
    });
    afterAll(async () => {
      await updateSiteSettings(site.store, (s) => {
        delete s.lockScreen;
      });
    });

    it('hides every page, not-found answer, ?format=json, search, asset and content call behind the lock screen (103)', async () => {
      const b = new Browser(site.app);
      for (const url of ['/', '/journal', '/journal/roast-day', '/nope', '/search?q=roast', '/cart', '/account/login']) {
        const page = await b.page(url);
        expect(page.status, url).toBe(403);
        expect(page.json.pageType, url).toBe(103);
        expect(page.body).not.toContain('Roast day');
        expect(page.body).not.toContain('Blue Mug');
      }
      expect((await b.page('/')).json.lockScreen).toEqual({ title: 'Fixture Members', message: 'Opening soon', unlockUrl: '/api/site-password/unlock' });
      const html = await b.request('GET', '/journal');
      expect(html.body).toContain('data-tessera-island="lock-screen"');
      expect(html.body).not.toContain('Roast day');
      expect((await b.request('GET', '/assets/shop/mug.svg')).json.code).toBe('SITE_LOCKED');
      expect((await b.request('GET', `/api/commerce/inventory/stock?itemId=${itemId('shop', 'mug')}`)).json.code).toBe('SITE_LOCKED');
      expect((await b.add('shop', 'mug', 'MUG-12')).json.code).toBe('SITE_LOCKED');
      expect((await b.request('GET', '/api/site-header-footer')).json.code).toBe('SITE_LOCKED');
      expect((await b.signUp('locked@example.com')).json.code).toBe('SITE_LOCKED');
      // What a locked site still answers: the unlock call itself, and the owner's sign-in.
      expect((await b.request('GET', '/api/owner/session')).json.code).toBe('OWNER_SIGN_IN_REQUIRED');
      // The theme's styles still load, for the lock screen itself.
      const theme = (await b.page('/')).json.theme;
      expect((await b.request('GET', `${theme.baseUrl}styles/base.css`)).status).toBe(200);
    });

    it('opens with the right password for the session', async () => {
      const b = new Browser(site.app);
      expect((await b.request('POST', '/api/site-password/unlock', { password: 'wrong' })).status).toBe(401);
      expect((await b.request('POST', '/api/site-password/unlock', { password: SITE_PASSWORD })).json).toEqual({ unlocked: true, scope: 'site' });
      expect((await b.page('/journal')).json.pageType).toBe(1);
      expect((await b.request('GET', '/assets/shop/mug.svg')).status).toBe(200);
      expect((await b.add('shop', 'mug', 'MUG-12')).status).toBe(200);
      // The protected page still needs its own password.
      expect((await b.page('/secret')).json.pageType).toBe(105);
      // A new password ends the old unlocks.
      await updateSiteSettings(site.store, (s) => {
        s.lockScreen = { enabled: true, passwordHash: 'scrypt$32768$8$1$llFzVfSAZSik9Yk-hz-5gw$tpG6KwE5BOg5w7dvm2sxmd23Ti6tESYZEJifK5gPqhs' };
      });
      expect((await b.page('/journal')).json.pageType).toBe(103);
      await updateSiteSettings(site.store, (s) => {
        s.lockScreen = { enabled: true, passwordHash: SITE_PASSWORD_HASH };
      });
    });

    it("lets the site's staff through", async () => {
      await createTestOwner(site.store.db, WEBSITE_ID, 'staff@members.test', 'staff password 1');
      const b = new Browser(site.app);
      expect((await b.request('POST', '/api/owner/session', { email: 'staff@members.test', password: 'staff password 1' })).status).toBe(200);
      expect((await b.page('/journal')).json.pageType).toBe(1);
      expect((await b.page('/secret')).json.pageType).toBe(2);
    });
  });

  it('hashes a site password with tessera password hash, for site.json and collections', async () => {
    const lines: string[] = [];
    await runPasswordCommand(['hash', '--password', 'a new password'], (l) => lines.push(l));
    expect(lines[0]).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('a new password', lines[0]!)).toBe(true);
    await expect(runPasswordCommand(['nope'], () => {})).rejects.toThrow(/password needs hash/);
  });
});
