import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID, membersApp, type MembersSite } from './helpers.js';

const sessionRow = (site: MembersSite, email: string) =>
  site.store.db
    .selectFrom('site_user_sessions')
    .innerJoin('site_users', 'site_users.id', 'site_user_sessions.site_user_id')
    .select(['site_user_sessions.id', 'site_user_sessions.expires_on', 'site_user_sessions.remember_me'])
    .where('site_users.email', '=', email)
    .execute();

describe.each(DIALECTS)('visitor accounts on %s', (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp(dialect, {
      siteUsers: {
        accounts: {
          limits: {
            signInPerAccountAndAddress: { name: 'site-user-sign-in:account-address', limit: 4, windowMs: 15 * 60_000 },
            signInPerAddress: { name: 'site-user-sign-in:address', limit: 8, windowMs: 15 * 60_000 },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('signs up: 201 with an xsrfToken, the session and SiteUserInfo cookies, a scrypt hash and a verification mail', async () => {
    const b = new Browser(site.app);
    const res = await b.signUp(' Ada@Example.com ', 'correct horse', { firstName: 'Ada' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: 'ada@example.com', siteUserId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(res.json.xsrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    expect(setCookie.find((c) => c.startsWith('tessera_member='))).toMatch(/HttpOnly/i);
    const info = setCookie.find((c) => c.startsWith('SiteUserInfo='))!;
    expect(info).not.toMatch(/HttpOnly/i);
    expect(JSON.parse(decodeURIComponent(b.cookies.get('SiteUserInfo')!))).toEqual({ authenticated: true, siteUserId: res.json.siteUserId });
    // Not rememberMe: a browser-session cookie.
    expect(setCookie.find((c) => c.startsWith('tessera_member='))).not.toMatch(/Max-Age/i);
    const user = await site.store.db.selectFrom('site_users').selectAll().where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    // At the app's cost (the tests' quick one: production's is checked in passwords.test.ts).
    expect(user.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(user.first_name).toBe('Ada');
    const mail = await site.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'ada@example.com')
      .where('kind', '=', 'account-verify-email')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/\/account\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    const session = await b.request('GET', '/api/site-users/account/session');
    expect(session.json).toMatchObject({ authenticated: true, email: 'ada@example.com', firstName: 'Ada', emailVerified: false });
  });

  it('refuses bad emails and passwords with the spec messages', async () => {
    const b = new Browser(site.app);
    const blank = await b.signUp('', 'correct horse');
    expect(blank.status).toBe(400);
    expect(blank.json.errors.email).toBe('Please enter a valid email');
    const malformed = await b.signUp('ada@', 'correct horse');
    expect(malformed.json.errors.email).toBe('Emails must be formatted as email@example.com');
    const short = await b.signUp('bob@example.com', 'short');
    expect(short.json.errors.password).toBe('Passwords must have at least 8 characters');
    const signIn = await b.signIn('not an email', 'x');
    expect(signIn.status).toBe(400);
    expect(signIn.json.errors.email).toBe('Emails must be formatted as email@example.com');
  });

  it('signs in with the right password and refuses a wrong one with the same answer as an unknown email', async () => {
    const b = new Browser(site.app);
    const wrong = await b.signIn('ada@example.com', 'wrong horse');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ code: 'SITE_USER_SIGN_IN_FAILED', error: 'Your email or password is incorrect.' });
    const unknown = await b.signIn('nobody@example.com', 'wrong horse');
    expect(unknown.json).toEqual(wrong.json);
    expect(b.cookies.has('tessera_member')).toBe(false);
    const ok = await b.signIn('ADA@example.com', 'correct horse', true);
    expect(ok.status).toBe(200);
    expect(ok.json.xsrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // rememberMe: a cookie of 30 days and a session as long.
    const setCookie = ([] as string[]).concat(ok.headers['set-cookie'] as string[]);
    expect(setCookie.find((c) => c.startsWith('tessera_member='))).toMatch(/Max-Age=2592000/);
    const rows = await sessionRow(site, 'ada@example.com');
    expect(rows.some((r) => r.remember_me === 1 && Number(r.expires_on) - site.clock.now === 30 * 86_400_000)).toBe(true);
  });

  it('limits sign-in attempts per account and per address with 429 and Retry-After', async () => {
    const b = new Browser(site.app);
    b.ip = '10.0.0.1';
    await new Browser(site.app).signUp('limit@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await b.signIn('limit@example.com', 'wrong horse')).status);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    const limited = await b.signIn('limit@example.com', 'correct horse');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json.code).toBe('RATE_LIMITED');
    // Another account from another address is not affected; one address guessing many accounts is stopped.
    const c = new Browser(site.app);
    c.ip = '10.0.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await c.signIn(`guess${i}@example.com`, 'wrong horse')).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    // Counted in the store: every process sees the same attempts.
    const counters = await site.store.db.selectFrom('rate_limit_counters').select('counter_key').where('website_id', '=', WEBSITE_ID).execute();
    expect(counters.some((r) => r.counter_key.startsWith('site-user-sign-in:account-address|'))).toBe(true);
  });

  it('needs the xsrfToken besides the crumb on later account calls', async () => {
    const b = new Browser(site.app);
    await b.signUp('xsrf@example.com');
    const token = b.xsrfToken;
    expect((await b.request('GET', '/api/site-users/account')).status).toBe(200);
    b.xsrfToken = null;
    const missing = await b.request('GET', '/api/site-users/account');
    expect(missing.status).toBe(403);
    expect(missing.json.code).toBe('XSRF_TOKEN_INVALID');
    b.xsrfToken = 'A'.repeat(43);
    expect((await b.request('GET', '/api/site-users/account/orders')).status).toBe(403);
    expect((await b.signOut()).json.code).toBe('XSRF_TOKEN_INVALID');
    // Another account's token is no good either.
    const other = new Browser(site.app);
    await other.signUp('other-xsrf@example.com');
    b.xsrfToken = other.xsrfToken;
    expect((await b.request('GET', '/api/site-users/account')).status).toBe(403);
    b.xsrfToken = token;
    expect((await b.request('GET', '/api/site-users/account')).json).toMatchObject({ email: 'xsrf@example.com' });
    // A page that lost its token gets a new one with the crumb; the old one stops working.
    const fresh = await b.request('POST', '/api/site-users/account/xsrf-token');
    expect(fresh.json.xsrfToken).not.toBe(token);
    expect((await b.request('GET', '/api/site-users/account')).status).toBe(403);
    b.xsrfToken = fresh.json.xsrfToken;
    expect((await b.request('GET', '/api/site-users/account')).status).toBe(200);
    // The crumb is still needed on writes, as everywhere: a crumb failure is flagged.
    const noCrumb = await b.request('DELETE', '/api/site-users/account/session', undefined, { 'x-csrf-token': 'wrong' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    // Signed out: 401.
    const anonymous = new Browser(site.app);
    expect((await anonymous.request('GET', '/api/site-users/account')).json.code).toBe('SIGN_IN_REQUIRED');
  });

  it('signs out: the session ends in the store, both cookies go, and the old token opens nothing', async () => {
    const b = new Browser(site.app);
    await b.signIn('ada@example.com');
    const token = b.cookies.get('tessera_member')!;
    const out = await b.signOut(false);
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ authenticated: false });
    expect(b.cookies.has('tessera_member')).toBe(false);
    expect(b.cookies.has('SiteUserInfo')).toBe(false);
    const replay = new Browser(site.app);
    replay.cookies.set('tessera_member', token);
    replay.cookies.set('SiteUserInfo', encodeURIComponent('{"authenticated":true,"siteUserId":"x"}'));
    const session = await replay.request('GET', '/api/site-users/account/session');
    expect(session.json).toEqual({ authenticated: false });
    // A SiteUserInfo cookie from an ended session is removed, so scripts stop believing it.
    expect(replay.cookies.has('SiteUserInfo')).toBe(false);
    expect((await b.request('DELETE', '/api/site-users/account/session?cloneCart=maybe')).status).toBe(400);
  });

  it('revokes sessions: the member ends the other devices, or one by its id', async () => {
    const phone = new Browser(site.app);
    const laptop = new Browser(site.app);
    const tablet = new Browser(site.app);
    await new Browser(site.app).signUp('devices@example.com');
    await phone.signIn('devices@example.com');
    await laptop.signIn('devices@example.com');
    await tablet.signIn('devices@example.com');
    const list = await laptop.request('GET', '/api/site-users/account/sessions');
    expect(list.json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const tabletId = (await tablet.request('GET', '/api/site-users/account/sessions')).json.sessions.find((s: { current: boolean }) => s.current).id;
    expect((await laptop.request('DELETE', `/api/site-users/account/sessions/${tabletId}`)).json).toEqual({ ended: 1 });
    expect((await tablet.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(false);
    const ended = await laptop.request('DELETE', '/api/site-users/account/sessions');
    expect(ended.json.ended).toBeGreaterThanOrEqual(2);
    expect((await phone.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(false);
    expect((await laptop.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(true);
  });

  it('ends a session when it expires', async () => {
    const b = new Browser(site.app);
    await b.signUp('expiry@example.com');
    site.clock.advance(24 * 3_600_000 + 1);
    expect((await b.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(false);
  });

  it('resets a password by a mailed one-time link that ends every session and verifies the email', async () => {
    const old = new Browser(site.app);
    await old.signUp('reset@example.com', 'first password');
    const anon = new Browser(site.app);
    const asked = await anon.request('POST', '/api/site-users/account/password-reset', { email: 'Reset@example.com' });
    expect(asked.status).toBe(202);
    // The same answer for an email without an account: nobody learns who has one.
    const unknown = await anon.request('POST', '/api/site-users/account/password-reset', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(202);
    expect(unknown.json).toEqual(asked.json);
    // The mail is written once the request has been answered.
    await site.app.mail.idle();
    const mails = await site.store.db.selectFrom('outbox').select(['recipient', 'text_body', 'kind']).where('kind', '=', 'account-password-reset').execute();
    expect(mails.map((m) => m.recipient)).toEqual(['reset@example.com']);
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text_body)![1]!;
    const form = await anon.page(`/account/reset-password?token=${token}`);
    expect(form.status).toBe(200);
    expect(form.json.accountForm).toMatchObject({ mode: 'reset-confirm', token });
    const tooShort = await anon.request('POST', '/api/site-users/account/password-reset/confirm', { token, password: 'short' });
    expect(tooShort.status).toBe(400);
    const done = await anon.request('POST', '/api/site-users/account/password-reset/confirm', { token, password: 'second password' });
    expect(done.status).toBe(200);
    expect(done.json.xsrfToken).toBeTruthy();
    expect((await old.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(false);
    // Once only.
    const again = await anon.request('POST', '/api/site-users/account/password-reset/confirm', { token, password: 'third password' });
    expect(again.json.code).toBe('ACCOUNT_LINK_INVALID');
    expect((await anon.page(`/account/reset-password?token=${token}`)).status).toBe(400);
    expect((await new Browser(site.app).signIn('reset@example.com', 'first password')).status).toBe(401);
    expect((await new Browser(site.app).signIn('reset@example.com', 'second password')).status).toBe(200);
    const user = await site.store.db.selectFrom('site_users').select('email_verified_on').where('email', '=', 'reset@example.com').executeTakeFirstOrThrow();
    expect(user.email_verified_on).not.toBeNull();
  });

  it('verifies an email by its link, once', async () => {
    const b = new Browser(site.app);
    await b.signUp('verify@example.com');
    const mail = await site.store.db.selectFrom('outbox').select('text_body').where('recipient', '=', 'verify@example.com').executeTakeFirstOrThrow();
    const url = /(\/account\/verify-email\?token=[A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    const page = await b.page(url);
    expect(page.status).toBe(200);
    expect(page.json.accountVerification).toEqual({ status: 'verified' });
    expect((await b.request('GET', '/api/site-users/account/session')).json.emailVerified).toBe(true);
    expect((await b.page(url)).status).toBe(400);
  });

  it('shows the account pages: sign-in and sign-up forms, the account behind the sign-in', async () => {
    const b = new Browser(site.app);
    const account = await b.request('GET', '/account');
    expect(account.status).toBe(302);
    expect(account.headers.location).toBe('/account/login?next=%2Faccount');
    const login = await b.page('/account/login?next=/lessons');
    expect(login.json.accountForm).toMatchObject({ mode: 'sign-in', next: '/lessons' });
    expect((await b.page('/account/login?next=//evil.example')).json.accountForm.next).toBe('/account');
    const html = await b.request('GET', '/account/signup');
    expect(html.body).toContain('data-account-form="sign-up"');
    await b.signIn('ada@example.com');
    expect((await b.request('GET', '/account/login?next=/lessons')).headers.location).toBe('/lessons');
    const mine = await b.page('/account');
    expect(mine.json.account).toMatchObject({ email: 'ada@example.com', orders: [], memberships: [] });
    expect(mine.json.authenticatedAccount).toMatchObject({ email: 'ada@example.com', displayName: 'Ada' });
    const ctx = await b.request('GET', '/account');
    const contextJson = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(ctx.body)![1]!;
    expect(JSON.parse(contextJson).authenticatedAccountId).toBe(mine.json.account.siteUserId);
  });
});
