// The owner's inventory page in Chromium, against the built server, a copy of the demo shop and a real
// SMTP server: a visitor waits for the sold-out Black kettle; the owner, from the keyboard alone,
// turns on the restock notices sent by themselves, adds 3 kettles with the Adjust dialog (which shows
// the stock it will leave), and the visitor's "Back in stock" mail arrives; the kettle's history shows
// the change and who made it; the low-stock filter lists only low variants. The page fits a phone
// (390 px) and a desktop (1280 px) with no serious accessibility violation; screenshots go to test-results/.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, saveScreenshot, startServer, demoSiteCopy } from './harness.js';
import { seriousViolations, tabTo } from './shopper.js';

const run = promisify(execFile);
const CLI = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');
const OWNER = { email: 'owner@inventory.test', password: 'a long e2e owner password' };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const KETTLE = 'Adjust stock of Gooseneck Enamel Kettle, Colour: Black';

/** The demo shop, copied, with restock signups that need no captcha (the visitor signs up through the API). */
async function demoCopy(): Promise<string> {
  return demoSiteCopy('inventory-site', (site) => {
    site.store.merchandising = { ...site.store.merchandising, restockNotificationsCaptchaEnabled: false };
  });
}

describe("the owner's inventory page in Chromium", () => {
  let smtp: TestSmtp;
  let siteDir: string;
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

  async function signIn(options: object): Promise<Page> {
    const p = await ui.open(options);
    await p.goto(`${ui.server.url}/config/inventory`);
    await p.waitForURL(/\/config\/login\?next=%2Fconfig%2Finventory$/);
    await p.getByLabel('Email').fill(OWNER.email);
    await p.getByLabel('Password').fill(OWNER.password);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/config\/inventory$/);
    await p.getByRole('table').waitFor();
    return p;
  }

  async function noSeriousViolations(p: Page, where: string) {
    expect(await seriousViolations(p), where).toEqual([]);
  }

  it('adds stock to a sold-out variant from the keyboard: the waiting visitor is mailed, the history shows it, low stock filters', async () => {
    const owner = await signIn(DESKTOP);
    const kettle = (await (await owner.request.get(`${ui.server.url}/api/owner/inventory?q=KTL-BLK`)).json()).variants[0];
    expect(kettle).toMatchObject({ sku: 'KTL-BLK', stock: 0, stockState: 'out' });

    // A visitor waits for the Black kettle (the restock form's call).
    const visitor = await (await ui.browser.newContext()).newPage();
    await visitor.goto(`${ui.server.url}/shop/gooseneck-kettle`);
    const crumb = (await visitor.context().cookies()).find((c) => c.name === 'crumb')!.value;
    const signedUp = await visitor.request.post(`${ui.server.url}/api/site-users/account/notifications/restock`, {
      data: { productId: kettle.productId, variantId: kettle.variantId, siteVisitorEmail: 'kettle-fan@example.com', isJoinMailingList: false },
      headers: { 'x-csrf-token': crumb },
    });
    expect(signedUp.status()).toBe(200);
    await visitor.context().close();

    await owner.reload();
    const row = owner.getByRole('row', { name: /Gooseneck Enamel Kettle.*Colour: Black/ });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('0Sold out');
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('1');
    await saveScreenshot(owner, 'inventory list desktop');
    await noSeriousViolations(owner, 'the list');

    // The demo shop sends restock notices by hand: the owner turns the automatic sending on.
    const autoSend = owner.getByRole('checkbox', { name: 'Send restock notices when a variant is back in stock' });
    expect(await autoSend.isChecked()).toBe(false);
    await autoSend.focus();
    await owner.keyboard.press('Space');
    await tabTo(owner, /^Save settings$/);
    await owner.keyboard.press('Enter');
    await expect.poll(() => owner.getByText('Settings saved.').count()).toBe(1);

    // Adjust, from the keyboard alone: the dialog shows the stock the change leaves before it is saved.
    await owner.getByRole('searchbox', { name: 'Search variants' }).focus();
    await tabTo(owner, new RegExp(`^${KETTLE}$`));
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: 'Adjust stock: Gooseneck Enamel Kettle' });
    await dialog.waitFor();
    expect(await dialog.getByText('In stock now: 0.').count()).toBe(1);
    await owner.keyboard.type('3');
    await expect.poll(() => dialog.getByText('Stock after: 3 (now 0).').count()).toBe(1);
    await tabTo(owner, /^Note \(optional\)$/, 5);
    await owner.keyboard.type('Delivery from the enamel works');
    await saveScreenshot(owner, 'inventory adjust dialog desktop');
    await noSeriousViolations(owner, 'the Adjust dialog');
    await owner.keyboard.press('Enter');
    await expect
      .poll(() => owner.locator('.inventory-notice').textContent())
      .toBe('Gooseneck Enamel Kettle (Colour: Black): Received, stock now 3. 1 restock notice sent.');
    expect(await dialog.count()).toBe(0);

    // The waiting visitor's mail arrives.
    const until = Date.now() + 15_000;
    while (!smtp.messages.some((m) => m.to.includes('kettle-fan@example.com'))) {
      if (Date.now() > until) throw new Error(`no restock mail; got ${smtp.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const mail = smtp.messages.find((m) => m.to.includes('kettle-fan@example.com'))!;
    expect(mail.subject).toBe('Back in stock: Gooseneck Enamel Kettle');
    expect(mail.text).toContain('Gooseneck Enamel Kettle (Colour: Black) is back in stock');

    // Its history: the change, who made it, the note.
    await row.getByRole('button', { name: /^Stock history of Gooseneck Enamel Kettle/ }).click();
    const history = owner.getByRole('dialog', { name: 'Stock history: Gooseneck Enamel Kettle' });
    const first = history.getByRole('listitem').first();
    await first.waitFor();
    expect(await first.textContent()).toContain(`+3Received · stock 3 · ${OWNER.email}Delivery from the enamel works`);
    await saveScreenshot(owner, 'inventory history dialog desktop');
    await noSeriousViolations(owner, 'the history');
    await owner.keyboard.press('Escape');
    expect(await history.count()).toBe(0);

    // Low stock: the filter is kept in the address and lists low variants only (the kettle, 3, is low now).
    await owner.getByRole('combobox', { name: 'Stock' }).selectOption('low');
    await owner.waitForURL(/\/config\/inventory\?stock=low$/);
    await expect.poll(() => owner.getByRole('row', { name: /Gooseneck Enamel Kettle.*Colour: Black/ }).count()).toBe(1);
    // The kettle is on the whole list too: wait for the filtered list itself, every badge low.
    const states = () => owner.locator('.inventory-table tbody .stock-badge').allTextContents();
    await expect.poll(async () => [...new Set(await states())]).toEqual(['Low']);
    await saveScreenshot(owner, 'inventory low stock desktop');

    // A phone: cards, the same actions.
    await owner.setViewportSize(PHONE.viewport);
    await saveScreenshot(owner, 'inventory low stock phone');
    await noSeriousViolations(owner, 'the list on a phone');
    const width = await owner.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await owner.getByRole('button', { name: KETTLE }).click();
    await owner.getByRole('dialog').waitFor();
    await saveScreenshot(owner, 'inventory adjust dialog phone');
    expect(ui.pageErrors).toEqual([]);
    expect(ui.server.serverErrors()).toEqual([]);
  }, 180_000);
});
