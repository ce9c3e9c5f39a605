// The owner's form submissions in Chromium, against the built server with the demo shop (its site.json
// given a site owner) and a real SMTP server: a visitor sends the contact form (the captcha solved in
// the browser); the owner, from the keyboard alone, finds the form on the forms page, opens its page,
// opens the submission (every field in its shape), exports the CSV, turns the mail to another address
// and deletes the submission after confirming. A store manager reads without deleting. Both pages fit
// a phone (390 px) and a desktop with no serious accessibility violation; screenshots go to test-results/.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, createStaff, saveScreenshot, startServer, signInToStudio, demoSiteCopy } from './harness.js';
import { seriousViolations, tabTo } from './shopper.js';

const OWNER = 'owner@tessera-supply.test';
const PASSWORD = 'a long e2e staff password';
const STAFF = {
  owner: { email: 'admin@forms.test', role: null },
  shop: { email: 'shop@forms.test', role: 'store-manager' },
} as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The demo shop, copied, with a site owner for notifications. */
async function demoWithOwner(): Promise<string> {
  return demoSiteCopy('form-submissions', (site) => {
    site.settings = { ...site.settings, mail: { owner: OWNER } };
  });
}

describe("the owner's form submissions in Chromium", () => {
  let smtp: TestSmtp;
  let siteDir: string;
  const ui = browserSuite(
    async () => {
      [smtp, siteDir] = await Promise.all([startSmtp(), demoWithOwner()]);
      const server = await startServer({ siteDir, themesDir: path.join(REPO, 'themes'), env: { SMTP_URL: smtp.url } });
      await createStaff(server, STAFF, PASSWORD);
      return server;
    },
    {
      context: false,
      timeout: 120_000,
      async cleanUp() {
        await smtp?.stop();
        if (siteDir) await fs.rm(siteDir, { recursive: true, force: true });
      },
    },
  );

  const signIn = (who: keyof typeof STAFF, page: string, options: object = DESKTOP): Promise<Page> =>
    signInToStudio(ui, { email: STAFF[who].email, password: PASSWORD }, page, { ...options, acceptDownloads: true });
  const fitsTheScreen = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function sendContactForm(message: string): Promise<void> {
    const p = await ui.open(DESKTOP);
    // A visitor who closed the newsletter overlay before.
    await p.addInitScript(() => {
      localStorage.setItem('version', '1');
      localStorage.setItem('date-closed', '1700000000000');
    });
    await p.goto(`${ui.server.url}/contact`);
    await p.waitForSelector('.tessera-form-island form[data-form-id="contact"] altcha-widget');
    const form = p.locator('form[data-form-id="contact"]');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel(/^Email/).fill('ada@example.com');
    await form.getByLabel(/^Subject/).selectOption('Wholesale');
    await form.getByLabel(/^Message/).fill(message);
    await form.locator('.captcha-container[data-state="verified"]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Submit' }).click();
    await p.getByRole('status').filter({ hasText: 'Thank you for writing' }).waitFor();
  }

  it('shows the contact form a visitor sent: the forms page counts it, its page lists it, the dialog shows every field', async () => {
    await sendContactForm('Do you sell to cafés?');

    const p = await signIn('owner', '/config/forms');
    const contact = p.getByRole('table', { name: 'Forms' }).getByRole('row').filter({ hasText: 'Contact' });
    await contact.getByRole('link', { name: 'Contact' }).waitFor();
    expect(await contact.getByRole('cell').first().textContent()).toBe('1');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'form submissions forms desktop');

    // From the keyboard alone: the form's link, then its first submission.
    await tabTo(p, /^Contact$/);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/config\/forms\/contact$/);
    await p.getByRole('table', { name: 'Submissions' }).waitFor();
    const row = p.getByRole('table', { name: 'Submissions' }).getByRole('row').nth(1);
    expect(await row.textContent()).toContain('Ada Lovelace');
    expect(await row.textContent()).toContain('ada@example.com');
    await p.getByRole('heading', { name: 'Where submissions go' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'form submissions form desktop');

    await tabTo(p, /open this submission/);
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog', { name: 'Submission' });
    await dialog.getByText('Do you sell to cafés?').waitFor();
    expect(await dialog.getByText('Wholesale').count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'ada@example.com' }).count()).toBe(1);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'form submissions detail desktop');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await p.evaluate(() => document.activeElement?.textContent ?? '')).toContain('open this submission');
    expect(ui.pageErrors).toEqual([]);
  });

  it('exports the CSV and sends the mail to another address once the settings say so', async () => {
    const p = await signIn('owner', '/config/forms/contact');
    await p.getByRole('table', { name: 'Submissions' }).waitFor();
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Submitted On,Name,Email,Subject,Message,Page Title,Page Path');
    expect(csv).toContain('Ada Lovelace,ada@example.com,Wholesale,Do you sell to cafés?');

    await p.getByLabel('Mail them to').fill('wholesale@tessera-supply.test');
    await p.getByRole('button', { name: 'Save settings' }).click();
    await p.getByText('Settings saved.').waitFor();
    const before = smtp.messages.length;
    await sendContactForm('A second question');
    const until = Date.now() + 20_000;
    while (!smtp.messages.slice(before).some((m) => m.to.includes('wholesale@tessera-supply.test'))) {
      if (Date.now() > until) throw new Error('no mail to the address the settings name');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(smtp.messages.slice(before).some((m) => m.to.includes(OWNER))).toBe(false);
  });

  it('lets a store manager read on a phone without deleting, and fits the screen', async () => {
    const p = await signIn('shop', '/config/forms', PHONE);
    await p.getByRole('link', { name: 'Contact' }).waitFor();
    expect(await fitsTheScreen(p)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'form submissions forms phone');
    await p.getByRole('link', { name: 'Contact' }).click();
    await p.getByRole('table', { name: 'Submissions' }).waitFor();
    expect(await p.getByRole('button', { name: 'Delete all…' }).count()).toBe(0);
    expect(await p.getByRole('heading', { name: 'Where submissions go' }).count()).toBe(0);
    expect(await fitsTheScreen(p)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'form submissions form phone');
    await p
      .getByRole('button', { name: /open this submission/ })
      .first()
      .click();
    await p.getByRole('dialog', { name: 'Submission' }).getByText('Ada Lovelace').waitFor();
    expect(await p.getByRole('button', { name: 'Delete submission' }).count()).toBe(0);
    await saveScreenshot(p, 'form submissions detail phone');
  });

  it('deletes one submission after asking, then all with the name typed, from the keyboard', async () => {
    const p = await signIn('owner', '/config/forms/contact');
    const table = p.getByRole('table', { name: 'Submissions' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await tabTo(p, /open this submission/);
    await p.keyboard.press('Enter');
    await p.getByRole('dialog', { name: 'Submission' }).getByText('A second question').waitFor();
    await tabTo(p, /^Delete submission$/);
    await p.keyboard.press('Enter');
    const confirm = p.getByRole('dialog', { name: 'Delete this submission?' });
    await confirm.waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    // Focus starts on Cancel: Enter there would keep the submission; the owner moves to Delete.
    await p.keyboard.press('Shift+Tab');
    await p.keyboard.press('Enter');
    await p.getByRole('status').filter({ hasText: 'Submission deleted.' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);

    await tabTo(p, /^Delete all…$/);
    await p.keyboard.press('Enter');
    const all = p.getByRole('dialog', { name: 'Delete all submissions?' });
    await all.waitFor();
    expect(await all.getByRole('button', { name: 'Delete all submissions' }).isDisabled()).toBe(true);
    await p.keyboard.type('Contact');
    await saveScreenshot(p, 'form submissions delete all desktop');
    await p.keyboard.press('Enter');
    await p.getByText('No submissions yet').waitFor();
    await p.getByRole('status').filter({ hasText: 'Deleted 1 submission.' }).waitFor();
    await p.goto(`${ui.server.url}/config/forms`);
    const contact = p.getByRole('table', { name: 'Forms' }).getByRole('row').filter({ hasText: 'Contact' });
    await contact.getByRole('link', { name: 'Contact' }).waitFor();
    expect(await contact.getByRole('cell').first().textContent()).toBe('0');
    expect(ui.pageErrors).toEqual([]);
  });
});
