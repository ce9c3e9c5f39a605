// Restock notifications and product reviews in Chromium, against the built server with the demo shop
// (its review requests due at once) and a real SMTP server receiving the mail: a visitor signs up on a
// sold-out variant and is mailed after the owner restocks and sends; a buyer reviews a product from the
// review-request page and the review appears on the product page. Screenshots of the restock form's
// states, the owner's page and the reviews on a phone and a desktop go to test-results/.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, saveScreenshot, startServer, demoSiteCopy } from './harness.js';

const run = promisify(execFile);
const CLI = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
const OWNER = { email: 'owner@tessera-supply.test', password: 'a long e2e owner password' };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** A close-up of one part of the page (the full page goes to saveScreenshot too), in test-results/. */
async function closeUp(locator: Locator, name: string): Promise<void> {
  await locator.screenshot({ path: path.join(REPO, 'test-results', `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`), animations: 'disabled' });
}

/** The demo shop, copied, with review requests mailed as soon as an order is placed. */
async function demoCopy(): Promise<string> {
  return demoSiteCopy('restock-site', (site) => {
    site.store.merchandising = { ...site.store.merchandising, reviewRequestDelayHours: 0 };
  });
}

describe('restock notifications and product reviews in Chromium', () => {
  let smtp: TestSmtp;
  let siteDir: string;
  // Each test opens its contexts (a phone, a desktop) with ui.open.
  const ui = browserSuite(
    async () => {
      [smtp, siteDir] = await Promise.all([startSmtp(), demoCopy()]);
      const server = await startServer({ siteDir, themesDir: path.join(REPO, 'themes'), env: { SMTP_URL: smtp.url } });
      await run(process.execPath, [CLI, 'owner', 'create', OWNER.email, '--password', OWNER.password], {
        env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
      });
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
  const mailTo = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
    const until = Date.now() + 30_000;
    for (;;) {
      const mail = smtp.messages.find((m) => m.to.includes(address) && subject.test(m.subject));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}; got ${smtp.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** The restock form of the kettle's Black variant, the visitor's choice made. */
  const kettleForm = async (p: Page) => {
    await p.goto(`${ui.server.url}/shop/gooseneck-kettle`);
    // The engine shows both forms of a product sold out in every variant; the island keeps one, then the chosen variant's.
    await p.locator('.product-restock-notification input[aria-label="Email Address"]').first().waitFor({ state: 'attached' });
    await p.getByRole('combobox', { name: 'Select Colour' }).selectOption('Black');
    const form = p.locator('.product-restock-notification:not([hidden])');
    await form.getByRole('textbox', { name: 'Email Address' }).waitFor();
    return form;
  };

  it('signs a visitor up on a sold-out variant and mails them once after the owner restocks and sends', async () => {
    for (const [device, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const p = await ui.open(options);
      const form = await kettleForm(p);
      expect(await p.locator('.product-restock-notification:not([hidden])').count()).toBe(1);
      expect(await form.locator('.product-restock-cta').textContent()).toBe('Get notified when this item is back in stock.');
      await saveScreenshot(p, `restock form idle ${device}`);
      await closeUp(p.locator('.product-purchase'), `restock form idle ${device} close-up`);
      await form.getByRole('textbox', { name: 'Email Address' }).fill('ada@');
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('Email is invalid');
      expect(await form.getByRole('textbox', { name: 'Email Address' }).getAttribute('aria-invalid')).toBe('true');
      await saveScreenshot(p, `restock form error ${device}`);
      await closeUp(p.locator('.product-purchase'), `restock form error ${device} close-up`);
      await form.getByRole('textbox', { name: 'Email Address' }).fill(`${device}@example.com`);
      // The site asks for the self-hosted captcha on restock forms: ALTCHA solves it in the browser.
      await form.locator('.captcha-container[data-state="verified"]').waitFor({ timeout: 30_000 });
      if (device === 'desktop') await form.getByRole('checkbox', { name: 'Sign up to receive news and updates.' }).check();
      await form.getByRole('button', { name: 'Sign Up' }).click();
      const status = form.getByRole('status');
      await expect.poll(() => status.textContent()).toBe('Signed up!');
      expect(await form.locator('.product-restock-cta').count()).toBe(1);
      expect(await form.locator('input, altcha-widget').count()).toBe(0);
      await saveScreenshot(p, `restock form signed up ${device}`);
      await closeUp(p.locator('.product-purchase'), `restock form signed up ${device} close-up`);
    }
    // Joining the mailing list sends its double opt-in mail; nothing is sent about the kettle yet.
    await mailTo('desktop@example.com', /^Confirm your subscription/);
    expect(smtp.messages.filter((m) => /Back in stock/.test(m.subject))).toEqual([]);

    const owner = await ui.open(DESKTOP);
    await owner.goto(`${ui.server.url}/config/restock`);
    await owner.waitForURL(/\/config\/login\?next=%2Fconfig%2Frestock$/);
    await owner.getByLabel('Email').fill(OWNER.email);
    await owner.getByLabel('Password').fill(OWNER.password);
    await owner.keyboard.press('Enter');
    await owner.waitForURL(/\/config\/restock$/);
    const row = owner.getByRole('row', { name: /Gooseneck Enamel Kettle/ });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('2');
    const send = row.getByRole('button', { name: /^Send to 2 waiting/ });
    expect(await send.isDisabled()).toBe(true);
    await row.getByLabel('Stock of Gooseneck Enamel Kettle Colour: Black').fill('4');
    await row.getByRole('button', { name: 'Update stock' }).click();
    await expect.poll(() => owner.getByRole('status').textContent()).toBe('Gooseneck Enamel Kettle (Colour: Black): 4 in stock.');
    await saveScreenshot(owner, 'restock owner page desktop');
    await expect.poll(() => send.isDisabled()).toBe(false);
    await send.click();
    await expect.poll(() => owner.getByRole('status').textContent()).toBe('Sent 2 notices for Gooseneck Enamel Kettle (Colour: Black).');
    for (const address of ['phone@example.com', 'desktop@example.com']) {
      const mail = await mailTo(address, /^Back in stock: Gooseneck Enamel Kettle$/);
      expect(mail.text).toContain('Gooseneck Enamel Kettle (Colour: Black) is back in stock at Tessera Supply Co.');
      expect(mail.text).toMatch(/Shop now: http:\/\/\S+\/shop\/gooseneck-kettle\n/);
    }
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('2');
    await owner.setViewportSize(PHONE.viewport);
    await saveScreenshot(owner, 'restock owner page phone');
    // Each visitor got one notice.
    expect(
      smtp.messages
        .filter((m) => /Back in stock/.test(m.subject))
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['desktop@example.com', 'phone@example.com']);
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);

  it('lets a buyer review a product from the review-request page; the review appears on the product page', async () => {
    const buyer = `buyer-${randomUUID().slice(0, 8)}@example.com`;
    const p = await ui.open(DESKTOP);
    await p.goto(`${ui.server.url}/shop/stoneware-mug`);
    // The purchase, through the store's API as the checkout island would make it.
    const placed = await p.evaluate(async (email) => {
      const crumb = decodeURIComponent(/(?:^|;\s*)crumb=([^;]+)/.exec(document.cookie)![1]!);
      const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb };
      await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers,
        body: JSON.stringify({ itemId: document.querySelector('[data-item-id]')!.getAttribute('data-item-id'), sku: 'MUG-BLU-08', quantity: 1 }),
      });
      const res = await fetch('/api/commerce/checkout', {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}` },
        body: JSON.stringify({
          email,
          shippingOptionId: 'standard',
          payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
          shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
        }),
      });
      return { status: res.status, body: await res.json() };
    }, buyer);
    expect(placed.status).toBe(201);
    const mail = await mailTo(buyer, /^How do you like Stoneware Mug\?$/);
    const link = /http:\/\/\S+\/commerce\/reviews-request\?token=\S+/.exec(mail.text)![0];

    for (const [device, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const q = await ui.open(options);
      await q.goto(new URL(new URL(link).pathname + new URL(link).search, ui.server.url).toString());
      await q.getByRole('heading', { level: 1, name: 'Write a review' }).waitFor();
      // The islands are in place (the footer's newsletter form is the forms island's) before the picture.
      // It comes to life when it nears the viewport, so bring it there, then go back to the top.
      await q.locator('footer.site-footer').scrollIntoViewIfNeeded();
      await q.locator('.tessera-form-island form[data-form-id="newsletter"]').waitFor();
      await q.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(q, `review request ${device}`);
      await closeUp(q.locator('.review-request'), `review request ${device} close-up`);
      // The desktop shows the form; the buyer writes the review on the phone.
      if (device === 'desktop') continue;
      const form = q.locator('form.review-form');
      await q.locator('#tessera-review-request[data-ready]').waitFor();
      await form.getByRole('button', { name: 'Publish review' }).click();
      await expect.poll(() => form.locator('[data-error-for="rating"]').textContent()).toBe('Choose a rating from 1 to 5 stars.');
      await form.locator('label', { hasText: '4 stars' }).click();
      expect(await form.getByLabel('4 stars').isChecked()).toBe(true);
      await form.getByLabel('Your review').fill('Holds a generous pour-over and keeps it hot. The glaze is lovely.');
      await form.getByRole('button', { name: 'Publish review' }).click();
      const done = q.getByRole('status').filter({ hasText: 'Thank you! Your review is published.' });
      await done.waitFor();
      expect(await done.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
      await saveScreenshot(q, `review request published ${device}`);
      await closeUp(q.locator('.review-request'), `review request published ${device} close-up`);
    }
    // Reached again, the page shows the review instead of a form: once per product and order.
    await ui.page.reload();
    expect(await ui.page.locator('form.review-form').count()).toBe(0);
    expect(await ui.page.getByText('You reviewed this product. Thank you!').count()).toBe(1);

    for (const [device, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const q = await ui.open(options);
      await q.goto(`${ui.server.url}/shop/stoneware-mug`);
      const anchor = q.locator('[data-reviews-anchor]');
      expect(await anchor.textContent()).toContain('(1 review)');
      const panel = q.getByRole('tabpanel', { name: /Reviews/ });
      // The reviews island makes the two panels tabs: the description's is shown first.
      await expect.poll(() => panel.isHidden()).toBe(true);
      await anchor.click();
      await panel.waitFor();
      expect(await q.getByRole('tab', { name: /Reviews/ }).getAttribute('aria-selected')).toBe('true');
      expect(await panel.getByText('Holds a generous pour-over and keeps it hot. The glaze is lovely.').count()).toBe(1);
      expect(await panel.getByText('Ada L.').count()).toBe(1);
      await saveScreenshot(q, `product reviews ${device}`);
      await closeUp(q.locator('.product-summary'), `product reviews ${device} close-up`);
      await q.getByRole('tab', { name: 'Description' }).click();
      expect(await panel.isHidden()).toBe(true);
    }
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);

  it('previews every commerce email for the signed-in owner', async () => {
    const p = await ui.open(DESKTOP);
    await p.goto(`${ui.server.url}/config/login?next=%2Fconfig%2Femail-preview%2Forder-confirmation`);
    await p.getByLabel('Email').fill(OWNER.email);
    await p.getByLabel('Password').fill(OWNER.password);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/config\/email-preview\/order-confirmation$/);
    for (const title of ['Order confirmation', 'Gift card code', 'Digital download link', 'Subscription confirmation', 'Restock notice', 'Review request']) {
      await p.getByRole('link', { name: title, exact: true }).click();
      await p.getByRole('heading', { level: 1, name: title }).waitFor();
      const frame = p.frameLocator('iframe.email-preview__frame');
      await frame.locator('body').waitFor();
      expect((await frame.locator('body').textContent())!.length).toBeGreaterThan(40);
    }
    await p.getByRole('link', { name: 'Order confirmation', exact: true }).click();
    await p.frameLocator('iframe.email-preview__frame').getByText('Stoneware Mug').first().waitFor();
    await saveScreenshot(p, 'commerce email preview desktop');
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});
