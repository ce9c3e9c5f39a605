// Express checkout in Chromium: the demo shop with `store.expressCheckout` on (a copy of the
// site directory), so every button says Purchase and goes straight to the checkout; an item with
// an additional-fields form takes its answers along; the cart is never touched.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite, REPO, startServer } from './harness.js';
import { ADA, fillCheckout } from './shopper.js';

describe('express checkout', () => {
  let siteDir: string;
  const ui = browserSuite(
    async () => {
      siteDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-express-site-'));
      await fsp.cp(path.join(REPO, 'sites', 'demo'), siteDir, { recursive: true });
      const file = path.join(siteDir, 'site.json');
      const site = JSON.parse(fs.readFileSync(file, 'utf8'));
      site.store.expressCheckout = true;
      fs.writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`);
      return startServer({ siteDir, themesDir: path.join(REPO, 'themes') });
    },
    { cleanUp: () => fsp.rm(siteDir, { recursive: true, force: true }) },
  );

  it('buys a product with variants at once: Purchase, the checkout of that item, the order; the cart stays empty', async () => {
    await ui.page.goto(`${ui.server.url}/shop/stoneware-mug`);
    await ui.page.locator('.add-to-cart-island button').waitFor();
    await ui.page.getByRole('button', { name: 'Purchase' }).click();
    await ui.page.getByRole('alertdialog', { name: 'Unable to Purchase Item' }).filter({ hasText: 'Please select the Colour and Size options.' }).waitFor();
    await ui.page.keyboard.press('Escape');
    await ui.page.getByLabel('Select Colour').selectOption('Charcoal');
    await ui.page.getByLabel('Select Size').selectOption('12 oz');
    await ui.page.getByLabel('Quantity').fill('2');
    await ui.page.getByRole('button', { name: 'Purchase' }).click();
    await ui.page.waitForURL(/\/checkout\?itemId=.+&sku=MUG-CHR-12&quantity=2/);
    const summary = ui.page.getByRole('complementary');
    await summary.getByText('Stoneware Mug').waitFor();
    await expect(summary.innerText()).resolves.toContain('Colour: Charcoal, Size: 12 oz');
    await fillCheckout(ui.page, ADA, { ships: true });
    await expect.poll(() => summary.getByText('Total', { exact: true }).locator('xpath=..').innerText()).toContain('$70.00');
    const [request] = await Promise.all([
      ui.page.waitForRequest((r) => r.url().endsWith('/api/commerce/checkout')),
      ui.page.getByRole('button', { name: 'Place order' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ expressCheckout: { sku: 'MUG-CHR-12', quantity: 2 }, shippingOptionId: 'standard' });
    await ui.page.waitForURL(/\/checkout\/order-confirmed\?token=/);
    await expect(ui.page.locator('main').innerText()).resolves.toContain('Stoneware Mug');
    const cart = await (await ui.page.request.get(`${ui.server.url}/api/commerce/shopping-cart`)).json();
    expect(cart.totalQuantity).toBe(0);
  });

  it('takes the answers of an item’s form to the checkout, and sends the same Idempotency-Key again when an answer is lost', async () => {
    const stock = async () =>
      (await (await ui.page.request.get(`${ui.server.url}/shop/walnut-scoop?format=json`)).json()).item.structuredContent.variants[0].qtyInStock as number;
    const before = await stock();
    await ui.page.goto(`${ui.server.url}/shop/walnut-scoop`);
    await ui.page.locator('.add-to-cart-island button').waitFor();
    await ui.page.getByRole('button', { name: 'Personalize and Add' }).click();
    const form = ui.page.getByRole('dialog', { name: 'Engraving' });
    await form.getByLabel(/Engraving text/).fill('EXPRESS');
    await form.getByLabel('Serif capitals').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await ui.page.waitForURL(/\/checkout\?itemId=/);
    await ui.page.getByRole('complementary').getByText('Engraved Walnut Scoop').waitFor();
    await fillCheckout(ui.page, ADA, { ships: true, card: '4242 4242 4242 4242' });
    // The first answer is lost on its way back: the order exists, the page does not know.
    const keys: string[] = [];
    let first = true;
    await ui.page.route('**/api/commerce/checkout', async (route) => {
      keys.push(route.request().headers()['idempotency-key']!);
      const response = await route.fetch();
      if (first) {
        first = false;
        await route.abort('connectionreset');
      } else await route.fulfill({ response });
    });
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    await ui.page.getByRole('alert').filter({ hasText: 'Please check your internet connection.' }).waitFor();
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    await ui.page.waitForURL(/\/checkout\/order-confirmed\?token=/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const text = await ui.page.locator('main').innerText();
    expect(text).toContain('Engraved Walnut Scoop');
    // One order was placed, not two: one scoop left the stock.
    expect(await stock()).toBe(before - 1);
  });
});
