// Visitor accounts, members' areas, site passwords and languages, as a visitor lives them in Chromium
// against the built server and the demo shop: joining through the paywall product, signing in and out,
// watching a lesson, the access-denied page, the protected page, and the site in French.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eSite, launchBrowser, saveScreenshot, screenshotOnFailure, startServer, type RunningServer } from './harness.js';

const site = e2eSite();
const EMAIL = `member-${Date.now()}@example.com`;
const PASSWORD = 'correct horse battery';
const CARD = '4242 4242 4242 4242';
const LESSON = '/lessons/reading-a-roast-profile';

describe.runIf(site.name === 'demo')('accounts, members and languages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(site), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    pageErrors.length = 0;
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterEach(async () => {
    await context?.close();
  });
  screenshotOnFailure(() => page);

  const signOut = async () => {
    await page.goto(`${server.url}/account`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
  };

  it('joins through the paywall product, signs in, watches a lesson, signs out and sees the access-denied page', async () => {
    // A visitor meets the members' area: the access-denied page with its join button.
    const denied = await page.goto(`${server.url}/lessons`);
    expect(denied?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This area is for members');
    await page.locator('[data-tessera-island="member-access"][data-tessera-mounted]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Join' }).click();
    await page.getByLabel('Card number').waitFor();
    // The join form: an account, then the membership bought by express checkout with the test card.
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Choose a password').fill(PASSWORD);
    await page.getByLabel('Card number').fill(CARD);
    await saveScreenshot(page, 'accounts join form desktop');
    const checkout = page.waitForRequest((r) => r.url().endsWith('/api/commerce/checkout') && r.method() === 'POST');
    await page.getByRole('button', { name: /^Join for/ }).click();
    const body = (await checkout).postDataJSON();
    expect(body).toMatchObject({ expressCheckout: { quantity: 1 }, email: EMAIL, payment: { provider: 'test', cardNumber: CARD } });
    await page.waitForURL(/\/commerce\/membership-confirmed\?token=/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome, member');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'tessera_member')).toMatchObject({ httpOnly: true });
    const info = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'SiteUserInfo')!.value));
    expect(info).toMatchObject({ authenticated: true, siteUserId: expect.any(String) });
    expect(await page.evaluate(() => localStorage.getItem('tessera.xsrfToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Sign out, then in again with the new account.
    await signOut();
    expect((await context.cookies()).find((c) => c.name === 'tessera_member')).toBeUndefined();
    await page.goto(`${server.url}/account/login?next=${encodeURIComponent(LESSON)}`);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}${LESSON}`);

    // The lesson's video plays, with its captions track. (The lesson-view event it publishes is forwarded
    // by the collectors once the bootstrap connects the event bus to them.)
    const video = page.locator('video[data-lesson-video]');
    await expect(video.count()).resolves.toBe(1);
    expect(await page.locator('video track[kind="captions"]').count()).toBe(1);
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video[data-lesson-video]') as HTMLVideoElement).currentTime > 0.5, undefined, { timeout: 15_000 });
    const src = await page.locator('video[data-lesson-video] source').getAttribute('src');
    expect((await page.request.get(server.url + src!)).status()).toBe(200);
    await saveScreenshot(page, 'accounts lesson member desktop');

    // The account page lists the membership and its order.
    await page.goto(`${server.url}/account`);
    await expect(page.locator('.account-memberships').innerText()).resolves.toContain('Lessons');
    await expect(page.locator('.account-orders').innerText()).resolves.toContain("Roastery Members' Club");

    // Signed out, the lesson is closed again: the access-denied page, and its video is refused.
    await signOut();
    const after = await page.goto(`${server.url}${LESSON}`);
    expect(after?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This area is for members');
    expect(await page.locator('video').count()).toBe(0);
    expect((await page.request.get(server.url + src!)).status()).toBe(403);
    expect(pageErrors).toEqual([]);
  });

  it('shows a preview lesson to visitors with the paywall button instead of its video', async () => {
    await page.goto(`${server.url}/lessons/dialing-in-espresso`);
    const paywallView = await page.locator('[data-lesson-paywall]').count();
    expect(paywallView).toBe(1);
    expect(await page.locator('video').count()).toBe(0);
    await page.locator('[data-tessera-island="lesson-video"][data-tessera-mounted]').waitFor({ state: 'attached' });
    await page.locator('[data-lesson-paywall]').click();
    await page.getByRole('button', { name: /^Join for/ }).waitFor();
    expect(await page.locator('video').count()).toBe(0);
    await saveScreenshot(page, 'accounts lesson paywall desktop');
  });

  it('unlocks the protected page with its password, after refusing a wrong one', async () => {
    const locked = await page.goto(`${server.url}/wholesale`);
    expect(locked?.status()).toBe(403);
    expect(await page.locator('main').innerText()).not.toContain('price list');
    // The island answers the form in place once it is mounted.
    await page.locator('.password-form[data-tessera-mounted]').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('espresso');
    await page.getByRole('button', { name: 'Enter' }).click();
    const error = page.locator('main .password-form .field-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toBe('Incorrect password. Please try again.');
    await page.getByLabel('Password', { exact: true }).fill('coffee for cafes');
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.waitForSelector('text=wholesale price list');
    expect(await page.locator('main').innerText()).toContain('$14 a pound');
  });

  it('switches the site language and sees prices and dates in that locale', async () => {
    await page.goto(`${server.url}/shop/stoneware-mug`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.locator('main').innerText()).toMatch(/\$\d+\.\d\d/);
    await page.goto(`${server.url}/journal`);
    const englishDates = (await page.locator('main time').first().textContent())!.trim();
    expect(englishDates).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);

    // The translation widget: the language is recorded with POST /api/site-users/account/locale.
    await page.locator('.site-header__actions .header-language').click();
    // The island is fetched when the list opens.
    await page.locator('.site-header__actions [data-tessera-island="language-switcher"][data-tessera-mounted]').first().waitFor({ state: 'attached' });
    const locale = page.waitForRequest((r) => r.url().endsWith('/api/site-users/account/locale'));
    await page.getByRole('link', { name: 'Français' }).first().click();
    expect((await locale).postDataJSON()).toEqual({ language: 'fr-FR' });
    await page.waitForURL(/lang=fr-FR/);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    const frenchDates = (await page.locator('main time').first().textContent())!.trim();
    expect(frenchDates).toMatch(/\d{1,2} [a-zéû]+ \d{4}/);
    expect(frenchDates).not.toBe(englishDates);
    // The choice holds on the next pages, without the parameter.
    await page.goto(`${server.url}/shop/stoneware-mug`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    const text = await page.locator('main').innerText();
    expect(text).toContain('Tasse en grès');
    expect(text).toMatch(/\d+,\d\d\s\$US/);
    expect(text).toContain('Ajouter au panier');
    // The islands speak it too: the installment badge below the price.
    await page.locator('.installment-badge button').first().waitFor();
    expect(await page.locator('.installment-badge').innerText()).toMatch(/^disponible pour les commandes de plus de .+ avec Afterpay/);
    expect(await page.locator('link[rel="alternate"][hreflang="en-US"]').count()).toBe(1);
    await saveScreenshot(page, 'accounts product french desktop');
    expect(pageErrors).toEqual([]);
  });

  it('screenshots the new pages on a phone and on a desktop', async () => {
    for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]] as const) {
      await page.setViewportSize(viewport);
      for (const path of ['/lessons', '/lessons/dialing-in-espresso', '/account/login', '/account/signup', '/account/reset-password', '/wholesale', '/?lang=fr-FR']) {
        await page.goto(server.url + path);
        const file = await saveScreenshot(page, `accounts ${name} ${path}`);
        expect(file).toMatch(/\.png$/);
      }
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });

  it('rendered every page without a template error and without a server error', async () => {
    const entries = server.logEntries();
    expect(entries.filter((e) => String(e.msg).startsWith('template error'))).toEqual([]);
    expect(server.serverErrors()).toEqual([]);
  });
});
