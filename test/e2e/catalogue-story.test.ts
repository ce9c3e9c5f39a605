// The catalogue's whole story in Chromium, against the built server, a copy of the demo shop and a real
// SMTP server, as one owner and one shopper live it, in order: the owner creates a physical product with
// two options (4 variants), prices, a sale price and stock (one variant with a single piece); the shop
// shows it with its sale mark; a shopper buys the last piece through the checkout, and a visitor signs
// up to hear when that variant is back; the owner sees it sold out, adds 5 pieces with the Adjust dialog
// and the visitor's mail arrives; a CSV that changes 3 prices and has 1 bad row is refused by its dry run
// (nothing written, the shop's prices unchanged) and imports once fixed; with reviews waiting for
// approval, the buyer's review waits until the owner approves it, then shows with its count. Every
// owner page is checked with axe; screenshots of the steps on a phone and a desktop go to test-results/.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ReceivedMail, type TestSmtp, startSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, createStaff, saveScreenshot, startServer, demoSiteCopy } from './harness.js';
import { ADA, fillCheckout, seriousViolations, tabTo } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const STAFF = { owner: { email: 'owner@catalogue-story.test', role: null } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const TITLE = 'Speckled Vase';
const SLUG = 'speckled-vase';
const FAN = 'vase-fan@example.com';
const BUYER = { ...ADA, email: 'vase-buyer@example.com' };
const REVIEW_TEXT = 'The speckles are even lovelier in daylight.';
/** The variants as the editor names them, with the SKU the owner gives each. */
const VARIANTS = [
  ['Sand / Small', 'VASE-SAND-S'],
  ['Sand / Large', 'VASE-SAND-L'],
  ['Ink / Small', 'VASE-INK-S'],
  ['Ink / Large', 'VASE-INK-L'],
] as const;

/**
 * The demo shop, copied, as this owner set it up before: restock notices sent by themselves, the
 * restock form without a captcha (the visitor needs no proof of work), review requests mailed at once.
 */
async function demoCopy(): Promise<string> {
  return demoSiteCopy('catalogue-story', (site) => {
    site.store.merchandising = {
      ...site.store.merchandising,
      restockAutoSend: true,
      restockNotificationsCaptchaEnabled: false,
      reviewsEnabled: true,
      reviewRequestDelayHours: 0,
    };
  });
}

/** The rows of a CSV text (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) cell += ch;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((c) => c !== ''));
}
const toCsv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n\r]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\n');

describe("the catalogue's story in Chromium: a product from the studio to a sale, a restock, a price import and an approved review", () => {
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

  /** The owner's session, signed in once and kept for every later step. */
  let session: BrowserContextOptions['storageState'];

  async function owner(page: string, options: BrowserContextOptions = DESKTOP): Promise<Page> {
    if (session) {
      const p = await ui.open({ ...options, storageState: session });
      await p.goto(`${ui.server.url}${page}`);
      return p;
    }
    const p = await ui.open(options);
    await p.goto(`${ui.server.url}${page}`);
    await p.waitForURL(/\/config\/login\?next=/);
    await p.getByLabel('Email').fill(STAFF.owner.email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.keyboard.press('Enter');
    await p.waitForURL((url) => url.pathname === page);
    session = await p.context().storageState();
    return p;
  }

  async function expectAxeClean(p: Page, where: string) {
    expect(await seriousViolations(p), where).toEqual([]);
  }

  const mailTo = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
    const until = Date.now() + 30_000;
    for (;;) {
      const mail = smtp.messages.find((m) => m.to.includes(address) && subject.test(m.subject));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}; got ${smtp.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** What the shop serves a visitor without a session (so its page cache may answer): the product's variants. */
  async function shopVariants(): Promise<Record<string, { price: number; qtyInStock: number }>> {
    const res = await fetch(`${ui.server.url}/shop/${SLUG}?format=json`);
    const json = (await res.json()) as { item: { structuredContent: { variants: { sku: string; priceMoney: { value: string }; qtyInStock: number }[] } } };
    return Object.fromEntries(json.item.structuredContent.variants.map((v) => [v.sku, { price: Number(v.priceMoney.value), qtyInStock: v.qtyInStock }]));
  }

  /** The product's page and its card in the shop's list, as a visitor sees them. */
  async function visitor(options: BrowserContextOptions = DESKTOP): Promise<Page> {
    const context = await ui.browser.newContext(options);
    const p = await context.newPage();
    p.on('pageerror', (e) => ui.pageErrors.push(`${p.url()}: ${e.message}`));
    return p;
  }

  /** The price a visitor reads on the product's card in the shop's list and on its page. */
  async function shownPrices(): Promise<{ card: string; page: string }> {
    const v = await visitor();
    try {
      await v.goto(`${ui.server.url}/shop`);
      const card = await v.locator('.product-card').filter({ hasText: TITLE }).locator('.product-price').innerText();
      await v.goto(`${ui.server.url}/shop/${SLUG}`);
      return { card, page: await v.locator('.product-summary .product-price').innerText() };
    } finally {
      await v.context().close();
    }
  }

  let productPath = '';

  it('1. the owner creates a published physical product with two options (4 variants), prices, a sale price and stock', async () => {
    const p = await owner('/config/products');
    await p.getByRole('table', { name: 'Products' }).waitFor();
    await expectAxeClean(p, 'the products list');
    await p.getByRole('button', { name: 'New product' }).click();
    const dialog = p.getByRole('dialog', { name: 'New product' });
    await dialog.getByLabel('Physical').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await p.waitForURL(/\/config\/products\/new\?collection=shop&type=1/);
    await p.getByLabel('Title', { exact: true }).fill(TITLE);
    expect(await p.getByLabel('URL slug').inputValue()).toBe(SLUG);
    await p.getByLabel('Status').selectOption('published');
    await p.getByLabel('Price of Default', { exact: true }).fill('20');
    await p.getByLabel('Weight in grams of Default', { exact: true }).fill('900');
    // The options from the keyboard: a name, then each value typed and entered.
    await p.getByRole('button', { name: 'Add option' }).click();
    await p.getByLabel('Name').fill('Colour');
    await tabTo(p, /^Add a value$/, 5);
    for (const value of ['Sand', 'Ink']) {
      await p.keyboard.type(value);
      await p.keyboard.press('Enter');
    }
    await p.getByRole('button', { name: 'Add option' }).click();
    await p.getByLabel('Name').nth(1).fill('Size');
    for (const value of ['Small', 'Large']) {
      await p.getByLabel('Add a value').nth(1).fill(value);
      await p.keyboard.press('Enter');
    }
    const rows = p.getByRole('table', { name: 'Variants' }).locator('tbody tr');
    expect(await rows.locator('th').allTextContents()).toEqual(VARIANTS.map(([name]) => name));
    for (const [name, sku] of VARIANTS) await p.getByLabel(`SKU of ${name}`, { exact: true }).fill(sku);
    await p.getByLabel('Price of Sand / Large', { exact: true }).fill('24');
    await p.getByLabel('Price of Ink / Large', { exact: true }).fill('24');
    await p.getByLabel('Sale price of Ink / Small', { exact: true }).fill('15');
    await p.getByLabel('Ink / Small on sale').check();
    await p.getByLabel('Starting stock of Sand / Small', { exact: true }).fill('1');
    for (const name of ['Sand / Large', 'Ink / Small', 'Ink / Large']) await p.getByLabel(`Starting stock of ${name}`, { exact: true }).fill('6');
    await p.getByRole('button', { name: 'Create product' }).click();
    await p.getByText('Product created.').waitFor();
    productPath = new URL(p.url()).pathname;
    expect(productPath).toMatch(/^\/config\/products\/[^/]+$/);
    expect(await rows.locator('.live-count').allTextContents()).toEqual(['1 in stock', '6 in stock', '6 in stock', '6 in stock']);
    await expectAxeClean(p, 'the product editor');

    // The shop has it at once, with the prices given.
    expect(await shopVariants()).toEqual({
      'VASE-SAND-S': { price: 20, qtyInStock: 1 },
      'VASE-SAND-L': { price: 24, qtyInStock: 6 },
      'VASE-INK-S': { price: 20, qtyInStock: 6 },
      'VASE-INK-L': { price: 24, qtyInStock: 6 },
    });
    expect(ui.pageErrors).toEqual([]);
  });

  it('2. the shop lists it with its sale mark and lowest price, and its page offers every variant', async () => {
    for (const [device, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const v = await visitor(options);
      await v.goto(`${ui.server.url}/shop`);
      const card = v.locator('.product-card').filter({ hasText: TITLE });
      await card.waitFor();
      expect(await card.locator('.product-mark').evaluateAll((marks) => marks.map((m) => m.className))).toEqual(['product-mark sale']);
      expect(await card.locator('.product-price').innerText()).toBe('from $15.00');
      await card.getByRole('link', { name: TITLE }).first().click();
      await v.waitForURL(`**/shop/${SLUG}`);
      await v.locator('.add-to-cart-island button').first().waitFor();
      expect(await v.locator('.product-summary .product-mark').evaluateAll((marks) => marks.map((m) => m.className))).toEqual(['product-mark sale']);
      expect(await v.locator('.product-summary .product-price').innerText()).toBe('from $15.00');
      await saveScreenshot(v, `catalogue story shop product ${device}`);
      await v.context().close();
    }
    expect(ui.pageErrors).toEqual([]);
  });

  it('3. a shopper buys the last Sand / Small through the checkout; a visitor signs up to hear when it is back', async () => {
    const s = await ui.open(DESKTOP);
    await s.goto(`${ui.server.url}/shop/${SLUG}`);
    await s.locator('.add-to-cart-island button').first().waitFor();
    await s.getByLabel('Select Colour').selectOption('Sand');
    await s.getByLabel('Select Size').selectOption('Small');
    await s.getByRole('button', { name: 'Add to Cart' }).click();
    await s.getByRole('link', { name: 'View Cart' }).click();
    await s.waitForURL('**/cart');
    await s.getByRole('link', { name: 'Check out' }).click();
    await s.waitForURL('**/checkout');
    await fillCheckout(s, BUYER, { ships: true, card: '4242 4242 4242 4242' });
    await s.getByRole('status').filter({ hasText: 'Estimate updated.' }).waitFor();
    await s.getByRole('button', { name: 'Place order' }).click();
    await s.waitForURL(/\/checkout\/order-confirmed\?token=/);
    await s.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(await s.locator('main').innerText()).toContain(TITLE);
    expect((await shopVariants())['VASE-SAND-S']!.qtyInStock).toBe(0);

    // The sold-out state: the variant chosen, the page offers the restock notice instead of a sale.
    for (const [device, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const v = await visitor(options);
      await v.goto(`${ui.server.url}/shop/${SLUG}`);
      await v.locator('.add-to-cart-island button').first().waitFor();
      await v.getByLabel('Select Colour').selectOption('Sand');
      await v.getByLabel('Select Size').selectOption('Small');
      const form = v.locator('.product-restock-notification:not([hidden])');
      await form.getByRole('textbox', { name: 'Email Address' }).waitFor();
      expect(await form.locator('.product-restock-cta').textContent()).toBe('Get notified when this item is back in stock.');
      // Its sale mark stays: the other variants sell on.
      expect(await v.locator('.product-summary .product-mark').evaluateAll((marks) => marks.map((m) => m.className))).toEqual(['product-mark sale']);
      if (device === 'desktop') {
        await form.getByRole('textbox', { name: 'Email Address' }).fill(FAN);
        await form.getByRole('button', { name: 'Sign Up' }).click();
        await expect.poll(() => form.getByRole('status').textContent()).toBe('Signed up!');
      }
      await saveScreenshot(v, `catalogue story sold out variant ${device}`);
      await v.context().close();
    }
    expect(smtp.messages.filter((m) => m.to.includes(FAN))).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('4. the owner sees the variant sold out, adds 5 with the Adjust dialog, and the waiting visitor is mailed', async () => {
    const p = await owner(`/config/products?q=${SLUG}`);
    const listed = p.getByRole('row', { name: new RegExp(TITLE) });
    await listed.waitFor();
    // A variant sold out among others in stock makes its product low (owner-api.md, stockState), and the list says so.
    expect(await listed.getByRole('cell').nth(3).innerText()).toBe('Low on some variants: 18 in all');
    await expectAxeClean(p, 'the products list, searched');
    await p.getByRole('link', { name: TITLE }).click();
    await p.waitForURL(`**${productPath}`);
    const rows = p.getByRole('table', { name: 'Variants' }).locator('tbody tr');
    await expect.poll(() => rows.locator('.live-count').allTextContents()).toEqual(['0 in stock', '6 in stock', '6 in stock', '6 in stock']);

    await p.goto(`${ui.server.url}/config/inventory?q=VASE-SAND-S`);
    const row = p.getByRole('row', { name: new RegExp(`${TITLE}.*Colour: Sand, Size: Small`) });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('0Sold out');
    // One visitor waits for it.
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('1');
    await expectAxeClean(p, 'the inventory page');
    await saveScreenshot(p, 'catalogue story inventory sold out desktop');
    await p.setViewportSize(PHONE.viewport);
    await saveScreenshot(p, 'catalogue story inventory sold out phone');
    await p.setViewportSize(DESKTOP.viewport);

    await row.getByRole('button', { name: /^Adjust stock of / }).click();
    const dialog = p.getByRole('dialog', { name: `Adjust stock: ${TITLE}` });
    await dialog.waitFor();
    expect(await dialog.getByText('In stock now: 0.').count()).toBe(1);
    await p.keyboard.type('5');
    await expect.poll(() => dialog.getByText('Stock after: 5 (now 0).').count()).toBe(1);
    await expectAxeClean(p, 'the Adjust dialog');
    await p.keyboard.press('Enter');
    await expect
      .poll(() => p.locator('.inventory-notice').textContent())
      .toBe(`${TITLE} (Colour: Sand, Size: Small): Received, stock now 5. 1 restock notice sent.`);
    expect(await dialog.count()).toBe(0);
    // Above the threshold of 3: in stock, no badge; the one who waited has been sent the notice.
    expect(await row.getByRole('cell').first().textContent()).toBe('5');
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('0');

    const mail = await mailTo(FAN, /^Back in stock:/);
    expect(mail.subject).toBe(`Back in stock: ${TITLE}`);
    expect(mail.text).toContain(`${TITLE} (Colour: Sand, Size: Small) is back in stock`);
    expect(mail.text).toContain(`/shop/${SLUG}`);
    expect((await shopVariants())['VASE-SAND-S']!.qtyInStock).toBe(5);
    expect(ui.pageErrors).toEqual([]);
  });

  it('5. a CSV that changes 3 prices and has 1 bad row is refused by its dry run; fixed, it imports and the shop shows the new prices', async () => {
    const p = await owner('/config/products/import');
    await p.getByLabel('Choose a CSV file').waitFor();
    await expectAxeClean(p, 'the import page');
    const exported = await (await p.request.get(`${ui.server.url}/api/owner/products/export.csv?q=${SLUG}`)).text();
    const [header, ...records] = parseCsv(exported);
    const [sku, price] = [header!.indexOf('SKU'), header!.indexOf('Price')];
    expect(records.map((r) => [r[sku], r[price]])).toEqual([
      ['VASE-SAND-S', '20.00'],
      ['VASE-SAND-L', '24.00'],
      ['VASE-INK-S', '20.00'],
      ['VASE-INK-L', '24.00'],
    ]);
    // Sand / Small goes down to 12.50 (below the sale price: the shop's "from" follows), the Large ones
    // up; Ink / Small's price is mistyped.
    const NEW: Record<string, string> = { 'VASE-SAND-S': '12.50', 'VASE-SAND-L': '26.00', 'VASE-INK-L': '27.00', 'VASE-INK-S': '2O.00' };
    const bad = [header!, ...records.map((r) => r.map((cell, c) => (c === price ? NEW[r[sku]!]! : cell)))];
    await p.getByLabel('Choose a CSV file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(bad)) });
    await p.getByText('Checked prices.csv: 1 row has errors. Nothing was written.').waitFor();
    const shown = p.getByRole('table', { name: /Rows that change or fail/ }).locator('tbody tr');
    const table = await Promise.all((await shown.all()).map(async (r) => [await r.locator('th').innerText(), ...(await r.locator('td').allInnerTexts())]));
    expect(table).toEqual([
      ['4', 'VASE-INK-S', TITLE, 'Error', 'Price: Enter an amount in USD such as 24.00, with at most 2 decimals (got "2O.00").'],
      ['2', 'VASE-SAND-S', TITLE, 'Update', 'Changes: price'],
      ['3', 'VASE-SAND-L', TITLE, 'Update', 'Changes: price'],
      ['5', 'VASE-INK-L', TITLE, 'Update', 'Changes: price'],
    ]);
    expect(await p.locator('.import-count-update dd').innerText()).toBe('3');
    expect(await p.locator('.import-count-error dd').innerText()).toBe('1');
    expect(await p.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await expectAxeClean(p, 'the dry run with a bad row');
    await p.setViewportSize(PHONE.viewport);
    await saveScreenshot(p, 'catalogue story import dry run phone');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.setViewportSize(DESKTOP.viewport);
    // Nothing was written: the shop sells at the old prices.
    expect(Object.fromEntries(Object.entries(await shopVariants()).map(([k, v]) => [k, v.price]))).toEqual({
      'VASE-SAND-S': 20,
      'VASE-SAND-L': 24,
      'VASE-INK-S': 20,
      'VASE-INK-L': 24,
    });
    expect(await shownPrices()).toEqual({ card: 'from $15.00', page: 'from $15.00' });

    // The owner fixes the typo (the price it had) and checks again: clean, Import writes the 3 prices.
    const fixed = bad.map((r) => r.map((cell) => (cell === '2O.00' ? '20.00' : cell)));
    await p.getByLabel('Choose a CSV file').setInputFiles({ name: 'prices-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(fixed)) });
    await p.getByText('Checked prices-fixed.csv: ready to import. Nothing is written until you choose Import.').waitFor();
    expect(await p.locator('.import-count-unchanged dd').innerText()).toBe('1');
    await p.getByRole('button', { name: 'Import' }).click();
    await p.getByText('Imported prices-fixed.csv: 0 created, 3 updated.').waitFor();
    await expectAxeClean(p, 'the import done');
    await saveScreenshot(p, 'catalogue story import done desktop');

    expect(Object.fromEntries(Object.entries(await shopVariants()).map(([k, v]) => [k, v.price]))).toEqual({
      'VASE-SAND-S': 12.5,
      'VASE-SAND-L': 26,
      'VASE-INK-S': 20,
      'VASE-INK-L': 27,
    });
    expect(await shownPrices()).toEqual({ card: 'from $12.50', page: 'from $12.50' });
    expect(ui.pageErrors).toEqual([]);
  });

  it('6. with reviews waiting for approval, the buyer’s review is not shown until the owner approves it; then it shows with its count', async () => {
    const p = await owner('/config/reviews');
    const setting = p.getByRole('switch', { name: 'New reviews wait for approval' });
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(false);
    await setting.click();
    await p.getByRole('status').filter({ hasText: 'New reviews now wait for your approval.' }).waitFor();
    await expectAxeClean(p, 'the reviews page');

    // The paid order asked its buyer for a review (due at once: the outbox sends it on its next round).
    const mail = await mailTo(BUYER.email, new RegExp(`^How do you like ${TITLE}\\?$`));
    const link = new URL(/http:\/\/\S+\/commerce\/reviews-request\?token=\S+/.exec(mail.text)![0]);
    const b = await visitor();
    await b.goto(`${ui.server.url}${link.pathname}${link.search}`);
    await b.getByText('Your review is published with your name once the shop approves it.').waitFor();
    await b.locator('#tessera-review-request[data-ready]').waitFor();
    const form = b.locator('form.review-form');
    await form.locator('label', { hasText: '5 stars' }).click();
    await form.getByLabel('Your review').fill(REVIEW_TEXT);
    await form.getByRole('button', { name: 'Publish review' }).click();
    await b.getByRole('status').filter({ hasText: 'Thank you! Your review will be published once the shop approves it.' }).waitFor();
    await b.context().close();

    const productPage = async () => {
      const v = await visitor();
      await v.goto(`${ui.server.url}/shop/${SLUG}`);
      const anchor = v.locator('[data-reviews-anchor]');
      const shown = {
        anchor: (await anchor.count()) > 0 ? ((await anchor.textContent()) ?? '') : '',
        tab: await v.getByRole('tab', { name: /Reviews/ }).innerText(),
        reviews: await v.locator('#reviews').innerText(),
      };
      return { v, shown };
    };
    let { v, shown } = await productPage();
    expect(shown.anchor).toBe('');
    expect(shown.reviews).toContain('No reviews yet.');
    expect(shown.reviews).not.toContain(REVIEW_TEXT);
    await v.context().close();

    await p.goto(`${ui.server.url}/config/reviews?status=pending`);
    await p.getByText(REVIEW_TEXT).waitFor();
    expect(await p.getByText(TITLE).count()).toBeGreaterThan(0);
    await expectAxeClean(p, 'the reviews waiting');
    await p.getByRole('button', { name: 'Approve the review by Ada L.' }).click();
    await p.getByRole('status').filter({ hasText: 'Approved the review by Ada L.' }).waitFor();
    await p.getByText('No reviews are waiting').waitFor();

    ({ v, shown } = await productPage());
    expect(shown.anchor).toContain('(1 review)');
    expect(shown.tab).toMatch(/Reviews\s*1/);
    expect(shown.reviews).toContain(REVIEW_TEXT);
    expect(shown.reviews).toContain('Ada L.');
    await v.locator('[data-reviews-anchor]').click();
    await v.getByRole('tabpanel', { name: /Reviews/ }).waitFor();
    await saveScreenshot(v, 'catalogue story approved review desktop');
    await v.setViewportSize(PHONE.viewport);
    await v.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(v, 'catalogue story approved review phone');
    await v.context().close();
    expect(ui.pageErrors).toEqual([]);
    expect(ui.server.serverErrors()).toEqual([]);
  }, 60_000);
});
