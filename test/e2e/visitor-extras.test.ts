// What a visitor meets of related products, quick views and the census calls the page makes, in
// Chromium against the built server and the demo shop (one server, one browser):
// - the stoneware mug's page shows its related products (none chosen, so the other visible product of
//   its category, Ceramics: the planter; the teapot is a draft), and the store records the list's
//   display, an add from the planter's quick view (as a related product's add) and a card's click;
// - a quick view opens from the shop list with the keyboard, keeps the focus inside, takes a variant
//   and adds it to the cart (the header's count follows), closes on Escape with the focus back on its
//   link, and the store records RecordQuickView; no serious axe finding in the dialog;
// - the home page's button block and the contact form are recorded (button-render, button-click,
//   form-render) for a visitor, and nothing is sent for the signed-in owner.
// - a visitor likes a post (once: the count and the pressed button stay after a reload) and comments
//   on it from a phone, with the site's captcha; the comment waits until the owner approves it on the
//   studio's comments page, then the post shows it under "1 Comment"; no serious axe finding on either.
// - the special pages a visitor meets, each on a phone and a desktop with no serious axe finding and
//   used by keyboard: a cover page (splash page 3, its call to action reached with Tab), the popup
//   overlay's own page (104, for the signed-in owner while the overlay is off), a subscription's
//   confirmation (206) and an order received while its payment is processed (207).
// The demo shop runs from a copy with a cover page ("/welcome") and a popup overlay set up but off.
// Screenshots of the related products, the quick view, the comments and the special pages at 390 px and 1280 px go to test-results/.
import fs from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoWithCover } from '../../packages/server/test/helpers/demo-cover.js';
import { STUDIO_DESKTOP, browserSuite, createStaff, e2eSite, saveScreenshot, signInToStudio, startServer } from './harness.js';
import { ADA, seriousViolations, tabTo } from './shopper.js';

/** Headless Chromium's own user agent is a bot's (docs/analytics.md "Bots"): the browser says it is a desktop Chrome. */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const OWNER = { email: 'owner@extras.test', password: 'a long e2e owner password' };

describe('related products, quick view and census calls in Chromium', () => {
  let db: Database.Database;
  let siteCopy = '';
  const ui = browserSuite(
    async () => {
      const site = e2eSite();
      siteCopy = await demoWithCover(site.siteDir);
      const server = await startServer({ ...site, siteDir: siteCopy });
      await createStaff(server, { owner: { email: OWNER.email, role: null } }, OWNER.password);
      db = new Database(path.join(server.dataDir, 'tessera.sqlite'), { readonly: true });
      return server;
    },
    {
      context: false,
      timeout: 120_000,
      browserArgs: [`--user-agent=${DESKTOP_CHROME}`],
      cleanUp: async () => {
        db?.close();
        if (siteCopy) await fs.rm(siteCopy, { recursive: true, force: true });
      },
    },
  );

  const rows = (kind: string, name: string) =>
    db.prepare('SELECT name, object_id, path, data FROM analytics_events WHERE kind = ? AND name = ?').all(kind, name) as {
      name: string;
      object_id: string | null;
      path: string;
      data: string;
    }[];
  /** Waits until the store holds what the test expects (the page does not wait for its tracking calls). */
  async function eventually<T>(read: () => T, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = read();
      if (ok(value) || Date.now() > until) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const itemIdOf = async (url: string) => ((await (await fetch(`${ui.server.url}${url}?format=json`)).json()) as { item: { id: string } }).item.id;
  const dialog = (p: Page) => p.getByRole('dialog');

  it("shows a product's related products and records their display, an add from a quick view and a card's click", async () => {
    for (const [name, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const p = await ui.open(options);
      await p.goto(`${ui.server.url}/shop/stoneware-mug`);
      const related = p.getByRole('region', { name: 'Related products' });
      await expect(related.getByRole('link').filter({ hasText: 'Speckled Planter' }).first().isVisible()).resolves.toBe(true);
      expect(await related.locator('.product-card__title').allInnerTexts()).toEqual(['Speckled Planter']);
      // Nothing of the related products' code before the visitor does anything.
      expect(await p.evaluate(() => performance.getEntriesByType('resource').some((e) => /visitor-extras-/.test(e.name)))).toBe(false);
      await related.scrollIntoViewIfNeeded();
      await p.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /visitor-extras-/.test(e.name)));
      await saveScreenshot(p, `related products ${name}`);
    }
    const mug = await itemIdOf('/shop/stoneware-mug');
    const shown = await eventually(
      () => rows('event', 'related_product_display'),
      (r) => r.length >= 2,
    );
    expect(shown.length).toBe(2);
    expect(shown.every((r) => r.path === '/shop/stoneware-mug')).toBe(true);

    // A related product added to the cart from its quick view on this page is a related product's add.
    const p = ui.page;
    const planter = await itemIdOf('/shop/speckled-planter');
    await p.locator('section.related-products[data-tessera-mounted="quick-view"]').waitFor({ state: 'attached' });
    await p
      .getByRole('region', { name: 'Related products' })
      .getByRole('link', { name: /^Quick View\s*: Speckled Planter$/ })
      .click();
    const quick = dialog(p);
    await quick.locator('.add-to-cart-island:not([inert] *)').waitFor();
    await quick.locator('select').first().selectOption({ index: 1 });
    await quick.getByRole('button', { name: 'Add To Cart' }).click();
    await p.waitForFunction(() => document.querySelector('[data-cart-indicator] .sqs-cart-quantity')?.textContent?.trim() === '1');
    const added = await eventually(
      () => rows('event', 'related_product_add_to_cart'),
      (r) => r.length > 0,
    );
    expect(added.map((r) => r.object_id)).toEqual([planter]);
    expect(rows('event', 'add_to_cart')).toEqual([]);
    await p.keyboard.press('Escape');
    await quick.waitFor({ state: 'detached' });

    await p.getByRole('region', { name: 'Related products' }).locator('.product-card__link').first().click();
    await p.waitForURL(/\/shop\/speckled-planter$/);
    const clicked = await eventually(
      () => rows('event', 'related_product_click'),
      (r) => r.length > 0,
    );
    expect(clicked.map((r) => r.object_id)).toEqual([planter]);
    expect(mug).not.toBe(planter);
    expect(ui.pageErrors).toEqual([]);
  });

  it('opens a quick view from the shop list with the keyboard, adds a variant to the cart, and closes back on its link', async () => {
    const mug = await itemIdOf('/shop/stoneware-mug');
    for (const [name, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const p = await ui.open(options);
      await p.goto(`${ui.server.url}/shop`);
      await tabTo(p, /^Quick View: Stoneware Mug$/, 200);
      // The focus wakes the list's code; until it has come, Enter would follow the link to the product page.
      await p.locator('[data-tessera-island="quick-view"][data-tessera-mounted="quick-view"]').first().waitFor({ state: 'attached' });
      await p.keyboard.press('Enter');
      const quick = dialog(p);
      await quick.waitFor();
      expect(await quick.getAttribute('aria-modal')).toBe('true');
      expect(p.url()).toBe(`${ui.server.url}/shop`);
      await expect(p.getByRole('dialog', { name: 'Stoneware Mug' }).isVisible()).resolves.toBe(true);
      const add = quick.getByRole('button', { name: 'Add To Cart' });
      // The add-to-cart island has taken over the engine's button.
      await quick.locator('.add-to-cart-island:not([inert] *)').waitFor();
      await add.waitFor();
      // The focus stays inside: Tab from the last control comes back to the first.
      for (let i = 0; i < 12; i++) {
        await p.keyboard.press('Tab');
        expect(await p.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      expect(await seriousViolations(p), `quick view, ${name}`).toEqual([]);
      await saveScreenshot(p, `quick view ${name}`);
      // Choose a variant with the keyboard, then add it.
      const selects = quick.locator('select');
      for (let i = 0; i < (await selects.count()); i++) {
        await selects.nth(i).focus();
        await p.keyboard.press('ArrowDown');
      }
      // "Added!" shows from 1 s to 3 s after the press: watched from before it, so a slow machine cannot miss it.
      const added = quick.getByRole('status').filter({ hasText: 'Added!' }).waitFor({ state: 'attached' });
      await add.focus();
      await p.keyboard.press('Enter');
      await added;
      await p.waitForFunction(() => document.querySelector('[data-cart-indicator] .sqs-cart-quantity')?.textContent?.trim() === '1');
      await p.keyboard.press('Escape');
      await quick.waitFor({ state: 'detached' });
      expect(await p.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim())).toBe('Quick View: Stoneware Mug');
    }
    // The list's two quick views (the related product's, opened on the mug's page, is recorded there).
    const recorded = await eventually(
      () => rows('census', 'quick-view').filter((r) => r.path === '/shop'),
      (r) => r.length >= 2,
    );
    expect(recorded.map((r) => r.object_id)).toEqual([mug, mug]);
    expect(rows('census', 'quick-view').filter((r) => r.path === '/shop/stoneware-mug')).toHaveLength(1);
    expect(ui.pageErrors).toEqual([]);
    // Two viewports, each with a page, a dialog, axe and a screenshot: more than one page's default time.
  }, 60_000);

  it("records a layout button's render and click and a form's render for a visitor, and nothing for the signed-in owner", async () => {
    const p = await ui.open(DESKTOP);
    await p.goto(`${ui.server.url}/`);
    const rendered = await eventually(
      () => rows('census', 'button-render'),
      (r) => r.length > 0,
    );
    expect(rendered.length).toBeGreaterThan(0);
    const button = p.locator('.layout-block--button a').first();
    const text = (await button.innerText()).trim();
    expect(JSON.parse(rendered[0]!.data)).toMatchObject({ buttonText: text, pagePath: '/' });
    await button.click();
    await p.waitForLoadState('load');
    const clicks = await eventually(
      () => rows('census', 'button-click'),
      (r) => r.length > 0,
    );
    expect(JSON.parse(clicks[0]!.data)).toMatchObject({ buttonText: text });
    await p.goto(`${ui.server.url}/contact`);
    const forms = await eventually(
      () => rows('census', 'form-render'),
      (r) => r.some((row) => row.object_id === 'contact'),
    );
    expect(forms.find((r) => r.object_id === 'contact')?.path).toBe('/contact');

    // The owner, signed in: the same pages send nothing.
    const owner = await ui.open(DESKTOP);
    await owner.goto(`${ui.server.url}/config/login`);
    await owner.getByLabel('Email').fill(OWNER.email);
    await owner.getByLabel('Password').fill(OWNER.password);
    await owner.keyboard.press('Enter');
    await owner.waitForURL((url) => url.pathname === '/config/');
    const ownerSent: string[] = [];
    owner.on('request', (r) => {
      if (r.url().includes('/api/census/')) ownerSent.push(new URL(r.url()).pathname);
    });
    for (const page of ['/', '/contact']) {
      await owner.goto(`${ui.server.url}${page}`);
      await owner.waitForLoadState('networkidle');
      expect(await owner.evaluate(async () => (await (window as unknown as { Tessera?: { visit: Promise<unknown> } }).Tessera?.visit) ?? null)).toBeNull();
    }
    expect(ownerSent).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });
  it('lets a visitor like and comment on a post, and shows the comment once the owner approves it in the studio', async () => {
    const POST = '/journal/inside-the-studio-the-stoneware-mug';
    const p = await ui.open(PHONE);
    await p.goto(`${ui.server.url}${POST}`);
    // The like button and the comments sit below the post: their code comes with the visitor's first scroll.
    await p.locator('.post-footer').scrollIntoViewIfNeeded();
    const like = p.getByRole('button', { name: /^Like,/ });
    await like.focus();
    await p.keyboard.press('Enter');
    await p.getByRole('status').filter({ hasText: 'Liked. 1 like.' }).waitFor({ state: 'attached' });
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    const comments = p.getByRole('region', { name: 'No Comments' });
    await comments.getByLabel('Name', { exact: true }).fill('Ada Visitor');
    await comments.getByLabel(/^Email/).fill('ada@example.com');
    await comments.getByRole('textbox', { name: 'Comment' }).fill('The glaze on this mug is lovely.');
    await comments.getByRole('button', { name: 'Post comment' }).press('Enter');
    await comments.getByText('Thank you! Your comment will appear once the site approves it.').waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'comments phone');
    // A second press counts nothing more; the count and the pressed state stay after a reload.
    await p.reload();
    await p.locator('.post-footer').scrollIntoViewIfNeeded();
    await like.click();
    await p.getByRole('status').filter({ hasText: 'Liked. 1 like.' }).waitFor({ state: 'attached' });
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(await p.getByRole('listitem').filter({ hasText: 'The glaze on this mug is lovely.' }).count()).toBe(0);

    const owner = await signInToStudio(ui, OWNER, '/config/comments', STUDIO_DESKTOP);
    const card = owner.getByRole('article', { name: /Ada Visitor on Inside the studio/ });
    await card.getByText('ada@example.com').waitFor();
    await card.getByRole('button', { name: 'Approve the comment by Ada Visitor' }).click();
    await owner.getByRole('status').filter({ hasText: 'Approved: the comment by Ada Visitor.' }).waitFor();
    expect(await card.getByRole('link', { name: /Inside the studio/ }).getAttribute('href')).toBe(POST);
    expect(await seriousViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'comments studio desktop');

    const again = await ui.open(DESKTOP);
    await again.goto(`${ui.server.url}${POST}`);
    await again.locator('.post-footer').scrollIntoViewIfNeeded();
    const thread = again.getByRole('region', { name: '1 Comment' });
    await thread.getByRole('listitem').filter({ hasText: 'The glaze on this mug is lovely.' }).waitFor();
    expect(await thread.getByText('ada@example.com').count()).toBe(0);
    await again.getByRole('button', { name: /^Like,/ }).waitFor();
    expect(await again.getByRole('button', { name: /^Like,/ }).textContent()).toContain('1 like');
    await saveScreenshot(again, 'comments desktop');
    expect(ui.pageErrors).toEqual([]);
  });

  it('opens the cover page, the popup overlay page, a subscription confirmed and an order received on a phone and a desktop, by keyboard', async () => {
    // The orders, placed as the checkout does: a subscription paid by the test card, a download paid offline.
    const shopper = await ui.open(DESKTOP);
    await shopper.goto(`${ui.server.url}/`);
    const post = async (url: string, data: unknown, key: string) => {
      const crumb = (await shopper.context().cookies()).find((c) => c.name === 'crumb')!.value;
      const res = await shopper.request.post(`${ui.server.url}${url}`, { data, headers: { 'x-csrf-token': crumb, 'idempotency-key': key } });
      return (await res.json()) as { cartToken: string; confirmationUrl: string };
    };
    const { email: _, ...address } = ADA;
    const cart = await post('/api/3/commerce/cart/subscription', { itemId: await itemIdOf('/shop/roasters-choice-subscription'), sku: 'SUB-250', qty: 1 }, 'c');
    const subscribed = await post(
      '/api/commerce/checkout',
      {
        cartToken: cart.cartToken,
        email: 'subscriber@example.com',
        shippingAddress: { ...address, country: 'US' },
        shippingOptionId: 'standard',
        payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
      },
      'e2e-extras-subscription',
    );
    expect(subscribed.confirmationUrl).toMatch(/^\/checkout\/subscription-confirmed\?token=/);
    await post('/api/commerce/shopping-cart/entries', { itemId: await itemIdOf('/shop/the-brew-guide') }, 'e');
    const offline = await post('/api/commerce/checkout', { email: 'later@example.com', payment: { provider: 'offline' } }, 'e2e-extras-offline');
    const received = offline.confirmationUrl.replace('/checkout/order-confirmed', '/checkout/order-received');

    const pages = [
      { name: 'cover', url: '/welcome', heading: 'Fresh from the roaster', tab: /^Shop the coffee$/, owner: false },
      { name: 'popup overlay', url: '/popup-overlay', heading: 'Join the roasting list', tab: /^Email/, owner: true },
      {
        name: 'subscription confirmed',
        url: subscribed.confirmationUrl,
        heading: 'Your subscription has started',
        tab: /^Manage your subscription$/,
        owner: false,
      },
      { name: 'order received', url: received, heading: 'We have received your order', tab: /^Check your order status$/, owner: false },
    ];
    for (const [size, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const page of pages) {
        const p = await ui.open(options);
        if (page.owner) {
          await p.goto(`${ui.server.url}/config/login`);
          await p.getByLabel('Email').fill(OWNER.email);
          await p.getByLabel('Password').fill(OWNER.password);
          await p.keyboard.press('Enter');
          await p.waitForURL((url) => url.pathname === '/config/');
        }
        const answer = await p.goto(`${ui.server.url}${page.url}`);
        expect(answer?.status(), page.name).toBe(200);
        await p.getByRole('heading', { level: 1, name: page.heading }).waitFor();
        expect(await seriousViolations(p), `${page.name}, ${size}`).toEqual([]);
        // Nothing wider than the screen.
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${page.name}, ${size}`).toBe(true);
        await saveScreenshot(p, `${page.name} ${size}`);
        await tabTo(p, page.tab);
      }
    }
    // The cover stands alone (no header or footer) and its call to action leads on from the keyboard.
    const cover = await ui.open(PHONE);
    await cover.goto(`${ui.server.url}/welcome`);
    expect(await cover.locator('.site-header, .site-footer').count()).toBe(0);
    await tabTo(cover, /^Shop the coffee$/);
    await cover.keyboard.press('Enter');
    await cover.waitForURL(/\/shop$/);
    // A visitor does not get the overlay's page while it is off.
    expect((await cover.goto(`${ui.server.url}/popup-overlay`))?.status()).toBe(404);
    expect(ui.pageErrors).toEqual([]);
    // Eight pages, each checked with axe: more than the default 30 s on a busy machine.
  }, 120_000);
});
