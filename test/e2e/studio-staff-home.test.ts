// The studio's home page and staff pages in Chromium, against the built server and a real SMTP server:
// every role that opens the area lands on the home page and sees the cards its role allows; an admin
// invites a contributor from the staff page with the keyboard alone, the invitee follows the mailed
// link, chooses a password and is signed in with the role; the admin removes the account (asked
// first), which signs it out; an owner who forgot the password gets a link by mail from the sign-in
// page, and the new password signs every other device out. No serious or critical axe finding at
// 390 px or 1280 px; screenshots of each page go to test-results/.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReceivedMail, type TestSmtp, startSmtp } from '../../packages/server/test/forms/smtp.js';
import { browserSuite, createStaff, e2eSite, saveScreenshot, startServer } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = {
  admin: { email: 'owner@home.test', role: null },
  reporting: { email: 'reports@home.test', role: 'reporting' },
  shop: { email: 'shop@home.test', role: 'store-manager' },
  viewer: { email: 'viewer@home.test', role: 'viewer' },
  editor: { email: 'editor@home.test', role: 'editor' },
} as const;
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, bypassCSP: true };

const fits = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the studio's home and staff pages in Chromium", () => {
  let smtp: TestSmtp;
  const ui = browserSuite(
    async () => {
      smtp = await startSmtp();
      const site = e2eSite();
      const server = await startServer({ siteDir: site.siteDir, themesDir: site.themesDir, env: { SMTP_URL: smtp.url } });
      await createStaff(server, ACCOUNTS, PASSWORD);
      return server;
    },
    { context: false, timeout: 120_000, cleanUp: () => smtp?.stop() },
  );

  async function mailTo(address: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
    const until = Date.now() + 15_000;
    for (;;) {
      const mail = smtp.messages.slice(after).find((m) => m.to.includes(address) && subject.test(m.subject));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}; got ${smtp.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const linkIn = (mail: ReceivedMail, path: string) => mail.text.split(/\s/).find((w) => w.includes(path))!;

  // Several people at once: each in a context of their own (ui.open keeps one per test), closed after the test.
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  async function browse(options: BrowserContextOptions): Promise<Page> {
    const context = await ui.browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => ui.pageErrors.push(`${page.url()}: ${e.message}`));
    return page;
  }

  async function signIn(email: string, password: string, options: BrowserContextOptions, page = '/config/'): Promise<Page> {
    const p = await browse(options);
    await p.goto(`${ui.server.url}${page}`);
    await p.waitForURL(/\/config\/login\?next=/);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(password);
    await p.keyboard.press('Enter');
    await p.waitForURL(new RegExp(`${page.replace(/\//g, '\\/')}$`));
    await p.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    return p;
  }
  const links = (p: Page) => p.getByRole('navigation', { name: 'Studio' }).getByRole('link').allTextContents();

  it('lands every role that opens the area on the home page, with the cards of its role, on a desktop', async () => {
    const admin = await signIn(ACCOUNTS.admin.email, PASSWORD, DESKTOP);
    await admin.goto(`${ui.server.url}/config`);
    await admin.waitForURL(/\/config\/$/);
    await admin.getByRole('heading', { level: 2, name: 'Today' }).waitFor();
    expect((await links(admin))[0]).toBe('Home');
    expect(await links(admin)).toContain('Staff');
    expect(await admin.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    for (const card of ['Today', 'This week', 'To fulfil', 'Payments to collect', 'Low stock', 'New reviews', 'New form submissions']) {
      expect(await admin.getByRole('region', { name: card }).count(), card).toBe(1);
    }
    expect(await admin.getByRole('link', { name: 'View orders to fulfil' }).getAttribute('href')).toBe('/config/orders?fulfillment=unfulfilled&payment=paid');
    expect(await seriousViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'studio home admin desktop');

    const editor = await signIn(ACCOUNTS.editor.email, PASSWORD, DESKTOP);
    await editor.getByRole('heading', { level: 2, name: 'New form submissions' }).waitFor();
    expect(await editor.getByRole('region', { name: 'Today' }).count()).toBe(0);
    expect(await links(editor)).toEqual(['Home', 'Pages', 'Comments', 'Form submissions', 'Media']);
    // The new-order mail switch is for who sees orders.
    expect(await editor.getByRole('checkbox').count()).toBe(0);

    // A viewer does not open the area: /config/ sends it to the sign-in page, and signing in keeps it there.
    const viewer = await browse(DESKTOP);
    await viewer.goto(`${ui.server.url}/config/`);
    await viewer.waitForURL(/\/config\/login\?next=%2Fconfig%2F$/);
    await viewer.getByLabel('Email').fill(ACCOUNTS.viewer.email);
    await viewer.getByLabel('Password').fill(PASSWORD);
    await viewer.keyboard.press('Enter');
    await viewer.waitForTimeout(500);
    expect(viewer.url()).toMatch(/\/config\/login/);
  });

  it('fits the home page on a phone and turns the new-order mail on from the keyboard', async () => {
    const p = await signIn(ACCOUNTS.shop.email, PASSWORD, PHONE);
    const box = p.getByRole('checkbox', { name: `Email me at ${ACCOUNTS.shop.email} when a new order is placed` });
    await box.waitFor();
    expect(await fits(p)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'studio home store manager phone');
    expect(await box.isChecked()).toBe(false);
    await box.focus();
    await p.keyboard.press('Space');
    await p.getByRole('status').getByText('You will get an email for every new order.').waitFor();
    await p.reload();
    expect(await p.getByRole('checkbox', { name: `Email me at ${ACCOUNTS.shop.email} when a new order is placed` }).isChecked()).toBe(true);
  });

  it('invites a contributor with the keyboard alone; the invitee sets a password from the mail and is signed in with the role; removed, it is signed out', async () => {
    const admin = await signIn(ACCOUNTS.admin.email, PASSWORD, DESKTOP, '/config/staff');
    await admin.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor();
    expect(await admin.getByText('No invitation is waiting for an answer.').count()).toBe(1);
    const before = smtp.messages.length;
    await admin.getByLabel('Email', { exact: true }).focus();
    await admin.keyboard.type('new.hand@home.test');
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Shift+Tab');
    await admin.getByLabel('Role', { exact: true }).selectOption({ label: 'store manager' });
    await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Send invitation');
    await admin.keyboard.press('Enter');
    await admin.getByRole('status').getByText('Invitation sent to new.hand@home.test, as store manager.').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'studio staff desktop');

    const mail = await mailTo('new.hand@home.test', /You are invited to/, before);
    const link = linkIn(mail, '/config/invitation?token=');
    expect(link.startsWith(ui.server.url)).toBe(true);
    const invitee = await browse(PHONE);
    await invitee.goto(link);
    await invitee.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
    expect(await fits(invitee)).toBe(true);
    expect(await seriousViolations(invitee)).toEqual([]);
    await saveScreenshot(invitee, 'studio invitation phone');
    await invitee.getByLabel('New password', { exact: true }).fill('the invitee password');
    await invitee.getByLabel('New password again').fill('the invitee password');
    await invitee.keyboard.press('Enter');
    await invitee.waitForURL(/\/config\/$/);
    await invitee.getByRole('heading', { level: 2, name: 'Today' }).waitFor();
    await invitee.getByRole('button', { name: 'Menu' }).click();
    expect(await links(invitee)).not.toContain('Staff');
    expect(await links(invitee)).toContain('Restock notifications');

    // The admin sees the account; removing it asks first, then signs it out everywhere.
    await admin.reload();
    const row = admin.getByRole('listitem').filter({ hasText: 'new.hand@home.test' });
    await row.getByRole('button', { name: 'Remove new.hand@home.test' }).click();
    const yes = admin.getByRole('group', { name: /^Remove new.hand@home.test\?/ }).getByRole('button', { name: 'Remove' });
    expect(await yes.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);
    await saveScreenshot(admin, 'studio staff remove question desktop');
    await admin.keyboard.press('Enter');
    await admin.getByRole('status').getByText('new.hand@home.test was removed and signed out everywhere.').waitFor();
    await invitee.reload();
    await invitee.waitForURL(/\/config\/login\?next=/);

    const phone = await signIn(ACCOUNTS.admin.email, PASSWORD, PHONE, '/config/staff');
    await phone.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor();
    expect(await fits(phone)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'studio staff phone');
  });

  it("resets a forgotten password by mail from the sign-in page; the new one signs the account's other devices out", async () => {
    const elsewhere = await signIn(ACCOUNTS.reporting.email, PASSWORD, DESKTOP);
    const login = await browse(DESKTOP);
    await login.goto(`${ui.server.url}/config/login`);
    await login.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    expect(await seriousViolations(login)).toEqual([]);
    await saveScreenshot(login, 'studio sign-in with reset link desktop');
    const p = await browse(PHONE);
    await p.goto(`${ui.server.url}/config/login`);
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    await p.waitForURL(/\/config\/password-reset$/);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'studio password reset phone');
    const before = smtp.messages.length;
    await p.getByLabel('Email').fill(ACCOUNTS.reporting.email);
    await p.keyboard.press('Enter');
    await p.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    const mail = await mailTo(ACCOUNTS.reporting.email, /Reset your password/, before);
    await p.goto(linkIn(mail, '/config/password-reset?token='));
    await p.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    expect(await fits(p)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'studio new password phone');
    await p.getByLabel('New password', { exact: true }).fill('a fresh reporting password');
    await p.getByLabel('New password again').fill('a fresh reporting password');
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/config\/$/);
    await p.getByRole('heading', { level: 2, name: 'Today' }).waitFor();
    const session = await elsewhere.evaluate(async () => (await fetch('/api/owner/session')).status);
    expect(session).toBe(401);
    expect(ui.pageErrors).toEqual([]);
  });
});
