import { createHash } from 'node:crypto';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { PASSWORD, StaffBrowser, type StaffSite, linkIn, signedIn, staffSite } from './helpers.js';

const SENT = { sent: true, message: 'If this email signs in here, a link to choose a new password is on its way. It works for one hour.' };
const NEW_PASSWORD = 'a brand new password';

describe.each(DIALECTS)("the owner's password reset by mail on %s", (dialect) => {
  let smtp: TestSmtp;
  let site: StaffSite;

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await staffSite(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const mailsTo = async (address: string) => {
    await site.app.mail.idle();
    await site.app.mail.deliverDue();
    await site.app.mail.idle();
    return smtp.messages.filter((m) => m.to.includes(address));
  };
  const tokenOf = (text: string) => new URL(linkIn(text, 'http://shop.test/config/password-reset?token=')).searchParams.get('token')!;

  it('links "Forgot your password?" pages: the email form, and the new password form for a valid link only', async () => {
    const b = new StaffBrowser(site.app);
    const ask = await b.page('/config/password-reset');
    expect(ask.status).toBe(200);
    expect(ask.context).toMatchObject({ page: 'password-reset', token: null, linkInvalid: false });
    expect(b.cookies.get('crumb')).toBeDefined();
    const bad = await b.page(`/config/password-reset?token=${'A'.repeat(43)}`);
    expect(bad.status).toBe(400);
    expect(bad.context).toMatchObject({ page: 'password-reset', token: null, linkInvalid: true });
  });

  it('answers the same for an email with an account and one without, and mails a one-hour link to the account only', async () => {
    await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    const known = await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset', { email: ' Owner@Shop.test ' });
    const unknown = await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset', { email: 'stranger@shop.test' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(SENT);
    expect(unknown.json).toEqual(SENT);
    expect(known.headers['set-cookie']).toEqual(unknown.headers['set-cookie']);
    const mails = await mailsTo('owner@shop.test');
    expect(mails).toHaveLength(1);
    expect(await mailsTo('stranger@shop.test')).toEqual([]);
    expect(mails[0]!.subject).toBe('Reset your password for Fixture Shop');
    expect(mails[0]!.text).toContain('The link works once, for 60 minutes');
    const token = tokenOf(mails[0]!.text);
    const [row] = await site.store.db.selectFrom('owner_tokens').selectAll().where('purpose', '=', 'reset').execute();
    expect(row).toMatchObject({ email: 'owner@shop.test', created_on: site.clock.now, expires_on: site.clock.now + 3_600_000, used_on: null });
    expect(row!.id).toBe(createHash('sha256').update(token).digest('hex'));

    const bad = await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset', { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ email: 'Enter a valid email address.' });
  });

  it('sets the new password by the link once: every session of the account ends, this browser is signed in', async () => {
    await signedIn(site, 'shop@shop.test', WebsiteRole.STORE_MANAGER);
    const laptop = new StaffBrowser(site.app);
    const phone = new StaffBrowser(site.app);
    expect((await laptop.signIn('shop@shop.test')).status).toBe(200);
    expect((await phone.signIn('shop@shop.test')).status).toBe(200);
    expect((await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset', { email: 'shop@shop.test' })).status).toBe(202);
    const [mail] = await mailsTo('shop@shop.test');
    const token = tokenOf(mail!.text);

    const b = new StaffBrowser(site.app);
    expect((await b.page(`/config/password-reset?token=${token}`)).context).toMatchObject({ token, linkInvalid: false });
    const short = await b.request('POST', '/api/owner/password-reset/confirm', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({ password: 'The password needs at least 10 characters.' });
    const done = await b.request('POST', '/api/owner/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ email: 'shop@shop.test', websiteRoles: [8] });
    expect((await b.request('GET', '/api/owner/session')).status).toBe(200);
    for (const old of [laptop, phone]) expect((await old.request('GET', '/api/owner/session')).status).toBe(401);
    expect((await new StaffBrowser(site.app).signIn('shop@shop.test', PASSWORD)).status).toBe(401);
    expect((await new StaffBrowser(site.app).signIn('shop@shop.test', NEW_PASSWORD)).status).toBe(200);

    const twice = await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset/confirm', { token, password: 'yet another password' });
    expect(twice.status).toBe(400);
    expect(twice.json).toEqual({ code: 'OWNER_LINK_INVALID', error: 'This link is not valid or has expired. Ask for a new one.' });
    expect((await b.page(`/config/password-reset?token=${token}`)).status).toBe(400);
  });

  it('refuses a link after its hour', async () => {
    expect((await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset', { email: 'owner@shop.test' })).status).toBe(202);
    const mails = await mailsTo('owner@shop.test');
    const token = tokenOf(mails.at(-1)!.text);
    site.clock.advance(3_600_000);
    try {
      const late = await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset/confirm', { token, password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.json.code).toBe('OWNER_LINK_INVALID');
      expect((await new StaffBrowser(site.app).signIn('owner@shop.test', PASSWORD)).status).toBe(200);
    } finally {
      site.clock.advance(-3_600_000);
    }
  });

  it("builds the reset link on the site's own origin, never on a Host header the site does not list", async () => {
    expect((await new StaffBrowser(site.app).request('POST', '/api/owner/password-reset', { email: 'owner@shop.test' }, { host: 'evil.example' })).status).toBe(
      202,
    );
    const mails = await mailsTo('owner@shop.test');
    expect(mails.at(-1)!.text).toContain('http://shop.test/config/password-reset?token=');
    expect(mails.at(-1)!.text).not.toContain('evil.example');
  });

  it('limits requests per email and address with 429 and Retry-After', async () => {
    const b = new StaffBrowser(site.app);
    b.ip = '10.1.2.3';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await b.request('POST', '/api/owner/password-reset', { email: 'limit@shop.test' })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await b.request('POST', '/api/owner/password-reset', { email: 'limit@shop.test' });
    expect(limited.json.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = new StaffBrowser(site.app);
    other.ip = '10.1.2.4';
    expect((await other.request('POST', '/api/owner/password-reset', { email: 'limit@shop.test' })).status).toBe(202);
  });
});
