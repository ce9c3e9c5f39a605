import { createHash } from 'node:crypto';
import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { PASSWORD, StaffBrowser, type StaffSite, linkIn, signedIn, staffSite } from './helpers.js';

const DAY = 86_400_000;

describe.each(DIALECTS)("the site's staff on %s", (dialect) => {
  let smtp: TestSmtp;
  let site: StaffSite;
  let admin: StaffBrowser;
  let shop: StaffBrowser;
  let reporting: StaffBrowser;
  let editor: StaffBrowser;
  let nobody: StaffBrowser;

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await staffSite(dialect, { smtpUrl: smtp.url });
    admin = await signedIn(site, 'owner@shop.test', WebsiteRole.ADMIN);
    shop = await signedIn(site, 'shop@shop.test', WebsiteRole.STORE_MANAGER);
    reporting = await signedIn(site, 'reports@shop.test', WebsiteRole.REPORTING);
    editor = await signedIn(site, 'editor@shop.test', WebsiteRole.EDITOR);
    nobody = new StaffBrowser(site.app);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  /** Delivers what is due and answers the mails the SMTP server received for an address. */
  const mailsTo = async (address: string) => {
    await site.app.mail.deliverDue();
    await site.app.mail.idle();
    return smtp.messages.filter((m) => m.to.includes(address));
  };

  it('lists the accounts with their roles and the invitations to admins only; 403 for other roles, 401 without a session', async () => {
    const res = await admin.request('GET', '/api/owner/staff');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const owner = res.json.accounts.find((a: { email: string }) => a.email === 'owner@shop.test');
    expect(owner).toEqual({
      id: expect.any(String),
      email: 'owner@shop.test',
      role: 1,
      roleName: 'admin',
      created: expect.any(Number),
      lastSeen: site.clock.now,
      notifyNewOrders: true,
      isYou: true,
    });
    expect(res.json.accounts.find((a: { email: string }) => a.email === 'shop@shop.test')).toMatchObject({
      role: 8,
      roleName: 'store manager',
      notifyNewOrders: false,
      isYou: false,
    });
    expect(res.json.invitations).toEqual([]);
    expect(res.json.roles).toContainEqual({ code: 15, name: 'website manager' });
    expect(res.json.roles.map((r: { code: number }) => r.code)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    for (const who of [shop, reporting, editor]) {
      const denied = await who.request('GET', '/api/owner/staff');
      expect(denied.status).toBe(403);
      expect(denied.json).toMatchObject({ code: 'PERMISSION_DENIED', error: 'You do not have permission to do this.' });
    }
    expect((await nobody.request('GET', '/api/owner/staff')).json).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED' });
  });

  it('serves the staff page to admins only', async () => {
    const page = await admin.page('/config/staff');
    expect(page.status).toBe(200);
    expect(page.context).toMatchObject({ page: 'staff', email: 'owner@shop.test', timeZone: 'America/New_York' });
    expect((await shop.page('/config/staff')).location).toBe('/config/login?next=%2Fconfig%2Fstaff');
    expect((await nobody.page('/config/staff')).location).toBe('/config/login?next=%2Fconfig%2Fstaff');
  });

  it('checks an invitation: the field messages, an email that has an account, the crumb and the role', async () => {
    const bad = await admin.request('POST', '/api/owner/staff/invitations', { email: 'not an email', role: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'One or more fields is invalid, please check your entries.',
      errors: { email: 'Enter a valid email address.', role: 'Choose one of the website roles.' },
    });
    const extra = await admin.request('POST', '/api/owner/staff/invitations', { email: 'x@shop.test', role: 4, admin: true });
    expect(extra.status).toBe(400);
    const taken = await admin.request('POST', '/api/owner/staff/invitations', { email: ' Shop@Shop.test ', role: 3 });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({
      code: 'STAFF_ACCOUNT_EXISTS',
      error: 'This email already has an account on this site: change its role on the staff page instead.',
    });
    const forged = await admin.request('POST', '/api/owner/staff/invitations', { email: 'new@shop.test', role: 4 }, { 'x-csrf-token': 'wrong' });
    expect(forged.status).toBe(403);
    expect(forged.json.code).toBe('CRUMB_FAIL');
    expect((await shop.request('POST', '/api/owner/staff/invitations', { email: 'new@shop.test', role: 4 })).status).toBe(403);
    expect((await nobody.request('POST', '/api/owner/staff/invitations', { email: 'new@shop.test', role: 4 })).status).toBe(401);
    expect(await site.store.db.selectFrom('owner_tokens').selectAll().execute()).toEqual([]);
  });

  it('invites by mail: a hashed 7-day token, a link on the site origin; the invitee sets a password and is signed in with the role', async () => {
    const res = await admin.request('POST', '/api/owner/staff/invitations', { email: 'Ada@Example.com', role: WebsiteRole.STORE_MANAGER });
    expect(res.status).toBe(201);
    expect(res.json.invitation).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{64}$/),
      email: 'ada@example.com',
      role: 8,
      roleName: 'store manager',
      invitedBy: 'owner@shop.test',
      created: site.clock.now,
      expires: site.clock.now + 7 * DAY,
      expired: false,
    });
    const [mail] = await mailsTo('ada@example.com');
    expect(mail!.subject).toBe('You are invited to Fixture Shop');
    expect(mail!.text).toContain('owner@shop.test invited you (ada@example.com) to help run Fixture Shop, as store manager.');
    const link = linkIn(mail!.text, 'http://shop.test/config/invitation?token=');
    const token = new URL(link).searchParams.get('token')!;
    // The store keeps the token's hash only.
    const [row] = await site.store.db.selectFrom('owner_tokens').selectAll().execute();
    expect(row).toMatchObject({ purpose: 'invite', email: 'ada@example.com', website_role: 8, invited_by: 'owner@shop.test', used_on: null });
    expect(row!.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await admin.request('GET', '/api/owner/staff')).json.invitations).toEqual([res.json.invitation]);

    const invitee = new StaffBrowser(site.app);
    const page = await invitee.page(`/config/invitation?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.context).toMatchObject({ page: 'invitation', token, invitation: { email: 'ada@example.com', roleName: 'store manager' } });
    const short = await invitee.request('POST', '/api/owner/invitation/accept', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({ password: 'The password needs at least 10 characters.' });
    const accepted = await invitee.request('POST', '/api/owner/invitation/accept', { token, password: 'a new staff password' });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ email: 'ada@example.com', websiteRoles: [8] });
    expect((await invitee.request('GET', '/api/owner/session')).json).toEqual({ email: 'ada@example.com', websiteRoles: [8] });
    // The password works for the sign-in; the link does not work twice, and the invitation is gone.
    expect((await new StaffBrowser(site.app).signIn('ada@example.com', 'a new staff password')).status).toBe(200);
    const again = await new StaffBrowser(site.app).request('POST', '/api/owner/invitation/accept', { token, password: 'another password 12' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ code: 'OWNER_LINK_INVALID', error: 'This link is not valid or has expired. Ask for a new one.' });
    expect((await invitee.page(`/config/invitation?token=${token}`)).status).toBe(400);
    const list = (await admin.request('GET', '/api/owner/staff')).json;
    expect(list.invitations).toEqual([]);
    expect(list.accounts.find((a: { email: string }) => a.email === 'ada@example.com')).toMatchObject({ role: 8, roleName: 'store manager', isYou: false });
  });

  it('replaces an invitation sent again, lets an admin revoke one, and lets none be used once expired', async () => {
    await admin.request('POST', '/api/owner/staff/invitations', { email: 'bea@example.com', role: WebsiteRole.EDITOR });
    const second = await admin.request('POST', '/api/owner/staff/invitations', { email: 'bea@example.com', role: WebsiteRole.REPORTING });
    expect(second.status).toBe(201);
    const mails = await mailsTo('bea@example.com');
    expect(mails).toHaveLength(2);
    // The outbox sends in no set order: the link still stored (its hash) is the second invitation's.
    const tokens = mails.map((m) => new URL(linkIn(m.text, 'http://shop.test/config/invitation?token=')).searchParams.get('token')!);
    const stored = second.json.invitation.id;
    const last = tokens.find((t) => createHash('sha256').update(t).digest('hex') === stored)!;
    const first = tokens.find((t) => t !== last)!;
    expect(first).toBeDefined();
    expect(last).toBeDefined();
    expect((await admin.request('GET', '/api/owner/staff')).json.invitations.map((i: { email: string; role: number }) => [i.email, i.role])).toEqual([
      ['bea@example.com', 3],
    ]);
    const b = new StaffBrowser(site.app);
    expect((await b.request('POST', '/api/owner/invitation/accept', { token: first, password: PASSWORD })).json.code).toBe('OWNER_LINK_INVALID');

    // Revoked: the link stops working. Only admins revoke; an unknown id is a 404.
    expect((await shop.request('DELETE', `/api/owner/staff/invitations/${second.json.invitation.id}`)).status).toBe(403);
    expect((await admin.request('DELETE', `/api/owner/staff/invitations/${second.json.invitation.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/owner/staff/invitations/${second.json.invitation.id}`)).status).toBe(404);
    expect((await b.request('POST', '/api/owner/invitation/accept', { token: last, password: PASSWORD })).json.code).toBe('OWNER_LINK_INVALID');

    // Expired: 7 days on, the link is refused and the list says so.
    await admin.request('POST', '/api/owner/staff/invitations', { email: 'cy@example.com', role: WebsiteRole.EDITOR });
    const [mail] = await mailsTo('cy@example.com');
    const token = new URL(linkIn(mail!.text, 'http://shop.test/config/invitation?token=')).searchParams.get('token')!;
    site.clock.advance(7 * DAY);
    try {
      expect((await b.page(`/config/invitation?token=${token}`)).context).toMatchObject({ token: null, invitation: null });
      expect((await b.request('POST', '/api/owner/invitation/accept', { token, password: PASSWORD })).json.code).toBe('OWNER_LINK_INVALID');
      const fresh = await signedIn(site, 'owner2@shop.test', WebsiteRole.ADMIN);
      expect((await fresh.request('GET', '/api/owner/staff')).json.invitations).toMatchObject([{ email: 'cy@example.com', expired: true }]);
      await site.store.db.deleteFrom('owner_accounts').where('email', '=', 'owner2@shop.test').execute();
    } finally {
      site.clock.advance(-7 * DAY);
    }
    expect(await b.request('POST', '/api/owner/invitation/accept', { token: 'x'.repeat(43), password: PASSWORD })).toMatchObject({ status: 400 });
  });

  it("builds the invitation's link on the site's own origin, never on a Host header the site does not list", async () => {
    const res = await admin.request('POST', '/api/owner/staff/invitations', { email: 'host@example.com', role: WebsiteRole.EDITOR }, { host: 'evil.example' });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('host@example.com');
    expect(mail!.text).toContain('http://shop.test/config/invitation?token=');
    expect(mail!.text).not.toContain('evil.example');
    expect((await admin.request('DELETE', `/api/owner/staff/invitations/${res.json.invitation.id}`)).status).toBe(204);
  });

  it('refuses to accept an invitation for an email that got an account meanwhile, keeping the link', async () => {
    await admin.request('POST', '/api/owner/staff/invitations', { email: 'dee@example.com', role: WebsiteRole.EDITOR });
    const [mail] = await mailsTo('dee@example.com');
    const token = new URL(linkIn(mail!.text, 'http://shop.test/config/invitation?token=')).searchParams.get('token')!;
    await signedIn(site, 'dee@example.com', WebsiteRole.VIEWER);
    const res = await new StaffBrowser(site.app).request('POST', '/api/owner/invitation/accept', { token, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('STAFF_ACCOUNT_EXISTS');
    const [row] = await site.store.db.selectFrom('owner_tokens').select('used_on').where('email', '=', 'dee@example.com').execute();
    expect(row!.used_on).toBeNull();
  });

  it("changes a role at once; every account sets its own new-order mail, only admins another's or a role", async () => {
    const list = (await admin.request('GET', '/api/owner/staff')).json.accounts as { id: string; email: string }[];
    const id = (email: string) => list.find((a) => a.email === email)!.id;
    // Reporting sees analytics; made an editor, it no longer does, in the same session.
    expect((await reporting.request('GET', '/api/owner/analytics')).status).toBe(200);
    const changed = await admin.request('PUT', `/api/owner/staff/${id('reports@shop.test')}`, { role: WebsiteRole.EDITOR });
    expect(changed.status).toBe(200);
    expect(changed.json.account).toMatchObject({ email: 'reports@shop.test', role: 4, roleName: 'editor', isYou: false });
    expect((await reporting.request('GET', '/api/owner/analytics')).status).toBe(403);
    await admin.request('PUT', `/api/owner/staff/${id('reports@shop.test')}`, { role: WebsiteRole.REPORTING });

    const mine = await shop.request('PUT', `/api/owner/staff/${id('shop@shop.test')}`, { notifyNewOrders: true });
    expect(mine.status).toBe(200);
    expect(mine.json.account).toMatchObject({ email: 'shop@shop.test', notifyNewOrders: true, isYou: true });
    expect((await editor.request('PUT', `/api/owner/staff/${id('editor@shop.test')}`, { notifyNewOrders: true })).status).toBe(200);
    for (const body of [{ role: WebsiteRole.ADMIN }, { notifyNewOrders: true, role: WebsiteRole.STORE_MANAGER }]) {
      const own = await shop.request('PUT', `/api/owner/staff/${id('shop@shop.test')}`, body);
      expect(own.status).toBe(403);
      expect(own.json.code).toBe('PERMISSION_DENIED');
    }
    expect((await shop.request('PUT', `/api/owner/staff/${id('owner@shop.test')}`, { notifyNewOrders: false })).status).toBe(403);
    expect((await nobody.request('PUT', `/api/owner/staff/${id('shop@shop.test')}`, { notifyNewOrders: false })).status).toBe(401);
    // A viewer does not open the studio: not even its own setting.
    const viewer = await signedIn(site, 'viewer@shop.test', WebsiteRole.VIEWER);
    const viewerId = (await admin.request('GET', '/api/owner/staff')).json.accounts.find((a: { email: string }) => a.email === 'viewer@shop.test').id;
    expect((await viewer.request('PUT', `/api/owner/staff/${viewerId}`, { notifyNewOrders: true })).status).toBe(403);
    const byAdmin = await admin.request('PUT', `/api/owner/staff/${id('shop@shop.test')}`, { notifyNewOrders: false });
    expect(byAdmin.json.account.notifyNewOrders).toBe(false);
    const row = await site.store.db.selectFrom('owner_accounts').select('notify_new_orders').where('email', '=', 'shop@shop.test').executeTakeFirstOrThrow();
    expect(row.notify_new_orders).toBe(0);

    const bad = await admin.request('PUT', `/api/owner/staff/${id('shop@shop.test')}`, { role: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ role: 'Choose one of the website roles.' });
    expect((await admin.request('PUT', `/api/owner/staff/${id('shop@shop.test')}`, {})).status).toBe(400);
    expect((await admin.request('PUT', '/api/owner/staff/000000000000000000000000', { role: 4 })).status).toBe(404);
  });

  it('never leaves the site without an admin: the last admin cannot demote itself; of two admins demoting each other at once, one wins', async () => {
    const list = (await admin.request('GET', '/api/owner/staff')).json.accounts as { id: string; email: string }[];
    const me = list.find((a) => a.email === 'owner@shop.test')!.id;
    const last = await admin.request('PUT', `/api/owner/staff/${me}`, { role: WebsiteRole.STORE_MANAGER });
    expect(last.status).toBe(409);
    expect(last.json).toEqual({ code: 'STAFF_LAST_ADMIN', error: 'The site needs at least one admin: make another account admin first.' });
    // Its own mail setting it may still change, as admin.
    expect((await admin.request('PUT', `/api/owner/staff/${me}`, { role: WebsiteRole.ADMIN, notifyNewOrders: true })).status).toBe(200);

    const second = await signedIn(site, 'second-admin@shop.test', WebsiteRole.ADMIN);
    const other = (await admin.request('GET', '/api/owner/staff')).json.accounts.find((a: { email: string }) => a.email === 'second-admin@shop.test').id;
    const [a, b] = await Promise.all([
      admin.request('PUT', `/api/owner/staff/${other}`, { role: WebsiteRole.EDITOR }),
      second.request('PUT', `/api/owner/staff/${me}`, { role: WebsiteRole.EDITOR }),
    ]);
    // The loser is refused either by the last-admin lock (409) or, when the winner's change landed before
    // the loser's request was let in, because it is no longer an admin (403): never both changed.
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await site.store.db.selectFrom('owner_accounts').select('email').where('website_role', '=', 1).execute();
    expect(admins).toHaveLength(1);
    // Put things back: the owner is the one admin again.
    const winner = admins[0]!.email === 'owner@shop.test' ? admin : second;
    const loserId = winner === admin ? other : me;
    expect((await winner.request('PUT', `/api/owner/staff/${loserId}`, { role: WebsiteRole.ADMIN })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/owner/staff/${other}`)).status).toBe(204);
  });

  it('removes an account and ends its sessions; never one of its own, and only as admin', async () => {
    const gone = await signedIn(site, 'gone@shop.test', WebsiteRole.STORE_MANAGER);
    expect((await gone.request('GET', '/api/owner/session')).status).toBe(200);
    const list = (await admin.request('GET', '/api/owner/staff')).json.accounts as { id: string; email: string }[];
    const id = list.find((a) => a.email === 'gone@shop.test')!.id;
    const me = list.find((a) => a.email === 'owner@shop.test')!.id;
    expect((await shop.request('DELETE', `/api/owner/staff/${id}`)).status).toBe(403);
    expect((await nobody.request('DELETE', `/api/owner/staff/${id}`)).status).toBe(401);
    const self = await admin.request('DELETE', `/api/owner/staff/${me}`);
    expect(self.status).toBe(409);
    expect(self.json).toEqual({ code: 'STAFF_REMOVE_SELF', error: 'You cannot remove your own account: another admin can.' });
    expect((await admin.request('DELETE', `/api/owner/staff/${id}`)).status).toBe(204);
    expect((await gone.request('GET', '/api/owner/session')).status).toBe(401);
    expect(await site.store.db.selectFrom('owner_sessions').where('account_id', '=', id).selectAll().execute()).toEqual([]);
    expect((await gone.signIn('gone@shop.test', PASSWORD)).status).toBe(401);
    expect((await admin.request('DELETE', `/api/owner/staff/${id}`)).status).toBe(404);
  });
});
