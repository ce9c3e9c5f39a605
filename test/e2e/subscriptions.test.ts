// Subscriptions in Chromium, against the built server and the demo shop: a shopper subscribes to the
// Roaster's Choice with the test card, opens the subscription's page from the order status page,
// keeps a new card and cancels it from the keyboard alone (asked again first); a store manager
// sees the subscription on the customer's page and pauses and resumes it. Both pages fit a phone
// (390 px) and a desktop (1280 px) with no serious accessibility violation; screenshots go to
// test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSite, saveScreenshot, studioSuite } from './harness.js';
import { ADA, seriousViolations, tabTo } from './shopper.js';

const site = e2eSite();
const PASSWORD = 'a long e2e staff password';
const STAFF = { shop: { email: 'shop@subscriptions.test', role: 'store-manager' } } as const;
const EMAIL = 'subscriber@example.com';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe.runIf(site.name === 'demo')('subscriptions in Chromium', () => {
  const ui = studioSuite(STAFF, PASSWORD);
  let manageUrl = '';

  async function post(p: Page, url: string, data: unknown, headers: Record<string, string> = {}) {
    const crumb = (await p.context().cookies()).find((c) => c.name === 'crumb')!.value;
    const res = await p.request.post(`${ui.server.url}${url}`, { data, headers: { 'x-csrf-token': crumb, ...headers } });
    return { status: res.status(), json: await res.json() };
  }

  it("subscribes, then keeps a new card and cancels from the subscription's page, by keyboard, on a phone", async () => {
    const page = await ui.open(PHONE);
    await page.goto(`${ui.server.url}/`);
    const product = (await (await page.request.get(`${ui.server.url}/shop/roasters-choice-subscription?format=json`)).json()).item.id;
    const cart = await post(page, '/api/3/commerce/cart/subscription', { itemId: product, sku: 'SUB-250', qty: 1 });
    const { email: _, ...rest } = ADA;
    const address = { ...rest, country: 'US' };
    const placed = await post(
      page,
      '/api/commerce/checkout',
      {
        cartToken: cart.json.cartToken,
        email: EMAIL,
        shippingAddress: address,
        shippingOptionId: 'standard',
        payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
      },
      { 'idempotency-key': 'e2e-subscription-1' },
    );
    expect(placed.status).toBe(201);
    await page.goto(`${ui.server.url}${placed.json.orderStatusUrl}`);
    await page.getByRole('link', { name: 'Manage this subscription' }).click();
    await page.getByRole('heading', { name: 'Your subscription' }).waitFor();
    manageUrl = page.url();
    await page.getByText('Card ending 4242').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscription-page-phone');

    await tabTo(page, /^Card number/);
    await page.keyboard.type('4000 0000 0000 0002');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Your card is saved: the next payment uses it.' }).waitFor();
    await page.locator('.subscription-method').filter({ hasText: 'Card ending 0002' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it("shows the customer's subscription to the store manager, who pauses and resumes it", async () => {
    const page = await ui.open(DESKTOP);
    await page.goto(`${ui.server.url}/config/customers/${encodeURIComponent(EMAIL)}`);
    await page.waitForURL(/\/config\/login\?next=/);
    await page.getByLabel('Email').fill(STAFF.shop.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Subscriptions', level: 2 }) });
    await section.getByText('Card ending 0002').waitFor();
    expect(await section.textContent()).toContain('$18.00 every month');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscriptions-studio-desktop');
    await tabTo(page, /^Pause Roaster/);
    await page.keyboard.press('Enter');
    await section
      .getByRole('status')
      .filter({ hasText: /paused: it will not renew until it is resumed/ })
      .waitFor();
    await section.getByRole('button', { name: /^Resume Roaster/ }).click();
    await section
      .getByRole('status')
      .filter({ hasText: /resumed: it renews on its next date/ })
      .waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscriptions-studio-phone');
    expect(ui.pageErrors).toEqual([]);
  });

  it('cancels from the subscription page after asking, on a desktop', async () => {
    const page = await ui.open(DESKTOP);
    await page.goto(manageUrl);
    await saveScreenshot(page, 'subscription-page-desktop');
    await tabTo(page, /^Cancel subscription/);
    await page.keyboard.press('Enter');
    const question = page.getByRole('group', { name: 'Cancel subscription' });
    await question.getByText(/It will not renew/).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Yes, cancel it' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Your subscription is canceled: it will not renew. We have emailed you.' }).waitFor();
    await page.locator('.subscription-status').filter({ hasText: 'Canceled: it will not renew' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscription-page-canceled-desktop');
    expect(ui.pageErrors).toEqual([]);
  });
});
