import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpExistingMail } from '../../src/modules/accounts/mail.js';
import { SCRYPT_COST, hashPassword } from '../../src/modules/admin/passwords.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID, membersApp, type Answer, type MembersSite } from './helpers.js';

const A = '203.0.113.7';
const B = '198.51.100.9';

const browserAt = (site: MembersSite, ip: string) => {
  const b = new Browser(site.app);
  b.ip = ip;
  return b;
};

/** Set-Cookie lines without their values: which cookies an answer sets, and how. */
const cookieShapes = (answer: Answer) =>
  ([] as string[])
    .concat((answer.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((line) => line.replace(/^([^=]+)=[^;]*/, '$1=…'))
    .sort();

/** An answer as a prober sees it, with what differs between any two answers (ids, tokens, dates) blanked out. */
const shape = (answer: Answer) => ({
  status: answer.status,
  keys: Object.keys(answer.json ?? {}).sort(),
  types: Object.fromEntries(Object.entries(answer.json ?? {}).map(([k, v]) => [k, typeof v])),
  cookies: cookieShapes(answer),
  headers: Object.keys(answer.headers)
    .filter((h) => !['date', 'content-length', 'set-cookie'].includes(h))
    .sort(),
});

describe('the mail to an address that already has an account', () => {
  it('tells its holder that someone tried to sign up with it, and how to sign in or reset the password', () => {
    const mail = signUpExistingMail(
      { email: 'ada@example.com', signInUrl: 'https://shop.example/account/login', resetUrl: 'https://shop.example/account/reset-password' },
      { siteTitle: 'Fixture <Shop>', baseUrl: 'https://shop.example' },
    );
    expect(mail.subject).toBe('Your account on Fixture <Shop>');
    expect(mail.text).toBe(
      'Someone tried to create an account on Fixture <Shop> with your address, ada@example.com. ' +
        'You already have an account there, so nothing was changed.\n\n' +
        'If it was you, sign in: https://shop.example/account/login\nForgot your password? Reset it: https://shop.example/account/reset-password\n\n' +
        'If it was not you, ignore this email: your account and your password stay as they are.\n',
    );
    expect(mail.html).toContain('href="https://shop.example/account/login"');
    expect(mail.html).toContain('href="https://shop.example/account/reset-password"');
    expect(mail.html).toContain('Fixture &lt;Shop&gt;');
    expect(mail.html).not.toContain('Unsubscribe');
  });
});

describe.each(DIALECTS)('visitor sign-in security on %s', (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lets the account holder sign in from another address while a stranger who guessed wrong 11 times stays refused', async () => {
    await browserAt(site, '192.0.2.1').signUp('locked@example.com', 'the right password');
    const stranger = browserAt(site, A);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await stranger.signIn('locked@example.com', `wrong password ${i}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    const holder = browserAt(site, B);
    const ok = await holder.signIn('locked@example.com', 'the right password');
    expect(ok.status).toBe(200);
    expect((await holder.request('GET', '/api/site-users/account/session')).json).toMatchObject({ authenticated: true, email: 'locked@example.com' });
    // The stranger's address stays refused, even with the right password.
    const still = await stranger.signIn('locked@example.com', 'the right password');
    expect(still.status).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts one IPv6 network (its /64) as one address', async () => {
    await browserAt(site, '192.0.2.1').signUp('six@example.com', 'the right password');
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await browserAt(site, `2001:db8:77:1::${i.toString(16)}`).signIn('six@example.com', 'wrong password')).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await browserAt(site, '2001:db8:77:2::1').signIn('six@example.com', 'the right password')).status).toBe(200);
  });

  it('bounds a guesser spread over many addresses with a ceiling per account (100 in 15 minutes)', async () => {
    await browserAt(site, '192.0.2.1').signUp('ceiling@example.com', 'the right password');
    for (let n = 0; n < 10; n++) {
      const guesser = browserAt(site, `10.9.${n}.1`);
      // Each address's refused tries (past its 10) do not count against the ceiling.
      for (let i = 0; i < 12; i++) await guesser.signIn('ceiling@example.com', 'wrong password');
    }
    const eleventh = await browserAt(site, '10.9.10.1').signIn('ceiling@example.com', 'the right password');
    expect(eleventh.status).toBe(429);
    site.clock.advance(15 * 60_000);
    expect((await browserAt(site, '10.9.10.1').signIn('ceiling@example.com', 'the right password')).status).toBe(200);
  });

  it('lets the holder ask for a reset link from another address after a stranger used up theirs', async () => {
    await browserAt(site, '192.0.2.1').signUp('reset-lock@example.com', 'the right password');
    const stranger = browserAt(site, A);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await stranger.request('POST', '/api/site-users/account/password-reset', { email: 'reset-lock@example.com' })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const holder = browserAt(site, B);
    expect((await holder.request('POST', '/api/site-users/account/password-reset', { email: 'reset-lock@example.com' })).status).toBe(202);
    expect((await stranger.request('POST', '/api/site-users/account/password-reset', { email: 'reset-lock@example.com' })).status).toBe(429);
    await site.app.mail.idle();
    const mails = await site.store.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'reset-lock@example.com')
      .where('kind', '=', 'account-password-reset')
      .execute();
    expect(mails).toHaveLength(4);
  });

  it('answers a sign-up with a taken email exactly as a new one, changes nothing of the account and mails its holder', async () => {
    const first = await browserAt(site, '192.0.2.2').signUp('taken@example.com', 'the first password', { firstName: 'Ada' });
    expect(first.status).toBe(201);
    const before = await site.store.db.selectFrom('site_users').selectAll().where('email', '=', 'taken@example.com').executeTakeFirstOrThrow();
    const sessionsBefore = await site.store.db.selectFrom('site_user_sessions').select('id').where('site_user_id', '=', before.id).execute();

    const fresh = await browserAt(site, '192.0.2.3').signUp('fresh@example.com', 'another password', { firstName: 'Eve' });
    const prober = browserAt(site, '192.0.2.4');
    const taken = await prober.signUp(' Taken@Example.com ', 'another password', { firstName: 'Eve' });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.status).toBe(201);
    expect(taken.json.email).toBe('taken@example.com');
    expect(taken.json.siteUserId).toMatch(/^[0-9a-f]{24}$/);
    expect(taken.json.siteUserId).not.toBe(before.id);
    expect(taken.json.xsrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(taken.json.expiresOn - site.clock.now).toBe(fresh.json.expiresOn - site.clock.now);

    // Nothing of the account changed, and nobody was signed in to it.
    const after = await site.store.db.selectFrom('site_users').selectAll().where('email', '=', 'taken@example.com').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await site.store.db.selectFrom('site_user_sessions').select('id').where('site_user_id', '=', before.id).execute()).toEqual(sessionsBefore);
    expect(await site.store.db.selectFrom('site_users').select('id').where('email', '=', 'taken@example.com').execute()).toHaveLength(1);
    expect((await prober.request('GET', '/api/site-users/account/session')).json).toEqual({ authenticated: false });
    expect(prober.cookies.has('SiteUserInfo')).toBe(false);
    expect((await browserAt(site, '192.0.2.5').signIn('taken@example.com', 'another password')).status).toBe(401);
    expect((await browserAt(site, '192.0.2.5').signIn('taken@example.com', 'the first password')).status).toBe(200);

    // The holder hears of it; no verification mail goes out for an account that was not made.
    const mails = await site.store.db.selectFrom('outbox').select(['kind', 'text_body']).where('recipient', '=', 'taken@example.com').execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(['account-sign-up-existing', 'account-verify-email']);
    const notice = mails.find((m) => m.kind === 'account-sign-up-existing')!;
    expect(notice.text_body).toContain('Someone tried to create an account on');
    expect(notice.text_body).toMatch(/sign in: http:\/\/members\.test\/account\/login\n/);
  });

  it('answers a password reset alike for an account and for none, through the same deferred task', async () => {
    await browserAt(site, '192.0.2.6').signUp('alike@example.com', 'the right password');
    const asker = browserAt(site, '192.0.2.7');
    const tasks = site.app.mail.deferredTasks;
    const known = await asker.request('POST', '/api/site-users/account/password-reset', { email: 'alike@example.com' });
    expect(site.app.mail.deferredTasks).toBe(tasks + 1);
    const unknown = await asker.request('POST', '/api/site-users/account/password-reset', { email: 'nobody-here@example.com' });
    expect(site.app.mail.deferredTasks).toBe(tasks + 2);
    expect(unknown.status).toBe(202);
    expect(unknown.json).toEqual(known.json);
    expect(unknown.body).toBe(known.body);
    expect(shape(unknown)).toEqual(shape(known));
    // The lookup and the mail happen after the answer: once done, the account's holder has the link.
    await site.app.mail.idle();
    const mails = await site.store.db
      .selectFrom('outbox')
      .select(['recipient', 'text_body'])
      .where('kind', '=', 'account-password-reset')
      .where('recipient', 'in', ['alike@example.com', 'nobody-here@example.com'])
      .execute();
    expect(mails.map((m) => m.recipient)).toEqual(['alike@example.com']);
    expect(mails[0]!.text_body).toMatch(/\/account\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  it('ends the session a browser already had when it signs in again', async () => {
    const b = browserAt(site, '192.0.2.8');
    await b.signUp('again@example.com', 'the right password');
    const first = b.cookies.get('tessera_member')!;
    const ok = await b.signIn('again@example.com', 'the right password');
    expect(ok.status).toBe(200);
    const second = b.cookies.get('tessera_member')!;
    expect(second).not.toBe(first);
    const stale = browserAt(site, '192.0.2.8');
    stale.cookies.set('tessera_member', first);
    expect((await stale.request('GET', '/api/site-users/account/session')).json).toEqual({ authenticated: false });
    expect((await b.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(true);
  });
});

describe.each(DIALECTS)('visitor password hashes on %s', (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    // Production's cost: the upgrade is to it.
    site = await membersApp(dialect, { passwordCost: SCRYPT_COST });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('replace an older, cheaper hash at the next sign-in with the right password, never with a wrong one', async () => {
    const older = await hashPassword('the right password', { n: 2 ** 15, r: 8, p: 1 });
    const now = site.clock.now;
    const id = 'a'.repeat(24);
    await site.store.db
      .insertInto('site_users')
      .values({
        id,
        website_id: WEBSITE_ID,
        email: 'older@example.com',
        password_hash: older,
        first_name: '',
        last_name: '',
        locale: null,
        email_verified_on: null,
        created_on: now,
        updated_on: now,
      })
      .execute();
    const stored = async () =>
      (await site.store.db.selectFrom('site_users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

    expect((await browserAt(site, '192.0.2.9').signIn('older@example.com', 'a wrong password')).status).toBe(401);
    expect(await stored()).toBe(older);
    expect((await browserAt(site, '192.0.2.9').signIn('older@example.com', 'the right password')).status).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect((await browserAt(site, '192.0.2.9').signIn('older@example.com', 'the right password')).status).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
