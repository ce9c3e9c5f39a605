// Review moderation and the mailing list in Chromium, against the built server with the demo shop (its
// review requests due at once) and a real SMTP server: the owner makes reviews wait for approval; a
// buyer's review waits (its buyer is told so, the product page shows none); a moderator, from the
// keyboard alone, approves it and it shows on the product page with its count, replies as the shop,
// then hides it and it is gone. A visitor joins the newsletter from the footer; the owner finds the
// address waiting for confirmation on the mailing list page, exports it as CSV and removes it. Both
// pages fit a phone (390 px) and a desktop with no serious accessibility violation; screenshots go
// to test-results/.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ReceivedMail, type TestSmtp, startSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, createStaff, saveScreenshot, startServer, signInToStudio, demoSiteCopy } from './harness.js';
import { seriousViolations, tabTo } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const STAFF = {
  owner: { email: 'owner@reviews.test', role: null },
  moderator: { email: 'moderator@reviews.test', role: 'moderator' },
} as const;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const REVIEW_TEXT = 'A generous mug that keeps coffee hot.';

/** The demo shop, copied, with review requests mailed as soon as an order is paid. */
async function demoCopy(): Promise<string> {
  return demoSiteCopy('reviews-site', (site) => {
    site.store.merchandising = { ...site.store.merchandising, reviewsEnabled: true, reviewRequestDelayHours: 0 };
  });
}

describe('review moderation and the mailing list in Chromium', () => {
  let smtp: TestSmtp;
  let siteDir: string;
  const ui = browserSuite(
    async () => {
      [smtp, siteDir] = await Promise.all([startSmtp(), demoCopy()]);
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

  const mailTo = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
    const until = Date.now() + 30_000;
    for (;;) {
      const mail = smtp.messages.find((m) => m.to.includes(address) && subject.test(m.subject));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}; got ${smtp.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const signIn = (who: keyof typeof STAFF, page: string, options: object = DESKTOP): Promise<Page> =>
    signInToStudio(ui, { email: STAFF[who].email, password: PASSWORD }, page, options);

  /**
   * What the mug's product page shows a visitor (a browser of its own, without a session, so the page
   * cache may serve it): the rating under the title, the reviews panel and the shop's reply.
   */
  async function mugPage(): Promise<{ anchor: string; reviews: string; reply: string | null; replyBody: string | null }> {
    const context = await ui.browser.newContext(DESKTOP);
    try {
      const p = await context.newPage();
      await p.goto(`${ui.server.url}/shop/stoneware-mug`);
      const anchor = (await p.locator('[data-reviews-anchor]').count()) > 0 ? ((await p.locator('[data-reviews-anchor]').textContent()) ?? '') : '';
      const reply = p.locator('.review__reply');
      const hasReply = (await reply.count()) > 0;
      return {
        anchor,
        reviews: await p.locator('#reviews').innerText(),
        reply: hasReply ? await reply.innerText() : null,
        replyBody: hasReply ? await reply.locator('.review__reply-body').textContent() : null,
      };
    } finally {
      await context.close();
    }
  }

  it('keeps a buyer’s review waiting when the owner asks for approval: the buyer is told, the product page shows none', async () => {
    const owner = await signIn('owner', '/config/reviews');
    const setting = owner.getByRole('switch', { name: 'New reviews wait for approval' });
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(false);
    await tabTo(owner, /^New reviews wait for approval$/);
    await owner.keyboard.press('Space');
    await owner.getByRole('status').filter({ hasText: 'New reviews now wait for your approval.' }).waitFor();
    expect(await setting.isChecked()).toBe(true);
    await owner.getByText('No reviews yet', { exact: true }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'reviews empty desktop');

    const buyer = `buyer-${randomUUID().slice(0, 8)}@example.com`;
    const p = await ui.open(DESKTOP);
    await p.goto(`${ui.server.url}/shop/stoneware-mug`);
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
      return res.status;
    }, buyer);
    expect(placed).toBe(201);
    const mail = await mailTo(buyer, /^How do you like Stoneware Mug\?$/);
    const link = new URL(/http:\/\/\S+\/commerce\/reviews-request\?token=\S+/.exec(mail.text)![0]);
    await p.goto(`${ui.server.url}${link.pathname}${link.search}`);
    await p.getByText('Your review is published with your name once the shop approves it.').waitFor();
    await p.locator('#tessera-review-request[data-ready]').waitFor();
    const form = p.locator('form.review-form');
    await form.locator('label', { hasText: '5 stars' }).click();
    await form.getByLabel('Your review').fill(REVIEW_TEXT);
    await form.getByRole('button', { name: 'Publish review' }).click();
    await p.getByRole('status').filter({ hasText: 'Thank you! Your review will be published once the shop approves it.' }).waitFor();
    await p.reload();
    await p.getByText("You reviewed this product. Thank you! Your review is waiting for the shop's approval.").waitFor();

    const product = await mugPage();
    expect(product.reviews).toContain('No reviews yet.');
    expect(product.reviews).not.toContain(REVIEW_TEXT);
  });

  it('lets a moderator approve from the keyboard: the review shows with its count; a reply shows under it; hidden, it is gone', async () => {
    for (const [device, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const q = await signIn('moderator', '/config/reviews?status=pending', options);
      await q.getByText(REVIEW_TEXT).waitFor();
      expect(await q.getByRole('link', { name: 'Waiting (1)' }).getAttribute('aria-current')).toBe('page');
      expect(await q.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(1);
      expect(await seriousViolations(q)).toEqual([]);
      await saveScreenshot(q, `reviews waiting ${device}`);
      // Nothing of the page runs past a phone's width.
      const wide = await q.evaluate(
        (w) =>
          Array.from(document.querySelectorAll('main *'))
            .filter((e) => e.getBoundingClientRect().right > w + 1)
            .map((e) => e.outerHTML.slice(0, 80)),
        options.viewport.width,
      );
      expect(wide).toEqual([]);
    }
    const q = ui.page;
    await tabTo(q, /^Approve the review by Ada L\.$/);
    await q.keyboard.press('Enter');
    await q.getByRole('status').filter({ hasText: 'Approved the review by Ada L.' }).waitFor();
    await q.getByText('No reviews are waiting').waitFor();

    let product = await mugPage();
    expect(product.anchor).toContain('(1 review)');
    expect(product.reviews).toContain(REVIEW_TEXT);

    const m = await signIn('moderator', '/config/reviews?status=approved');
    await m.getByText(REVIEW_TEXT).waitFor();
    await tabTo(m, /^Reply to Ada L\.$/);
    await m.keyboard.press('Enter');
    await m.keyboard.type('Thank you, <Ada>! Enjoy your coffee.');
    await tabTo(m, /^Save reply$/, 5);
    await m.keyboard.press('Enter');
    await m.getByRole('status').filter({ hasText: 'Saved your reply to the review by Ada L.' }).waitFor();
    expect(await seriousViolations(m)).toEqual([]);
    await saveScreenshot(m, 'reviews replied desktop');
    product = await mugPage();
    expect(product.reply).toContain('Reply from the shop');
    expect(product.replyBody).toBe('Thank you, <Ada>! Enjoy your coffee.');

    await tabTo(m, /^Hide the review by Ada L\.$/);
    await m.keyboard.press('Enter');
    await m.getByRole('status').filter({ hasText: 'Hid the review by Ada L.' }).waitFor();
    product = await mugPage();
    expect(product.reviews).not.toContain(REVIEW_TEXT);
    expect(product.reviews).toContain('No reviews yet.');
    expect(product.anchor).toBe('');

    // Delete asks first: Escape keeps the review.
    const all = await signIn('moderator', '/config/reviews?status=hidden');
    await all.getByText(REVIEW_TEXT).waitFor();
    await tabTo(all, /^Delete the review by Ada L\.$/);
    await all.keyboard.press('Enter');
    const dialog = all.getByRole('dialog', { name: 'Delete this review?' });
    await dialog.waitFor();
    expect(await seriousViolations(all)).toEqual([]);
    await saveScreenshot(all, 'reviews confirm delete desktop');
    await all.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await all.getByText(REVIEW_TEXT).count()).toBe(1);
    expect(ui.pageErrors).toEqual([]);
  }, 60_000); // a phone and a desktop run in turn

  it('lists a newsletter signup on the mailing list page, exports it and removes it after a confirmation', async () => {
    const reader = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const v = await ui.open(DESKTOP);
    await v.goto(`${ui.server.url}/`);
    // The footer's form: the home page may show a newsletter block too.
    const form = v.locator('.site-footer__newsletter form[data-form-id="newsletter"]');
    await form.scrollIntoViewIfNeeded();
    await v.waitForSelector('.site-footer__newsletter .tessera-form-island form[data-form-id="newsletter"]');
    await form.getByLabel(/^Email address/).fill(reader);
    await form.getByRole('button', { name: 'Sign up' }).click();
    await v.getByRole('status').filter({ hasText: 'You are on the list' }).waitFor();

    for (const [device, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const p = await signIn('owner', '/config/mailing-list', options);
      const row = p.getByRole('row').filter({ hasText: reader });
      await row.waitFor();
      expect(await row.innerText()).toContain('Waiting for confirmation');
      expect(await row.innerText()).toContain('Newsletter form');
      expect(await seriousViolations(p)).toEqual([]);
      await saveScreenshot(p, `mailing list ${device}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport.width);
    }
    const p = ui.page;
    // Search from the keyboard, then export what it found.
    await tabTo(p, /^Search/);
    await p.keyboard.type(reader.slice(0, 12));
    await p.keyboard.press('Enter');
    await p.getByRole('status').filter({ hasText: 'Showing 1 address matching the filters.' }).waitFor();
    const exportLink = p.getByRole('link', { name: 'Export CSV' });
    const href = await exportLink.getAttribute('href');
    expect(href).toBe(`/api/owner/mailing-list/export.csv?q=${encodeURIComponent(reader.slice(0, 12))}`);
    const [download] = await Promise.all([p.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^mailing-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Email,Status,Source,Signed up,Confirmed,Unsubscribed');
    expect(csv).toContain(`${reader},Waiting for confirmation,newsletter-form,`);

    await tabTo(p, new RegExp(`^Remove ${reader.replace(/[.]/g, '\\.')}$`));
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog', { name: 'Remove this address?' });
    await dialog.waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'mailing list confirm remove desktop');
    await tabTo(p, /^Remove address$/, 5);
    await p.keyboard.press('Enter');
    await p
      .getByRole('status')
      .filter({ hasText: `Removed ${reader} from the mailing list.` })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await p.reload();
    await p.getByText('No addresses match these filters').waitFor();
    expect(ui.pageErrors).toEqual([]);
  });
});
