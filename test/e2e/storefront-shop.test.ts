// A shopper in Chromium against the built server and the demo shop: every kind of
// product bought with the mouse, one with the keyboard alone, the button's states timed with the
// page's clock, each error message for its cause, axe-core on the product, cart and checkout
// pages, screenshots on a phone and a desktop, and the page weight budgets.
import { describe, expect, it } from 'vitest';
import { browserSuite, REPO, saveScreenshot, startServer } from './harness.js';
import { ADA, fillCheckout, recordText, recordedText, seriousViolations, tabTo } from './shopper.js';
import { BUDGETS, formatTable, markerlessPage, scriptsLoaded } from '../../scripts/page-weight.mjs';
import path from 'node:path';

const DEMO = { siteDir: path.join(REPO, 'sites', 'demo'), themesDir: path.join(REPO, 'themes') };

describe('a shopper in the demo shop', () => {
  const ui = browserSuite(() => startServer(DEMO), { context: { viewport: { width: 1280, height: 900 } } });

  const open = async (path: string) => {
    await ui.page.goto(ui.server.url + path);
    if (path.startsWith('/shop/')) await ui.page.locator('.add-to-cart-island button').first().waitFor();
  };
  const addButton = () => ui.page.locator('.add-to-cart-island button').first();
  const dialog = (name: string) => ui.page.getByRole('alertdialog', { name });
  // A subscription's order is confirmed on its own page (subscription confirmed, 206).
  const confirmed = async (page: 'order' | 'subscription' = 'order') => {
    await ui.page.waitForURL(page === 'order' ? /\/checkout\/order-confirmed\?token=/ : /\/checkout\/subscription-confirmed\?token=/);
    await ui.page.getByRole('heading', { name: page === 'order' ? 'Thank you for your order' : 'Your subscription has started' }).waitFor();
    return ui.page.locator('main').innerText();
  };

  it('buys a product with variants: Adding… at 0 s, Added! at 1 s, idle at 3 s; every indicator agrees; the order is confirmed', async () => {
    // The commerce events the islands publish reach the analytics forwarder.
    const tracked: string[] = [];
    ui.page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/clanker/events')) tracked.push((r.postDataJSON() as { eventSchemaName: string }).eventSchemaName);
    });
    await open('/shop/stoneware-mug');
    await ui.page.getByLabel('Select Colour').selectOption('Sand');
    await ui.page.getByLabel('Select Size').selectOption('8 oz');
    // The variant's picture is the one shown.
    expect(await ui.page.locator('.product-gallery__item').first().getAttribute('data-image-url')).toMatch(/mug-sand\.svg/);
    await ui.page.getByLabel('Quantity').fill('2');
    await recordText(ui.page, '.add-to-cart-island button');
    await addButton().click();
    await ui.page.getByRole('button', { name: 'Add to Cart' }).waitFor({ timeout: 5000 });
    const log = await recordedText(ui.page);
    const at = (text: string) => log.find((e) => e.text === text)?.t;
    expect(at('Adding…')).toBeLessThan(150);
    expect(at('Added!')).toBeGreaterThanOrEqual(950);
    expect(at('Added!')).toBeLessThan(1250);
    expect(log.at(-1)!.text).toBe('Add to Cart');
    expect(log.at(-1)!.t - at('Added!')!).toBeGreaterThanOrEqual(1950);
    expect(log.at(-1)!.t).toBeLessThan(3300);
    await expect(ui.page.locator('#tessera-pill-cart').textContent()).resolves.toBe('2 items');
    await expect(ui.page.locator('[data-cart-indicator] .sqs-cart-quantity').innerText()).resolves.toBe('2');
    await expect(ui.page.locator('[data-cart-indicator] .cart-subtotal').innerText()).resolves.toBe('$56.00');

    await ui.page.getByRole('link', { name: 'View Cart' }).click();
    await ui.page.waitForURL('**/cart');
    await expect.poll(() => tracked).toEqual(expect.arrayContaining(['visit_product_page', 'add_to_cart', 'view_cart']));
    await ui.page.getByRole('button', { name: 'One more Stoneware Mug' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Stoneware Mug: quantity 3. Subtotal $84.00.' }).waitFor();
    await expect(ui.page.locator('[data-cart-indicator] .sqs-cart-quantity').innerText()).resolves.toBe('3');
    // The pill stays off the cart page, whose own buttons it would cover.
    expect(await ui.page.locator('#tessera-pill-cart a').count()).toBe(0);

    await ui.page.getByRole('link', { name: 'Check out' }).click();
    await ui.page.waitForURL('**/checkout');
    await fillCheckout(ui.page, ADA, { ships: true });
    await ui.page.getByRole('status').filter({ hasText: 'Estimate updated.' }).waitFor();
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    const text = await confirmed();
    expect(text).toContain('Stoneware Mug');
    expect(text).toMatch(/Your order #\d+ is confirmed/);
    expect(ui.pageErrors).toEqual([]);
  });

  it('buys a product with an additional-fields form, edits the answers in the cart, and pays by card', async () => {
    await open('/shop/walnut-scoop');
    await ui.page.getByRole('button', { name: 'Personalize and Add' }).click();
    const form = ui.page.getByRole('dialog', { name: 'Engraving' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.locator('.field-error:not([hidden])').allInnerTexts()).resolves.toEqual(['Required', 'Required']);
    await form.getByRole('alert').filter({ hasText: 'Update the missing or invalid information above.' }).waitFor();
    await form.getByLabel(/Engraving text/).fill('ADA');
    await form.getByLabel('Script').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await ui.page.getByRole('button', { name: 'Added!' }).waitFor();

    await open('/cart');
    const row = ui.page.locator('li', { hasText: 'Engraved Walnut Scoop' });
    await row.getByText('ADA').waitFor();
    await ui.page.getByRole('button', { name: 'Edit details of Engraved Walnut Scoop' }).click();
    const edit = ui.page.getByRole('dialog', { name: 'Engraving' });
    await expect(edit.getByLabel(/Engraving text/).inputValue()).resolves.toBe('ADA');
    await edit.getByLabel(/Engraving text/).fill('GRACE');
    await edit.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Details of Engraved Walnut Scoop saved.' }).waitFor();
    await row.getByText('GRACE').waitFor();

    await ui.page.getByRole('link', { name: 'Check out' }).click();
    await fillCheckout(ui.page, ADA, { ships: true, card: '4242 4242 4242 4242' });
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    const text = await confirmed();
    expect(text).toContain('Engraved Walnut Scoop');
    expect(text).not.toContain('Your payment is pending');
  });

  it('keeps the lightbox 50 px from the window’s edges when it is taller than the window, and centred otherwise', async () => {
    await ui.page.setViewportSize({ width: 390, height: 360 });
    await open('/shop/walnut-scoop');
    await ui.page.getByRole('button', { name: 'Personalize and Add' }).click();
    const panel = ui.page.getByRole('dialog', { name: 'Engraving' });
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).marginTop)).toBe('50px');
    expect((await panel.boundingBox())!.y).toBe(50);
    expect(await ui.page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await ui.page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).marginTop)).toBe('0px');
    await ui.page.mouse.click(5, 5); // outside
    await panel.waitFor({ state: 'detached' });
    expect(await ui.page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  it('subscribes: the subscription page with its cart token, then the order', async () => {
    await open('/shop/roasters-choice-subscription');
    await ui.page.getByLabel('Select Size').selectOption('250 g');
    await ui.page.getByRole('button', { name: 'Subscribe' }).click();
    await ui.page.waitForURL(/\/checkout\/subscription\?cartToken=/);
    await ui.page
      .locator('.checkout-form')
      .getByLabel(/^Email/)
      .waitFor();
    // Renewals charge a kept card: a subscription is paid by card, never offline.
    await fillCheckout(ui.page, ADA, { ships: true, card: '4242 4242 4242 4242' });
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    const text = await confirmed('subscription');
    expect(text).toMatch(/Roaster.s Choice/);
    expect(text).toMatch(/Next payment on/);
  });

  it('buys a gift card: its denomination first, then the gift-card page; the code is on the confirmation', async () => {
    await open('/shop/gift-card');
    await addButton().click();
    await dialog('Unable to purchase Gift Card').filter({ hasText: 'Select a denomination for the Gift Card.' }).waitFor();
    await ui.page.keyboard.press('Escape');
    await ui.page.getByLabel('Select Value').selectOption('$50');
    await ui.page.getByRole('button', { name: 'Add to Cart' }).click();
    await ui.page.waitForURL(/\/checkout\/gift-card\?itemId=.+&sku=GFT-050/);
    await ui.page.getByText('$50.00').first().waitFor();
    await fillCheckout(ui.page, ADA, { ships: false, card: '4242 4242 4242 4242' });
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    expect(await confirmed()).toMatch(/Gift card code: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  });

  it('buys a download, a workshop and a membership in one order', async () => {
    await open('/shop/the-brew-guide');
    await addButton().click();
    await ui.page.getByRole('button', { name: 'Added!' }).waitFor();
    await open('/shop/home-brewing-workshop');
    await ui.page.getByLabel('Select Session').selectOption({ index: 1 });
    await addButton().click();
    await ui.page.getByRole('button', { name: 'Added!' }).waitFor();
    await open('/shop/members-club');
    await ui.page.getByRole('button', { name: 'Join the Club' }).click();
    await ui.page.getByRole('button', { name: 'Added!' }).waitFor();
    await open('/checkout');
    await ui.page.getByText("Roastery Members' Club").first().waitFor();
    // Nothing ships: no address is asked.
    expect(
      await ui.page
        .locator('.checkout-form')
        .getByLabel(/^First name/)
        .count(),
    ).toBe(0);
    await fillCheckout(ui.page, ADA, { ships: false, card: '4242 4242 4242 4242' });
    await ui.page.getByRole('button', { name: 'Place order' }).click();
    const text = await confirmed();
    expect(text).toContain('The Brew Guide (PDF)');
    expect(text).toContain('Home Brewing Workshop');
    expect(text).toContain('Download');
  });

  it('checks out with the keyboard alone: Tab, Enter, Space and typing', async () => {
    await ui.page.goto(ui.server.url + '/shop/walnut-scoop');
    await ui.page.locator('.add-to-cart-island button').waitFor();
    await tabTo(ui.page, /^Personalize and Add$/);
    await ui.page.keyboard.press('Enter');
    const form = ui.page.getByRole('dialog', { name: 'Engraving' });
    await form.waitFor();
    // Focus starts in the form, on its first field.
    await ui.page.keyboard.type('KEYS');
    await tabTo(ui.page, /Serif capitals/);
    await ui.page.keyboard.press('Space');
    await tabTo(ui.page, /^Save$/);
    await ui.page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await ui.page.getByRole('link', { name: 'View Cart' }).waitFor();
    await tabTo(ui.page, /^View Cart$/);
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL('**/cart');
    await ui.page.locator('.cart--live').waitFor();
    await tabTo(ui.page, /^Check out$/);
    await ui.page.keyboard.press('Enter');
    await ui.page.waitForURL('**/checkout');
    await ui.page.locator('.checkout-form').waitFor();
    const typeInto = async (label: RegExp, text: string) => {
      await tabTo(ui.page, label);
      await ui.page.keyboard.type(text);
    };
    await typeInto(/^Email/, ADA.email);
    await typeInto(/^First name/, ADA.firstName);
    await typeInto(/^Last name/, ADA.lastName);
    await typeInto(/^Address \*/, ADA.address1);
    await typeInto(/^City/, ADA.city);
    await typeInto(/^State or region/, ADA.region);
    await typeInto(/^ZIP or postal code/, ADA.postalCode);
    await tabTo(ui.page, /^Standard/);
    await ui.page.keyboard.press('Space');
    await ui.page.getByRole('status').filter({ hasText: 'Estimate updated.' }).waitFor();
    await tabTo(ui.page, /^Place order$/);
    await ui.page.keyboard.press('Enter');
    expect(await confirmed()).toContain('Engraved Walnut Scoop');
  });

  it('shows each add-to-cart error for its cause', async () => {
    await open('/shop/stoneware-mug');
    await addButton().click();
    await dialog('Unable to Add Item').filter({ hasText: 'Please select the Colour and Size options.' }).waitFor();
    await ui.page.keyboard.press('Escape');
    await ui.page.getByLabel('Select Colour').selectOption('Sand');
    await ui.page.getByLabel('Select Size').selectOption('12 oz');
    await ui.page.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog('Unable to Add Item').filter({ hasText: 'Sorry, we do not have enough of that item available.' }).waitFor();
    await dialog('Unable to Add Item').getByRole('button', { name: 'OK' }).click();
    await ui.page.getByLabel('Select Size').selectOption('8 oz');
    await ui.page.getByLabel('Quantity').fill('1.5');
    await ui.page.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog('Unable to Add Item').filter({ hasText: 'Quantity must be a whole number.' }).waitFor();
    await ui.page.keyboard.press('Escape');
    await ui.page.getByLabel('Quantity').fill('1');

    // The network fails.
    await ui.page.route('**/api/commerce/shopping-cart/entries', (route) => route.abort());
    await ui.page.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog('Unable to Add Item').filter({ hasText: 'Please check your internet connection.' }).waitFor();
    await ui.page.keyboard.press('Escape');
    await ui.page.unroute('**/api/commerce/shopping-cart/entries');

    // The server refuses: only two drippers are left, which the page cannot know.
    await open('/shop/pour-over-dripper');
    await ui.page.getByLabel('Quantity').fill('5');
    await addButton().click();
    await dialog('Unable to Add Item').filter({ hasText: 'Sorry, we do not have enough of that item available.' }).waitFor();
    await ui.page.keyboard.press('Escape');

    // The crumb is gone (the session expired).
    await ui.page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    await ui.context.clearCookies();
    await ui.page.getByLabel('Quantity').fill('1');
    await ui.page.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog('Unable to Add Item').filter({ hasText: 'Your session has expired. Please reload the page and try again.' }).waitFor();
  });

  it('says Please try again in a few seconds. past the cart write limit', async () => {
    await open('/shop/hand-grinder');
    // 120 cart writes a minute per visitor: the visitor spends them, then clicks.
    const statuses = await ui.page.evaluate(async () => {
      const crumb = /(?:^|;\s*)crumb=([^;]+)/.exec(document.cookie)![1]!;
      const answers = await Promise.all(
        Array.from({ length: 120 }, () =>
          fetch('/api/commerce/shopping-cart/entries/none', { method: 'DELETE', headers: { 'X-CSRF-Token': crumb } }).then((r) => r.status),
        ),
      );
      return [...new Set(answers)];
    });
    expect(statuses).toEqual([404]);
    await addButton().click();
    await dialog('Unable to Add Item').filter({ hasText: 'Please try again in a few seconds.' }).waitFor();
  });

  it('shows the cart’s errors for their causes', async () => {
    await open('/shop/walnut-scoop');
    await ui.page.getByRole('button', { name: 'Personalize and Add' }).click();
    const form = ui.page.getByRole('dialog', { name: 'Engraving' });
    await form.getByLabel(/Engraving text/).fill('ERR');
    await form.getByLabel('Script').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('button', { name: 'Added!' }).waitFor();
    // The product's form cannot be read: the answers show without their titles, and the form cannot open.
    await ui.page.route('**/shop/walnut-scoop?format=json', (route) => route.abort());
    await open('/cart');
    const row = ui.page.locator('li', { hasText: 'Engraved Walnut Scoop' });
    await row.getByText('ERR').waitFor();
    await ui.page.getByRole('button', { name: 'Edit details of Engraved Walnut Scoop' }).click();
    await row.getByRole('alert').filter({ hasText: 'Unable to open form Please check your internet connection.' }).waitFor();
    await ui.page.unroute('**/shop/walnut-scoop?format=json');

    await ui.page.route('**/api/commerce/shopping-cart/entries/*/quantity', (route) => route.abort());
    await ui.page.getByRole('button', { name: 'One more Engraved Walnut Scoop' }).click();
    await row.getByRole('alert').filter({ hasText: 'Unable to update quantity Please check your internet connection.' }).waitFor();
    await ui.page.getByLabel('Quantity of Engraved Walnut Scoop').fill('2.5');
    await ui.page.getByLabel('Quantity of Engraved Walnut Scoop').press('Enter');
    await row.getByRole('alert').filter({ hasText: 'Unable to update quantity Quantity must be a whole number.' }).waitFor();

    await ui.page.route('**/api/commerce/shopping-cart/entries/*/additionalFields', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'That item is no longer in the cart.', code: 'ENTRY_NOT_FOUND' }),
      }),
    );
    await ui.page.getByRole('button', { name: 'Edit details of Engraved Walnut Scoop' }).click();
    await ui.page.getByRole('dialog', { name: 'Engraving' }).getByRole('button', { name: 'Save' }).click();
    await dialog('Unable to update form').filter({ hasText: 'That item is no longer in the cart.' }).waitFor();
    await dialog('Unable to update form').getByRole('button', { name: 'OK' }).click();

    await ui.page.route('**/api/commerce/shopping-cart/entries/*', (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()));
    await ui.page.getByRole('button', { name: 'Remove Engraved Walnut Scoop' }).click();
    await row.getByRole('alert').filter({ hasText: 'Unable to remove item Please check your internet connection.' }).waitFor();
    await ui.page.unroute('**/api/commerce/shopping-cart/entries/*');
    await ui.page.getByRole('button', { name: 'Remove Engraved Walnut Scoop' }).click();
    await ui.page.getByText('Your cart is empty.').waitFor();
    // The last entry gone, focus is on the page's heading.
    await expect(ui.page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Your cart');
  });

  it('has no serious or critical accessibility violation on the product, cart and checkout pages, on a phone and a desktop', async () => {
    for (const viewport of [
      { width: 390, height: 844, name: 'phone' },
      { width: 1440, height: 900, name: 'desktop' },
    ]) {
      await ui.page.setViewportSize(viewport);
      await open('/shop/ethiopia-guji');
      await ui.page.getByLabel('Select Size').selectOption('250 g');
      await addButton().click();
      await ui.page.getByRole('link', { name: 'View Cart' }).waitFor();
      expect(await seriousViolations(ui.page), `product page, ${viewport.name}`).toEqual([]);
      await saveScreenshot(ui.page, `storefront product ${viewport.name}`);
      await open('/cart');
      await ui.page.locator('.cart--live').waitFor();
      expect(await seriousViolations(ui.page), `cart page, ${viewport.name}`).toEqual([]);
      await saveScreenshot(ui.page, `storefront cart ${viewport.name}`);
      await open('/checkout');
      await ui.page.locator('.checkout-form').waitFor();
      await ui.page.getByRole('button', { name: 'Place order' }).click();
      await ui.page.getByText('Update the missing or invalid information above.').waitFor();
      expect(await seriousViolations(ui.page), `checkout page, ${viewport.name}`).toEqual([]);
      await saveScreenshot(ui.page, `storefront checkout ${viewport.name}`);
    }
  });

  it('keeps a product page within 90 KB of gzipped JavaScript (React included) and a page without markers within 5 KB', async () => {
    const product = await scriptsLoaded(ui.page, `${ui.server.url}/shop/stoneware-mug`);
    const markerless = await markerlessPage(ui.page, ui.server.url);
    console.log(`${formatTable('product page', product, BUDGETS.productPage)}\n${formatTable('page without markers', markerless, BUDGETS.markerlessPage)}`);
    expect(product.rows.some((r) => /^jsx-runtime-/.test(r.file))).toBe(true); // React is part of the count
    expect(product.gzipBytes).toBeLessThanOrEqual(BUDGETS.productPage);
    expect(markerless.gzipBytes).toBeLessThanOrEqual(BUDGETS.markerlessPage);
  });
});
