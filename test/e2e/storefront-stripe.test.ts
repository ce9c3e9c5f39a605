// Stripe in Chromium: a copy of the demo shop that offers Stripe (test mode, Afterpay/Clearpay and
// the wallets' express checkout on). The checkout page loads Stripe.js from Stripe's own address
// (answered here by a stand-in script through the browser's routing: no network reaches Stripe)
// and mounts the Payment Element in its labelled container; the product and cart pages mount the
// express element; a page without a purchase loads nothing from Stripe. axe finds nothing serious,
// and screenshots on a phone and a desktop go to test-results/. Purchases end to end keep using
// the test provider (storefront-shop.test.ts).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, REPO, saveScreenshot, startServer } from './harness.js';
import { seriousViolations } from './shopper.js';

/**
 * The stand-in for Stripe.js: `Stripe(key)` with `elements`, whose payment element draws a labelled
 * field where it is mounted, and records what the page asked for on `window.stripeStandIn`.
 */
const STAND_IN = (version: string) => `(() => {
  const record = { keys: [], elements: [], mounted: [] };
  window.stripeStandIn = record;
  window.Stripe = Object.assign((key) => {
    record.keys.push(key);
    return {
      elements(options) {
        record.elements.push(options);
        return {
          create(type) {
            const handlers = {};
            return {
              mount(target) {
                record.mounted.push({ type, label: target.getAttribute('aria-label') });
                if (type === 'expressCheckout') {
                  const wallet = document.createElement('button');
                  wallet.type = 'button';
                  wallet.textContent = 'Pay with the stand-in wallet';
                  wallet.style.cssText = 'display:block;width:100%;height:44px;border:0;border-radius:6px;background:#000;color:#fff;font:inherit';
                  target.append(wallet);
                  setTimeout(() => handlers.ready && handlers.ready({ availablePaymentMethods: { googlePay: true } }), 0);
                  return;
                }
                const label = document.createElement('label');
                label.textContent = 'Card number (stand-in)';
                const input = document.createElement('input');
                input.name = 'stand-in-card';
                input.style.cssText = 'display:block;width:100%;min-height:44px;margin-top:4px;box-sizing:border-box';
                label.append(input);
                target.append(label);
              },
              on(name, handler) { handlers[name] = handler; },
              destroy() {},
            };
          },
          update() {},
          async submit() { return {}; },
        };
      },
      async confirmPayment() { return {}; },
    };
  }, { version: ${JSON.stringify(version)} });
})();`;

describe('Stripe in the storefront', () => {
  let siteDir: string;
  const ui = browserSuite(
    async () => {
      siteDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-stripe-site-'));
      await fsp.cp(path.join(REPO, 'sites', 'demo'), siteDir, { recursive: true });
      const file = path.join(siteDir, 'site.json');
      const site = JSON.parse(fs.readFileSync(file, 'utf8'));
      site.store.paymentProviders = ['stripe', 'test'];
      site.store.stripe = { testMode: true, testPublishableKey: 'pk_test_e2e', paymentMethods: ['afterpay_clearpay'], expressCheckout: true };
      fs.writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`);
      return startServer({ siteDir, themesDir: path.join(REPO, 'themes') });
    },
    { cleanUp: () => fsp.rm(siteDir, { recursive: true, force: true }) },
  );

  /** Every request the page makes to Stripe's domains; Stripe.js itself answered by the stand-in. */
  async function watchStripe(page: Page): Promise<string[]> {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/^https:\/\/([a-z0-9-]+\.)*stripe\.com\//.test(r.url())) asked.push(r.url());
    });
    await page.route(/^https:\/\/js\.stripe\.com\//, (route) => {
      const version = new URL(route.request().url()).pathname.split('/')[1] ?? 'v3';
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN(version) });
    });
    return asked;
  }

  /** Two mugs: $64.00, within the store's own Afterpay range (from $35.00). */
  async function addMugsToCart(page: Page) {
    await page.goto(`${ui.server.url}/shop/stoneware-mug`);
    await page.locator('.add-to-cart-island button').waitFor();
    await page.getByLabel('Select Colour').selectOption('Charcoal');
    await page.getByLabel('Select Size').selectOption('12 oz');
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'View Cart' }).waitFor();
  }

  /** axe on a phone and a desktop, with a screenshot of each. */
  async function lookAt(page: Page, name: string) {
    for (const [width, height, size] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await seriousViolations(page), `${name} ${size}`).toEqual([]);
      await saveScreenshot(page, `${name}-${size}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('shows the wallets beside a product’s button and above the cart’s checkout button, and nothing of Stripe elsewhere', async () => {
    const asked = await watchStripe(ui.page);
    await ui.page.goto(`${ui.server.url}/`);
    await ui.page.locator('footer').waitFor();
    // A page without a purchase: nothing from Stripe, and the strict policy.
    expect(asked).toEqual([]);
    await addMugsToCart(ui.page);
    const wallet = ui.page.getByRole('group', { name: 'Express checkout' });
    await wallet.getByRole('button', { name: 'Pay with the stand-in wallet' }).waitFor();
    // Beside the product's own button.
    const [button, express] = await Promise.all([ui.page.getByRole('button', { name: 'Add to Cart' }).boundingBox(), wallet.boundingBox()]);
    expect(express!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    expect(express!.height).toBeGreaterThanOrEqual(44);
    expect(asked).toHaveLength(1);
    await lookAt(ui.page, 'stripe-express-product');

    await ui.page.goto(`${ui.server.url}/cart`);
    await ui.page.getByRole('group', { name: 'Express checkout' }).getByRole('button', { name: 'Pay with the stand-in wallet' }).waitFor();
    const [cartWallet, checkout] = await Promise.all([
      ui.page.getByRole('group', { name: 'Express checkout' }).boundingBox(),
      ui.page.getByRole('link', { name: 'Check out' }).boundingBox(),
    ]);
    expect(cartWallet!.y + cartWallet!.height).toBeLessThanOrEqual(checkout!.y);
    await lookAt(ui.page, 'stripe-express-cart');
    const record = await ui.page.evaluate(
      () => (window as unknown as { stripeStandIn: { elements: Record<string, unknown>[]; mounted: unknown[] } }).stripeStandIn,
    );
    expect(record.elements[0]).toMatchObject({ mode: 'payment', amount: 6400, currency: 'usd', paymentMethodTypes: ['card'] });
    expect(record.mounted).toEqual([{ type: 'expressCheckout', label: 'Express checkout' }]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('loads Stripe.js from Stripe on the checkout, and mounts the Payment Element in its labelled container', async () => {
    const asked = await watchStripe(ui.page);
    await addMugsToCart(ui.page);
    const before = asked.length;

    const response = await ui.page.goto(`${ui.server.url}/checkout`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    const radio = ui.page.getByLabel('Card, Apple Pay, Google Pay', { exact: false });
    await expect.poll(() => radio.isChecked()).toBe(true);
    const element = ui.page.getByRole('group', { name: 'Payment details' });
    await element.getByLabel('Card number (stand-in)').waitFor();
    expect(asked).toHaveLength(before + 1);
    expect(asked.at(-1)).toMatch(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js(\?.*)?$/);
    const record = await ui.page.evaluate(
      () => (window as unknown as { stripeStandIn: { keys: string[]; elements: Record<string, unknown>[]; mounted: unknown[] } }).stripeStandIn,
    );
    expect(record.keys).toEqual(['pk_test_e2e']);
    expect(record.elements[0]!.appearance).toMatchObject({ variables: { colorPrimary: expect.stringMatching(/^rgb/), fontFamily: expect.any(String) } });
    expect(record.elements[0]).toMatchObject({ mode: 'payment', amount: 6400, currency: 'usd', paymentMethodTypes: ['card', 'afterpay_clearpay'] });
    expect(record.mounted).toEqual([{ type: 'payment', label: 'Payment details' }]);
    expect(ui.pageErrors).toEqual([]);
    await lookAt(ui.page, 'stripe-checkout');
    // The test provider's card is still one choice away.
    await ui.page.getByLabel('Card', { exact: true }).check();
    await expect.poll(() => element.isVisible()).toBe(false);
    await ui.page.getByRole('textbox', { name: 'Card number', exact: true }).waitFor();
  });

  it('says card payments are unavailable when Stripe.js cannot be loaded', async () => {
    await ui.page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.abort('failed'));
    await addMugsToCart(ui.page);
    await ui.page.goto(`${ui.server.url}/checkout`);
    await ui.page.getByRole('alert').filter({ hasText: 'Card payments are unavailable right now. Please try again later.' }).waitFor();
    await saveScreenshot(ui.page, 'stripe-checkout-unavailable');
  });
});
