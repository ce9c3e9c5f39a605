// Site forms, the captcha, the mailing list and the popup overlay in Chromium, against the built
// server with the demo shop (its site.json given a site owner and a popup overlay) and a real
// SMTP server receiving the mail.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, startServer, demoSiteCopy } from './harness.js';

const OWNER = 'owner@tessera-supply.test';
const OVERLAY = { enabled: true, version: '1', title: 'Join our newsletter', body: '<p>News from the roastery, once a month.</p>' };

/** The demo shop, copied, with a site owner for notifications and the popup overlay on. */
async function demoWithOwner(): Promise<string> {
  return demoSiteCopy('forms-site', (site) => {
    site.settings = { ...site.settings, mail: { owner: OWNER }, popupOverlay: OVERLAY };
  });
}

describe('site forms in Chromium', () => {
  let smtp: TestSmtp;
  let siteDir: string;
  const ui = browserSuite(
    async () => {
      [smtp, siteDir] = await Promise.all([startSmtp(), demoWithOwner()]);
      return startServer({ siteDir, themesDir: path.join(REPO, 'themes'), env: { SMTP_URL: smtp.url } });
    },
    {
      async cleanUp() {
        await smtp?.stop();
        if (siteDir) await fs.rm(siteDir, { recursive: true, force: true });
      },
    },
  );

  /** A visitor who closed this version of the overlay before. */
  const overlayDismissed = () =>
    ui.context.addInitScript(() => {
      localStorage.setItem('version', '1');
      localStorage.setItem('date-closed', '1700000000000');
    });
  const mailTo = async (address: string, after: number): Promise<ReceivedMail> => {
    const until = Date.now() + 20_000;
    for (;;) {
      const mail = smtp.messages.slice(after).find((m) => m.to.includes(address));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail to ${address}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const contactForm = () => ui.page.locator('form[data-form-id="contact"]');

  it('lets a visitor fill in the contact form, solve the captcha and see the thank-you text; the owner gets the mail', async () => {
    await overlayDismissed();
    await ui.page.goto(`${ui.server.url}/contact`);
    const form = contactForm();
    await ui.page.waitForSelector('.tessera-form-island form[data-form-id="contact"] altcha-widget');
    const before = smtp.messages.length;
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel(/^Email/).fill('ada@example.com');
    await form.getByLabel(/^Subject/).selectOption('Wholesale');
    await form.getByLabel(/^Message/).fill('Do you sell to cafés?');
    await expect(form.locator('.textarea-counter').textContent()).resolves.toBe('21 / 2000');
    // ALTCHA solves its proof of work in the browser once the visitor is in the form.
    await form.locator('.captcha-container[data-state="verified"]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Submit' }).click();
    const thanks = ui.page.getByRole('status').filter({ hasText: 'Thank you for writing' });
    await thanks.waitFor();
    expect(await thanks.textContent()).toContain('We will reply within two working days.');
    expect(await form.getByLabel('First name').count()).toBe(0);

    const mail = await mailTo(OWNER, before);
    expect(mail.subject).toBe('New submission: Contact (Tessera Supply Co.)');
    for (const line of ['Name: Ada Lovelace', 'Email: ada@example.com', 'Subject: Wholesale', 'Message: Do you sell to cafés?'])
      expect(mail.text).toContain(line);
    expect(mail.headers.get('reply-to')).toBe('ada@example.com');
    expect(ui.pageErrors).toEqual([]);
  });

  it("shows the invalid cases' messages in the page and sends nothing", async () => {
    await overlayDismissed();
    await ui.page.goto(`${ui.server.url}/contact`);
    const form = contactForm();
    await ui.page.waitForSelector('.tessera-form-island form[data-form-id="contact"]');
    const formCalls: string[] = [];
    ui.page.on('request', (r) => {
      if (r.url().includes('/api/form/')) formCalls.push(r.url());
    });
    await form.getByLabel(/^Email/).fill('ada@');
    await form.getByLabel(/^Message/).fill('x'.repeat(2001));
    await expect(form.locator('.textarea-counter--error').textContent()).resolves.toBe('2001 / 2000');
    await form.getByRole('button', { name: 'Submit' }).click();
    const alerts = form.getByRole('alert');
    await form.locator('.field-error:not([hidden])').first().waitFor();
    await expect(alerts.first().textContent()).resolves.toBe('Your form has encountered a problem. Please scroll down to review.');
    await expect(alerts.last().textContent()).resolves.toContain('Your form has encountered a problem. Please scroll up to review.');
    const errors = await form.locator('.field-error:not([hidden])').allTextContents();
    expect(errors).toEqual(
      expect.arrayContaining([
        'Required',
        'Email is not valid. Email addresses should follow the format email@example.com.',
        'You have exceeded the character limit.',
      ]),
    );
    expect(formCalls).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('signs a visitor up to the newsletter: confirmed by its mail, undone from the unsubscribe page', async () => {
    await overlayDismissed();
    await ui.page.goto(`${ui.server.url}/`);
    // The footer's form (the home page shows a newsletter block too) comes to life as it nears the viewport.
    const form = ui.page.locator('.site-footer__newsletter form[data-form-id="newsletter"]');
    await form.scrollIntoViewIfNeeded();
    await ui.page.waitForSelector('.site-footer__newsletter .tessera-form-island form[data-form-id="newsletter"]');
    const before = smtp.messages.length;
    const tracked: unknown[] = [];
    await ui.page.exposeFunction('recordTrack', (detail: unknown) => tracked.push(detail));
    await ui.page.evaluate(() =>
      window.addEventListener('tessera:track', (e) => (window as unknown as { recordTrack(d: unknown): void }).recordTrack((e as CustomEvent).detail)),
    );
    await form.getByLabel(/^Email address/).fill('reader@example.com');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'You are on the list' }).waitFor();
    expect(tracked).toEqual([{ name: 'subscribe-newsletter', payload: { formId: 'newsletter' } }]);

    const mail = await mailTo('reader@example.com', before);
    const link = (p: string) => new RegExp(`https?://[^\\s]+${p}\\?token=[A-Za-z0-9_.-]+`).exec(mail.text)![0];
    await ui.page.goto(link('/account/newsletter/confirm'));
    await ui.page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();

    await ui.page.goto(link('/account/newsletter/unsubscribe'));
    const done = ui.page.getByRole('status').filter({ hasText: 'You have been unsubscribed' });
    await done.waitFor();
    expect(await done.textContent()).toBe('You have been unsubscribed: reader@example.com will not receive any more newsletters.');
    expect(ui.pageErrors).toEqual([]);
  });

  it('shows the popup overlay once and keeps it closed after dismissal', async () => {
    await ui.page.goto(`${ui.server.url}/`);
    const dialog = ui.page.getByRole('dialog', { name: 'Join our newsletter' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('News from the roastery, once a month.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ui.page.evaluate(() => [localStorage.getItem('version'), localStorage.getItem('date-closed') !== null])).toEqual(['1', true]);
    await ui.page.reload();
    await ui.page.locator('.site-footer__newsletter form[data-form-id="newsletter"]').scrollIntoViewIfNeeded();
    await ui.page.waitForSelector('.site-footer__newsletter .tessera-form-island form[data-form-id="newsletter"]');
    await ui.page.goto(`${ui.server.url}/contact`);
    await ui.page.waitForSelector('.tessera-form-island form[data-form-id="contact"]');
    expect(await ui.page.getByRole('dialog').count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });

  it('lists and exports the submissions with the built `tessera forms` command, beside the running server', async () => {
    // A visitor's signup through the API, as the island makes it.
    const home = await fetch(`${ui.server.url}/`);
    const crumb = /crumb=([^;]+)/.exec(home.headers.get('set-cookie') ?? '')![1]!;
    const headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb };
    const key = (await (await fetch(`${ui.server.url}/api/form/FormSubmissionKey`, { method: 'POST', headers })).json()).data.key;
    const saved = await fetch(`${ui.server.url}/api/form/SaveFormSubmission`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ key, formId: 'newsletter', form: { email: 'csv@example.com' }, pageTitle: 'Home', pageId: '', contentSource: 'c', pagePath: '/' }),
    });
    expect(saved.status).toBe(200);

    const run = promisify(execFile);
    const cli = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
    const env = { ...process.env, DATA_DIR: ui.server.dataDir, LOG_LEVEL: 'silent' };
    const list = await run(process.execPath, [cli, 'forms', 'list'], { env });
    expect(list.stdout).toMatch(/^newsletter\tNewsletter\t\d+ submissions\tlast /m);
    const out = path.join(siteDir, 'newsletter.csv');
    const exported = await run(process.execPath, [cli, 'forms', 'export', 'newsletter', '--out', out], { env });
    expect(exported.stdout).toMatch(/^Exported \d+ submissions? of "newsletter" to /);
    const csv = await fs.readFile(out, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Submitted On,Email address,Page Title,Page Path');
    expect(csv).toMatch(/\r\n\d{4}-\d\d-\d\dT[\d:.]+Z,csv@example\.com,Home,\/\r\n/);
    const mail = await run(process.execPath, [cli, 'mail', 'list'], { env });
    expect(mail.stdout).toContain('newsletter-confirmation\tcsv@example.com');
  });
});
