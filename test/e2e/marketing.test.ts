// Marketing tags with the visitor's consent, in Chromium against the built server and the demo shop
// (one server, one browser). A local HTTP server stands in for the tag manager's and the ad pixel's
// hosts: the server loads both scripts from it (TESSERA_MARKETING_ORIGIN, used only by tests), and it
// records every request, so "nothing before consent" is what the network saw. Its gtm.js counts its
// loads; its fbevents.js takes over the pixel's queue as the real one does and records each call.
// - the owner sets a container id (a wrong one first: its message), a pixel id, the banner, the
//   restrictive policy and the privacy page on the studio's marketing page (phone and desktop, axe);
// - a visitor: nothing requested and no tracking cookie before consent, the banner reached with the
//   keyboard first and accepted with Enter, then both scripts, the pixel's PageView, ViewContent and
//   AddToCart, and after a checkout exactly one purchase in the data layer, none again on reload; a
//   newsletter signup as the data layer's subscribe-newsletter and the pixel's Lead;
// - another visitor declines: nothing loads on that page nor the next, and the footer's
//   "Cookie settings" brings the banner back. Screenshots of the banner at 390 px and 1280 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, createStaff, e2eSite, saveScreenshot, signInToStudio, STUDIO_PHONE, startServer } from './harness.js';
import { ADA, fillCheckout, seriousViolations, tabTo } from './shopper.js';

const OWNER = { email: 'owner@marketing.test', password: 'a long e2e owner password' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const GTM_JS = 'window.__gtmLoads = (window.__gtmLoads || 0) + 1;';
const FBEVENTS_JS = `(function () {
  var f = window.fbq;
  window.__pixelCalls = f.queue.map(function (a) { return Array.prototype.slice.call(a); });
  f.queue.length = 0;
  f.callMethod = function () { window.__pixelCalls.push(Array.prototype.slice.call(arguments)); };
})();`;

describe('marketing tags with the visitor’s consent in Chromium', () => {
  const seen: string[] = [];
  const tags = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const body = req.url?.startsWith('/gtm.js?id=') ? GTM_JS : req.url === '/en_US/fbevents.js' ? FBEVENTS_JS : null;
    if (body === null) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(body);
  });
  const ui = browserSuite(
    async () => {
      await new Promise<void>((resolve) => tags.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(tags.address() as AddressInfo).port}`;
      const server = await startServer({ ...e2eSite(), env: { TESSERA_MARKETING_ORIGIN: origin } });
      await createStaff(server, { owner: { email: OWNER.email, role: null } }, OWNER.password);
      return server;
    },
    { context: false, timeout: 120_000, cleanUp: () => new Promise<void>((resolve) => tags.close(() => resolve())) },
  );

  const banner = (p: Page) => p.getByRole('region', { name: 'Cookie consent' });
  const pixelCalls = (p: Page) => p.evaluate(() => (window as unknown as { __pixelCalls?: unknown[][] }).__pixelCalls ?? []);
  const purchases = (p: Page) =>
    p.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e?.event === 'purchase'));
  const trackingCookies = async (p: Page) => (await p.context().cookies()).map((c) => c.name).filter((n) => /^ss_c/.test(n));

  it('lets the owner set the tags and the cookie banner on the studio page, with a message for a wrong id', async () => {
    for (const options of [STUDIO_PHONE, undefined]) {
      const p = await signInToStudio(ui, OWNER, '/config/marketing', options);
      await p.getByLabel('Tag manager container id').fill('UA-12345-1');
      await p.getByRole('button', { name: 'Save' }).click();
      await p.getByRole('status').filter({ hasText: 'Not saved: one field needs attention.' }).waitFor();
      await p.getByText('Enter a tag manager container id such as GTM-AB12CD3').waitFor();
      expect(await p.evaluate(() => document.activeElement?.id)).toBe('f-tagManagerId');
      await p.getByLabel('Tag manager container id').fill('GTM-AB12CD3');
      await p.getByLabel('Ad pixel id').fill('123456789012345');
      await p.getByLabel('Ask visitors with a cookie banner').check();
      await p.getByLabel('Restrictive cookie policy').check();
      await p.getByLabel('Privacy page').fill('/about');
      await p.getByRole('button', { name: 'Save' }).click();
      await p.getByRole('status').filter({ hasText: 'Saved. Pages use these settings from now on.' }).waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await saveScreenshot(p, `marketing studio ${options ? 'phone' : 'desktop'}`);
    }
  });

  it('loads nothing before consent; Accept, reached first with the keyboard, loads both tags; one purchase per order; a newsletter signup', async () => {
    for (const [name, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const p = await ui.open(options);
      await p.goto(`${ui.server.url}/shop/stoneware-mug`);
      await banner(p).waitFor();
      expect(await banner(p).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/about');
      expect(await seriousViolations(p)).toEqual([]);
      await saveScreenshot(p, `cookie banner ${name}`);
    }
    const p = ui.page;
    await p.locator('.add-to-cart-island button').first().waitFor();
    expect(seen).toEqual([]);
    expect(await trackingCookies(p)).toEqual([]);
    expect(await p.evaluate(() => 'fbq' in window || 'dataLayer' in window)).toBe(false);

    await tabTo(p, /^Accept$/, 3);
    await p.keyboard.press('Enter');
    await p.getByRole('status').filter({ hasText: 'Cookies accepted.' }).waitFor();
    expect(await banner(p).isVisible()).toBe(false);
    await p.waitForFunction(() => (window as unknown as { __gtmLoads?: number }).__gtmLoads === 1);
    await expect
      .poll(() => pixelCalls(p))
      .toEqual([
        ['init', '123456789012345'],
        ['track', 'PageView'],
        ['track', 'ViewContent', { content_ids: [expect.any(String)], content_type: 'product' }],
      ]);
    expect(seen.sort()).toEqual(['/en_US/fbevents.js', '/gtm.js?id=GTM-AB12CD3']);

    await p.getByLabel('Select Colour').selectOption('Sand');
    await p.getByLabel('Select Size').selectOption('8 oz');
    await p.locator('.add-to-cart-island button').first().click();
    await expect
      .poll(async () => (await pixelCalls(p)).filter((c) => c[1] === 'AddToCart'))
      .toEqual([['track', 'AddToCart', { content_ids: [expect.any(String)], content_type: 'product', contents: [{ id: expect.any(String), quantity: 1 }] }]]);

    await p.goto(`${ui.server.url}/checkout`);
    await fillCheckout(p, ADA, { ships: true });
    await p.getByRole('status').filter({ hasText: 'Estimate updated.' }).waitFor();
    await p.getByRole('button', { name: 'Place order' }).click();
    await p.waitForURL(/\/checkout\/order-confirmed\?token=/);
    await p.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const number = await p.locator('#tessera-order-confirmed').getAttribute('data-order-number');
    await expect
      .poll(() => purchases(p))
      .toEqual([
        {
          event: 'purchase',
          ecommerce: {
            transaction_id: number,
            value: expect.any(Number),
            currency: 'USD',
            items: [{ item_id: expect.any(String), item_name: 'Stoneware Mug', price: expect.any(Number), quantity: 1 }],
          },
        },
      ]);
    // A reload of the confirmation page sends no second purchase (the tags load again, the purchase does not).
    await p.reload();
    await p.waitForFunction(() => (window as unknown as { __gtmLoads?: number }).__gtmLoads === 1);
    await p.waitForLoadState('networkidle');
    expect(await purchases(p)).toEqual([]);
    expect(await trackingCookies(p)).not.toEqual([]);

    // A newsletter signup in the footer reaches both tags: the data layer's event and the pixel's Lead.
    const form = p.locator('.site-footer__newsletter form[data-form-id="newsletter"]');
    await form.scrollIntoViewIfNeeded();
    await p.waitForSelector('.site-footer__newsletter .tessera-form-island form[data-form-id="newsletter"]');
    await form.getByLabel(/^Email address/).fill('reader@marketing.test');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await p.getByRole('status').filter({ hasText: 'You are on the list' }).waitFor();
    expect(
      await p.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e?.event === 'subscribe-newsletter')),
    ).toEqual([{ event: 'subscribe-newsletter', formId: 'newsletter' }]);
    expect((await pixelCalls(p)).filter((c) => c[1] === 'Lead')).toEqual([['track', 'Lead', { content_name: 'newsletter' }]]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('keeps every tag off after a Decline, on the next pages too; Cookie settings in the footer asks again', async () => {
    seen.length = 0;
    const p = await ui.open(DESKTOP);
    await p.goto(`${ui.server.url}/shop/stoneware-mug`);
    await banner(p).getByRole('button', { name: 'Decline' }).click();
    await p.getByRole('status').filter({ hasText: 'Cookies declined.' }).waitFor();
    await p.goto(`${ui.server.url}/shop`);
    await p.getByRole('button', { name: 'Cookie settings' }).waitFor();
    expect(await banner(p).isVisible()).toBe(false);
    await p.waitForLoadState('networkidle');
    expect(seen).toEqual([]);
    expect(await trackingCookies(p)).toEqual([]);
    await p.getByRole('button', { name: 'Cookie settings' }).click();
    await banner(p).waitFor();
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    expect(seen).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });
});
