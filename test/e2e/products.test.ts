// The owner's product pages in Chromium, against the built server and the demo shop: a store manager
// creates a physical product with two options (4 variants), prices, a sale price and stock; the shop
// shows it with its sale mark; an edit saves, and a second save from a page opened before it gets
// the conflict message; the product is duplicated and the copy deleted (after confirming); the
// collection's hand order moves from the keyboard; the import page's dry run shows a bad row and
// keeps Import off. The list, the editor and the import page fit a phone (390 px) and a desktop
// (1280 px) with no serious accessibility violation; screenshots go to test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSite, saveScreenshot, signInToStudio, studioSuite } from './harness.js';
import { seriousViolations, tabTo } from './shopper.js';

const site = e2eSite();
const PASSWORD = 'a long e2e staff password';
const STAFF = { shop: { email: 'shop@products.test', role: 'store-manager' } } as const;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe.runIf(site.name === 'demo')("the owner's product pages in Chromium", () => {
  /** The rows of a CSV text (quoted cells may hold commas, quotes and line breaks). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    const endCell = () => {
      row.push(cell);
      cell = '';
    };
    const endRow = () => {
      endCell();
      rows.push(row);
      row = [];
    };
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted && ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (quoted) cell += ch;
      else if (ch === ',') endCell();
      else if (ch === '\n') endRow();
      else if (ch !== '\r') cell += ch;
    }
    if (cell || row.length) endRow();
    return rows.filter((r) => r.some((c) => c !== ''));
  }
  const csvCell = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

  const ui = studioSuite(STAFF, PASSWORD);

  const signIn = (page: string, options: object = DESKTOP): Promise<Page> => signInToStudio(ui, { email: STAFF.shop.email, password: PASSWORD }, page, options);

  /** A second page in the same signed-in browser. */
  async function another(p: Page, path: string): Promise<Page> {
    const second = await p.context().newPage();
    second.on('pageerror', (e) => ui.pageErrors.push(`${second.url()}: ${e.message}`));
    await second.goto(`${ui.server.url}${path}`);
    return second;
  }

  async function expectAxeClean(p: Page) {
    expect(await seriousViolations(p)).toEqual([]);
  }

  let productPath = '';

  it('creates a physical product with two options (4 variants), prices, a sale price and stock, and the shop shows its sale mark', async () => {
    const p = await signIn('/config/products');
    await p.getByRole('table', { name: 'Products' }).waitFor();
    await saveScreenshot(p, 'products list desktop');
    await expectAxeClean(p);
    // New product, from the keyboard: the collection and the type first.
    await tabTo(p, /^New product$/);
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog', { name: 'New product' });
    expect(await dialog.getByLabel('Collection').inputValue()).toBe('shop');
    await dialog.getByLabel('Physical').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await p.waitForURL(/\/config\/products\/new\?collection=shop&type=1/);
    await p.getByLabel('Title', { exact: true }).fill('Speckled Mug');
    expect(await p.getByLabel('URL slug').inputValue()).toBe('speckled-mug');
    await p.getByLabel('Status').selectOption('published');
    await p.getByLabel('SKU of Default', { exact: true }).fill('SPK');
    await p.getByLabel('Price of Default', { exact: true }).fill('20');
    await p.getByLabel('Weight in grams of Default', { exact: true }).fill('400');
    await p.getByRole('button', { name: 'Add option' }).click();
    await p.getByLabel('Name').fill('Colour');
    for (const value of ['Sand', 'Ink']) {
      await p.getByLabel('Add a value').fill(value);
      await p.keyboard.press('Enter');
    }
    await p.getByRole('button', { name: 'Add option' }).click();
    await p.getByLabel('Name').nth(1).fill('Size');
    for (const value of ['Small', 'Large']) {
      await p.getByLabel('Add a value').nth(1).fill(value);
      await p.keyboard.press('Enter');
    }
    const rows = p.getByRole('table', { name: 'Variants' }).locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.locator('th').allTextContents()).toEqual(['Sand / Small', 'Sand / Large', 'Ink / Small', 'Ink / Large']);
    await p.getByLabel('Price of Sand / Large', { exact: true }).fill('24');
    await p.getByLabel('Price of Ink / Large', { exact: true }).fill('24');
    await p.getByLabel('Sale price of Ink / Small', { exact: true }).fill('15');
    await p.getByLabel('Ink / Small on sale').check();
    await p.getByLabel('Starting stock of Sand / Small', { exact: true }).fill('1');
    for (const v of ['Sand / Large', 'Ink / Small', 'Ink / Large']) await p.getByLabel(`Starting stock of ${v}`, { exact: true }).fill('6');
    await p.getByLabel('Parcel length').fill('12');
    await p.getByLabel('Parcel width').fill('10');
    await p.getByLabel('Parcel height').fill('11');
    await p.getByLabel('Add a tag').fill('speckled');
    await p.keyboard.press('Enter');
    await p.getByRole('button', { name: 'Create product' }).click();
    await p.getByText('Product created.').waitFor();
    productPath = new URL(p.url()).pathname;
    // The saved product, as the server answers it, keeps the parcel's size.
    expect(await p.getByLabel('Parcel length').inputValue()).toBe('12');
    expect(productPath).toMatch(/^\/config\/products\/[^/]+$/);
    expect(await rows.locator('.live-count').allTextContents()).toEqual(['1 in stock', '6 in stock', '6 in stock', '6 in stock']);
    await saveScreenshot(p, 'product editor desktop');
    await expectAxeClean(p);

    const shop = await another(p, '/shop/speckled-mug');
    await shop.locator('.product-mark.sale').first().waitFor();
    expect(await shop.title()).toContain('Speckled Mug');
    await shop.goto(`${ui.server.url}/shop`);
    const card = shop.locator('article, li, .product-card').filter({ hasText: 'Speckled Mug' }).first();
    await card.locator('.product-mark.sale').waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it('creates a gift card from its amounts and a digital product with its file', async () => {
    const p = await signIn('/config/products/new?collection=shop&type=4');
    await p.getByLabel('Title', { exact: true }).fill('Studio Gift Card');
    for (const amount of ['20', '40']) {
      await p.getByLabel('Add an amount (USD)').fill(amount);
      await p.keyboard.press('Enter');
    }
    await p.getByLabel('SKU of $20.00', { exact: true }).fill('SGC-20');
    await p.getByLabel('SKU of $40.00', { exact: true }).fill('SGC-40');
    await p.getByRole('button', { name: 'Create product' }).click();
    await p.getByText('Product created.').waitFor();
    await p.goto(`${ui.server.url}/config/products/new?collection=shop&type=2`);
    await p.getByLabel('Title', { exact: true }).fill('Studio Guide');
    await p.getByLabel('SKU of Default', { exact: true }).fill('SGD');
    await p.getByLabel('Price of Default', { exact: true }).fill('5');
    await p.getByLabel('File buyers download').selectOption('assets/downloads/brew-guide.pdf');
    await p.getByRole('button', { name: 'Create product' }).click();
    await p.getByText('Product created.').waitFor();
    await expectAxeClean(p);
    expect(ui.pageErrors).toEqual([]);
  });

  it('saves an edit; a save from a page opened before it gets the conflict message and can reload', async () => {
    const p = await signIn(productPath);
    const stale = await another(p, productPath);
    await stale.getByLabel('Title', { exact: true }).waitFor();
    await p.getByLabel('Title', { exact: true }).fill('Speckled Mug, glazed');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Saved.').waitFor();
    await stale.getByLabel('SEO title').fill('A mug with freckles');
    await stale.getByRole('button', { name: 'Save' }).click();
    await stale.getByText(/Someone else saved this product since you opened it/).waitFor();
    await stale.getByRole('button', { name: 'Reload the product' }).click();
    await stale.waitForFunction(() => (document.querySelector('#f-item-title') as HTMLInputElement | null)?.value === 'Speckled Mug, glazed');
    // A field the server refuses comes back beside its field, with the focus on it.
    await p.getByLabel('URL slug').fill('Not A Slug');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Not saved: one field needs attention.').waitFor();
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('f-item-urlId');
    await p.getByLabel('URL slug').fill('speckled-mug');
    expect(ui.pageErrors).toEqual([]);
  });

  it('duplicates the product as a draft and deletes the copy after confirming', async () => {
    const p = await signIn(productPath);
    await p.getByRole('button', { name: 'Duplicate' }).click();
    await p.waitForURL((url) => url.pathname !== productPath && url.pathname.startsWith('/config/products/'));
    await p.getByRole('heading', { name: 'Speckled Mug, glazed (copy)' }).waitFor();
    expect(await p.getByLabel('Status').inputValue()).toBe('draft');
    expect(await p.getByLabel('SKU of Sand / Small', { exact: true }).inputValue()).toBe('SPK-copy');
    await p.getByRole('button', { name: 'Delete' }).click();
    const dialog = p.getByRole('dialog', { name: 'Delete this product?' });
    // The focus starts on Cancel: Enter alone deletes nothing.
    await p.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await p.getByRole('button', { name: 'Delete' }).click();
    await p.getByRole('button', { name: 'Delete product' }).click();
    await p.waitForURL((url) => url.pathname === '/config/products');
    await p.getByRole('table', { name: 'Products' }).waitFor();
    expect(await p.getByRole('link', { name: 'Speckled Mug, glazed (copy)' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Speckled Mug, glazed' }).count()).toBe(1);
  });

  it("moves a product in the collection's hand order from the keyboard", async () => {
    const p = await signIn('/config/products?collection=shop');
    const table = p.getByRole('table', { name: 'Products in their order by hand' });
    await table.waitFor();
    const titles = () => table.locator('tbody .product-name a').allTextContents();
    const before = await titles();
    await tabTo(p, new RegExp(`^Move down ${before[0]}$`));
    await p.keyboard.press('Enter');
    await p.getByText(`Moved ${before[0]} to place 2 of ${before.length}. The order is saved.`).waitFor();
    expect((await titles()).slice(0, 2)).toEqual([before[1], before[0]]);
    // dnd-kit's keyboard sensor: Space picks the handle's row up, an arrow moves it, Space drops it.
    await p.getByRole('button', { name: `Drag ${before[0]}` }).focus();
    // dnd-kit measures the rows when the drag starts and moves by their places: each key waits for that.
    await p.keyboard.press('Space');
    await p.waitForTimeout(300);
    await p.keyboard.press('ArrowUp');
    await p.waitForTimeout(300);
    await p.keyboard.press('Space');
    await p.getByText(`Moved ${before[0]} to place 1 of ${before.length}. The order is saved.`).waitFor();
    expect(await titles()).toEqual(before);
    await expectAxeClean(p);
  });

  it("shows the import's dry run with one bad row and keeps Import off; pages fit a phone", async () => {
    const p = await signIn('/config/products/import');
    await saveScreenshot(p, 'products import desktop');
    const exported = await (await p.request.get(`${ui.server.url}/api/owner/products/export.csv?collection=shop`)).text();
    const [header, ...records] = parseCsv(exported);
    const price = header!.indexOf('Price');
    const ours = records.filter((r) => r[0]!.startsWith('SPK'));
    expect(ours).toHaveLength(4);
    // Three prices change and one row is bad: a price that is no amount.
    const changed = ours.map((r, i) => r.map((cell, c) => (c === price ? (i < 3 ? '31.00' : 'lots') : cell)));
    const file = [header!, ...changed].map((r) => r.map(csvCell).join(',')).join('\n');
    await p.getByLabel('Choose a CSV file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await p.getByText(/Checked prices\.csv: 1 row has errors\. Nothing was written\./).waitFor();
    const rows = p.getByRole('table', { name: /Rows that change or fail/ }).locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.first().locator('th').textContent()).toBe('5');
    expect(await rows.first().textContent()).toMatch(/Error.*Price/);
    expect(await p.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    expect(await rows.nth(1).textContent()).toMatch(/Update.*price/i);
    await saveScreenshot(p, 'products import dry run desktop');
    await expectAxeClean(p);
    // Nothing was written: the prices are those of before.
    const again = await (await p.request.get(`${ui.server.url}/api/owner/products/export.csv?collection=shop`)).text();
    expect(again).toBe(exported);
    // The row fixed, the check is clean and Import writes the four prices.
    const fixed = [header!, ...changed.map((r) => r.map((cell, c) => (c === price ? '31.00' : cell)))].map((r) => r.map(csvCell).join(',')).join('\n');
    await p.getByLabel('Choose a CSV file').setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await p.getByText('Checked fixed.csv: ready to import. Nothing is written until you choose Import.').waitFor();
    await p.getByRole('button', { name: 'Import' }).click();
    await p.getByText('Imported fixed.csv: 0 created, 4 updated.').waitFor();
    const after = parseCsv(await (await p.request.get(`${ui.server.url}/api/owner/products/export.csv?collection=shop`)).text());
    expect(after.filter((r) => r[0]!.startsWith('SPK')).map((r) => r[price])).toEqual(['31.00', '31.00', '31.00', '31.00']);

    for (const [path, name] of [
      ['/config/products', 'products list phone'],
      [productPath, 'product editor phone'],
      ['/config/products/import', 'products import phone'],
    ] as const) {
      const phone = await signIn(path, PHONE);
      await phone.locator('main').waitFor();
      await phone.waitForLoadState('networkidle');
      await saveScreenshot(phone, name);
      await expectAxeClean(phone);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    expect(ui.pageErrors).toEqual([]);
  });
});
