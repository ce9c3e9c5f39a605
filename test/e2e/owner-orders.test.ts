// The shop run from the studio, end to end in Chromium against the built server and the demo shop: a
// signed-in shopper orders a download, the members' club and a mug with the offline provider; the owner
// finds the order on the home page and marks it paid (the download link works, the shopper joins the
// members' area); a store manager fulfils it with a tracking number (the shipped mail reaches the real
// SMTP test server) and refunds one mug; the totals, the stock and the timeline are right; a reporting
// account can only look, and a viewer cannot open the page.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../packages/server/test/forms/smtp.js';
import { REPO, browserSuite, createStaff, saveScreenshot, startServer } from './harness.js';
import { ADA, fillCheckout, seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const STAFF = {
  admin: { email: 'owner@flow.test', role: null },
  shop: { email: 'shop@flow.test', role: 'store-manager' },
  reporting: { email: 'reports@flow.test', role: 'reporting' },
  viewer: { email: 'viewer@flow.test', role: 'viewer' },
} as const;
const SHOPPER = { ...ADA, email: `flow-${Date.now()}@example.com` };
const SHOPPER_PASSWORD = 'correct horse battery';
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TRACKING = '1Z999AA10123456784';

describe('running the shop from the studio', () => {
  let smtp: TestSmtp;
  let siteDir: string;
  const ui = browserSuite(
    async () => {
      siteDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-owner-flow-'));
      await fsp.cp(path.join(REPO, 'sites', 'demo'), siteDir, { recursive: true });
      smtp = await startSmtp();
      const server = await startServer({ siteDir, themesDir: path.join(REPO, 'themes'), env: { SMTP_URL: smtp.url } });
      await createStaff(server, STAFF, PASSWORD);
      return server;
    },
    {
      context: false,
      timeout: 120_000,
      cleanUp: async () => {
        await smtp?.stop();
        await fsp.rm(siteDir, { recursive: true, force: true });
      },
    },
  );

  const contexts: BrowserContext[] = [];
  async function browse(options: object = DESKTOP): Promise<Page> {
    const context = await ui.browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => ui.pageErrors.push(`${page.url()}: ${e.message}`));
    return page;
  }

  async function signIn(who: keyof typeof STAFF, options: object = DESKTOP): Promise<Page> {
    const p = await browse(options);
    await p.goto(`${ui.server.url}/config/login`);
    await p.getByLabel('Email').fill(STAFF[who].email);
    await p.getByLabel('Password').fill(PASSWORD);
    const answer = p.waitForResponse((r) => r.url().endsWith('/api/owner/session') && r.request().method() === 'POST');
    await p.keyboard.press('Enter');
    expect((await answer).status()).toBeLessThan(300);
    // A viewer's role opens no studio page: after the sign-in the studio sends it back to the sign-in page.
    if (who === 'viewer') await p.waitForURL(/\/config\/login\?next=/);
    else await p.waitForURL((u) => !u.pathname.startsWith('/config/login'));
    return p;
  }

  /** A call of the site's API from the page, with its crumb, as the storefront's islands make them. */
  async function call(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
    return page.evaluate(
      async ({ method, url, body }) => {
        const crumb = /(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(crumb) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, json: await res.json().catch(() => null) };
      },
      { method, url, body },
    );
  }

  const itemOf = async (page: Page, path: string) => {
    const json = (await (await page.request.get(`${ui.server.url}${path}?format=json`)).json()) as any;
    return { id: json.item.id as string, variants: json.item.structuredContent.variants as { sku: string; qtyInStock: number }[] };
  };

  async function mailTo(address: string, subject: RegExp, after = 0) {
    const until = Date.now() + 15_000;
    for (;;) {
      const mail = smtp.messages.slice(after).find((m) => m.to.includes(address) && subject.test(m.subject));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${address}; got ${smtp.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('takes an offline order from the shopper to paid, fulfilled and partly refunded, each step by the staff who may', async () => {
    // The shopper: an account, then a download, the members' club and two mugs, paid later by transfer.
    const shopper = await browse();
    await shopper.goto(`${ui.server.url}/shop`);
    expect((await call(shopper, 'POST', '/api/site-users/account', { email: SHOPPER.email, password: SHOPPER_PASSWORD })).status).toBe(201);
    const guide = await itemOf(shopper, '/shop/the-brew-guide');
    const club = await itemOf(shopper, '/shop/members-club');
    const mug = await itemOf(shopper, '/shop/stoneware-mug');
    const mugStock = () => itemOf(shopper, '/shop/stoneware-mug').then((m) => m.variants.find((v) => v.sku === 'MUG-BLU-08')!.qtyInStock);
    const stockBefore = await mugStock();
    for (const [item, sku, quantity] of [
      [guide.id, 'GDE-PDF', 1],
      [club.id, 'MBR-MON', 1],
      [mug.id, 'MUG-BLU-08', 2],
    ] as const) {
      expect((await call(shopper, 'POST', '/api/commerce/shopping-cart/entries', { itemId: item, sku, quantity })).status).toBe(200);
    }
    await shopper.goto(`${ui.server.url}/checkout`);
    await fillCheckout(shopper, SHOPPER, { ships: true });
    await shopper.getByLabel('Pay later by bank transfer or invoice').check();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    await shopper.waitForURL(/\/checkout\/order-confirmed\?token=/);
    expect(await mugStock()).toBe(stockBefore - 2);
    const lessonsBefore = await shopper.goto(`${ui.server.url}/lessons`);
    expect(lessonsBefore?.status()).toBe(403);
    // The owner is told of the new order, with a link to it.
    const newOrder = await mailTo(STAFF.admin.email, /^New order #\d+/);
    const orderPath = /\/config\/orders\/[A-Za-z0-9_-]+/.exec(newOrder.text ?? newOrder.html ?? '')?.[0];
    expect(orderPath).toBeDefined();

    // The owner: the home page counts the payment to collect and leads to the pending orders, then the order.
    const owner = await signIn('admin');
    expect(new URL(owner.url()).pathname).toBe('/config/');
    const pending = owner.getByRole('region', { name: 'Payments to collect' });
    await expect(pending.innerText()).resolves.toMatch(/\b1\b/);
    await pending.getByRole('link', { name: 'View pending orders' }).click();
    await owner.waitForURL(/\/config\/orders\?payment=pending/);
    await owner
      .getByRole('link', { name: /^#\d+|Order #\d+/ })
      .first()
      .waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'owner orders pending desktop');
    await owner
      .getByRole('link', { name: new RegExp(SHOPPER.email) })
      .or(owner.getByRole('link', { name: /^#\d+/ }))
      .first()
      .click();
    await owner.waitForURL(/\/config\/orders\/[^/?]+$/);
    expect(new URL(owner.url()).pathname).toBe(orderPath);
    await owner.getByRole('button', { name: 'Mark as paid' }).click();
    const markPaid = owner.getByRole('dialog', { name: /as paid\?/ });
    await markPaid.getByLabel('Payment reference (optional)').fill('transfer 4711');
    await markPaid.getByRole('button', { name: 'Mark as paid' }).click();
    await owner.getByRole('status').filter({ hasText: /paid/i }).first().waitFor();
    // Paid: the download link works and the shopper is a member now.
    const link = await owner.getByRole('link', { name: 'Download link' }).getAttribute('href');
    expect((await shopper.request.get(`${ui.server.url}${link}`)).status()).toBe(200);
    expect((await shopper.goto(`${ui.server.url}/lessons`))?.status()).toBe(200);
    expect(await seriousViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'owner order paid desktop');

    // A store manager fulfils both mugs with a tracking number: the shopper's shipped mail has the link.
    const shop = await signIn('shop');
    await shop.goto(`${ui.server.url}${orderPath}`);
    await shop.getByRole('button', { name: 'Fulfil items' }).click();
    const fulfil = shop.getByRole('dialog', { name: /^Fulfil order/ });
    await fulfil.getByLabel('Carrier').fill('UPS');
    await fulfil.getByLabel('Tracking number').fill(TRACKING);
    const sentBefore = smtp.messages.length;
    await fulfil.getByRole('button', { name: 'Fulfil 2 items' }).click();
    await fulfil.waitFor({ state: 'detached' });
    const shipped = await mailTo(SHOPPER.email, /has shipped$/, sentBefore);
    expect(shipped.text).toContain(TRACKING);
    expect(shipped.text).toMatch(/https:\/\/www\.ups\.com\/track\?[^\s]*1Z999AA10123456784/);

    // ...and refunds one mug (by items, with the keyboard), once, however often the button is pressed.
    await shop.getByRole('button', { name: 'Refund' }).click();
    const refund = shop.getByRole('dialog', { name: /^Refund order/ });
    await refund.getByLabel(/Stoneware Mug/).fill('1');
    const button = refund.getByRole('button', { name: /^Refund \$/ });
    const label = (await button.textContent()) ?? '';
    await button.dblclick();
    await refund.waitFor({ state: 'detached' });
    const order = (await call(shop, 'GET', `/api/owner/orders/${orderPath!.split('/').at(-1)}`)).json.order;
    const mugLine = order.lines.find((l: { chosenVariant: { sku: string } }) => l.chosenVariant.sku === 'MUG-BLU-08');
    expect(label).toContain((mugLine.unitPriceCents / 100).toFixed(2));
    expect(order).toMatchObject({ paymentStatus: 'PARTIALLY_REFUNDED', fulfillmentStatus: 'FULFILLED', refundedCents: mugLine.unitPriceCents });
    expect(order.refunds).toHaveLength(1);
    expect(mugLine).toMatchObject({ quantity: 2, fulfilledQuantity: 2, refundedQuantity: 1 });
    // The mugs left the shop: the refund does not put one back unless asked.
    expect(await mugStock()).toBe(stockBefore - 2);
    const steps = order.timeline.map((e: { type: string; actor: { kind: string; email?: string } }) => [e.type, e.actor.kind, e.actor.email ?? null]);
    expect(steps).toEqual(
      expect.arrayContaining([
        ['placed', 'customer', SHOPPER.email],
        ['paid', 'staff', STAFF.admin.email],
        ['fulfilled', 'staff', STAFF.shop.email],
        ['refunded', 'staff', STAFF.shop.email],
      ]),
    );
    await shop.reload();
    const timeline = shop.getByRole('region', { name: 'Timeline' });
    await expect(timeline.innerText()).resolves.toContain(STAFF.shop.email);
    await saveScreenshot(shop, 'owner order fulfilled and refunded desktop');

    // Reporting may look, and is offered no action; a viewer cannot open the page.
    const reporting = await signIn('reporting', PHONE);
    await reporting.goto(`${ui.server.url}${orderPath}`);
    await reporting
      .getByRole('heading', { name: /Order #\d+/ })
      .first()
      .waitFor();
    expect(await reporting.getByRole('group', { name: 'Order actions' }).count()).toBe(0);
    expect(await reporting.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(reporting)).toEqual([]);
    await saveScreenshot(reporting, 'owner order reporting phone');
    await reporting.goto(`${ui.server.url}/config/orders`);
    await reporting.getByRole('link', { name: 'Export CSV' }).waitFor();
    expect(await reporting.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(reporting)).toEqual([]);
    await saveScreenshot(reporting, 'owner orders list reporting phone');
    const viewer = await signIn('viewer');
    const denied = await viewer.goto(`${ui.server.url}${orderPath}`);
    expect(new URL(viewer.url()).pathname === '/config/login' || denied?.status() === 403).toBe(true);
    expect(await viewer.getByRole('heading', { name: /Order #/ }).count()).toBe(0);
    expect((await call(viewer, 'GET', `/api/owner/orders/${orderPath!.split('/').at(-1)}`)).status).toBe(403);
    expect(ui.pageErrors).toEqual([]);
    for (const c of contexts) await c.close();
  }, 180_000);
});
