// Visitor accounts, members' areas, site passwords and languages, as a visitor lives them in Chromium
// against the built server and the demo shop: joining through the paywall product, signing in and out,
// watching a lesson, the access-denied page, the protected page, and the site in French.
import { describe, expect, it } from 'vitest';
import { browserSuite, e2eSite, saveScreenshot, startServer } from './harness.js';

const site = e2eSite();
const EMAIL = `member-${Date.now()}@example.com`;
const PASSWORD = 'correct horse battery';
const CARD = '4242 4242 4242 4242';
const LESSON = '/lessons/reading-a-roast-profile';

describe.runIf(site.name === 'demo')('accounts, members and languages in Chromium', () => {
  const ui = browserSuite(() => startServer(site), { context: { viewport: { width: 1280, height: 900 } } });

  const signOut = async () => {
    await ui.page.goto(`${ui.server.url}/account`);
    await ui.page.getByRole('button', { name: 'Sign out' }).click();
    await ui.page.waitForURL(`${ui.server.url}/`);
  };

  it('joins through the paywall product, signs in, watches a lesson, signs out and sees the access-denied page', async () => {
    // A visitor meets the members' area: the access-denied page with its join button.
    const denied = await ui.page.goto(`${ui.server.url}/lessons`);
    expect(denied?.status()).toBe(403);
    await expect(ui.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This area is for members');
    await ui.page.locator('[data-tessera-island="member-access"][data-tessera-mounted]').waitFor({ state: 'attached' });
    await ui.page.getByRole('link', { name: 'Join' }).click();
    await ui.page.getByLabel('Card number').waitFor();
    // The join form: an account, then the membership bought by express checkout with the test card.
    await ui.page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await ui.page.getByLabel('Choose a password').fill(PASSWORD);
    await ui.page.getByLabel('Card number').fill(CARD);
    await saveScreenshot(ui.page, 'accounts join form desktop');
    const checkout = ui.page.waitForRequest((r) => r.url().endsWith('/api/commerce/checkout') && r.method() === 'POST');
    await ui.page.getByRole('button', { name: /^Join for/ }).click();
    const body = (await checkout).postDataJSON();
    expect(body).toMatchObject({ expressCheckout: { quantity: 1 }, email: EMAIL, payment: { provider: 'test', cardNumber: CARD } });
    await ui.page.waitForURL(/\/commerce\/membership-confirmed\?token=/);
    await expect(ui.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome, member');
    const cookies = await ui.context.cookies();
    expect(cookies.find((c) => c.name === 'tessera_member')).toMatchObject({ httpOnly: true });
    const info = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'SiteUserInfo')!.value));
    expect(info).toMatchObject({ authenticated: true, siteUserId: expect.any(String) });
    expect(await ui.page.evaluate(() => localStorage.getItem('tessera.xsrfToken'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Sign out, then in again with the new account.
    await signOut();
    expect((await ui.context.cookies()).find((c) => c.name === 'tessera_member')).toBeUndefined();
    await ui.page.goto(`${ui.server.url}/account/login?next=${encodeURIComponent(LESSON)}`);
    await ui.page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await ui.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await ui.page.getByRole('button', { name: 'Sign in' }).click();
    await ui.page.waitForURL(`${ui.server.url}${LESSON}`);

    // The lesson's video plays, with its captions track. (The lesson-view event it publishes is forwarded
    // by the collectors once the bootstrap connects the event bus to them.)
    const video = ui.page.locator('video[data-lesson-video]');
    await expect(video.count()).resolves.toBe(1);
    expect(await ui.page.locator('video track[kind="captions"]').count()).toBe(1);
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await ui.page.waitForFunction(() => (document.querySelector('video[data-lesson-video]') as HTMLVideoElement).currentTime > 0.5, undefined, {
      timeout: 15_000,
    });
    const src = await ui.page.locator('video[data-lesson-video] source').getAttribute('src');
    expect((await ui.page.request.get(ui.server.url + src!)).status()).toBe(200);
    await saveScreenshot(ui.page, 'accounts lesson member desktop');

    // The account page lists the membership and its order.
    await ui.page.goto(`${ui.server.url}/account`);
    await expect(ui.page.locator('.account-memberships').innerText()).resolves.toContain('Lessons');
    await expect(ui.page.locator('.account-orders').innerText()).resolves.toContain("Roastery Members' Club");

    // Signed out, the lesson is closed again: the access-denied page, and its video is refused.
    await signOut();
    const after = await ui.page.goto(`${ui.server.url}${LESSON}`);
    expect(after?.status()).toBe(403);
    await expect(ui.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This area is for members');
    expect(await ui.page.locator('video').count()).toBe(0);
    expect((await ui.page.request.get(ui.server.url + src!)).status()).toBe(403);
    expect(ui.pageErrors).toEqual([]);
  });

  it('shows a preview lesson to visitors with the paywall button instead of its video', async () => {
    await ui.page.goto(`${ui.server.url}/lessons/dialing-in-espresso`);
    const paywallView = await ui.page.locator('[data-lesson-paywall]').count();
    expect(paywallView).toBe(1);
    expect(await ui.page.locator('video').count()).toBe(0);
    await ui.page.locator('[data-tessera-island="lesson-video"][data-tessera-mounted]').waitFor({ state: 'attached' });
    await ui.page.locator('[data-lesson-paywall]').click();
    await ui.page.getByRole('button', { name: /^Join for/ }).waitFor();
    expect(await ui.page.locator('video').count()).toBe(0);
    await saveScreenshot(ui.page, 'accounts lesson paywall desktop');
  });

  it('unlocks the protected page with its password, after refusing a wrong one', async () => {
    const locked = await ui.page.goto(`${ui.server.url}/wholesale`);
    expect(locked?.status()).toBe(403);
    expect(await ui.page.locator('main').innerText()).not.toContain('price list');
    // The island answers the form in place once it is mounted.
    await ui.page.locator('.password-form[data-tessera-mounted]').waitFor();
    await ui.page.getByLabel('Password', { exact: true }).fill('espresso');
    await ui.page.getByRole('button', { name: 'Enter' }).click();
    const error = ui.page.locator('main .password-form .field-error');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toBe('Incorrect password. Please try again.');
    await ui.page.getByLabel('Password', { exact: true }).fill('coffee for cafes');
    await ui.page.getByRole('button', { name: 'Enter' }).click();
    await ui.page.waitForSelector('text=wholesale price list');
    expect(await ui.page.locator('main').innerText()).toContain('$14 a pound');
  });

  it('switches the site language and sees prices and dates in that locale', async () => {
    await ui.page.goto(`${ui.server.url}/shop/stoneware-mug`);
    expect(await ui.page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await ui.page.locator('main').innerText()).toMatch(/\$\d+\.\d\d/);
    await ui.page.goto(`${ui.server.url}/journal`);
    const englishDates = (await ui.page.locator('main time').first().textContent())!.trim();
    expect(englishDates).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);

    // The translation widget: the language is recorded with POST /api/site-users/account/locale.
    await ui.page.locator('.site-header__actions .header-language').click();
    // The island is fetched when the list opens.
    await ui.page.locator('.site-header__actions [data-tessera-island="language-switcher"][data-tessera-mounted]').first().waitFor({ state: 'attached' });
    const locale = ui.page.waitForRequest((r) => r.url().endsWith('/api/site-users/account/locale'));
    await ui.page.getByRole('link', { name: 'Français' }).first().click();
    expect((await locale).postDataJSON()).toEqual({ language: 'fr-FR' });
    await ui.page.waitForURL(/lang=fr-FR/);
    expect(await ui.page.locator('html').getAttribute('lang')).toBe('fr-FR');
    const frenchDates = (await ui.page.locator('main time').first().textContent())!.trim();
    expect(frenchDates).toMatch(/\d{1,2} [a-zéû]+ \d{4}/);
    expect(frenchDates).not.toBe(englishDates);
    // The choice holds on the next pages, without the parameter.
    await ui.page.goto(`${ui.server.url}/shop/stoneware-mug`);
    expect(await ui.page.locator('html').getAttribute('lang')).toBe('fr-FR');
    const text = await ui.page.locator('main').innerText();
    expect(text).toContain('Tasse en grès');
    expect(text).toMatch(/\d+,\d\d\s\$US/);
    expect(text).toContain('Ajouter au panier');
    // The islands speak it too: the installment badge below the price.
    await ui.page.locator('.installment-badge button').first().waitFor();
    expect(await ui.page.locator('.installment-badge').innerText()).toMatch(/^disponible pour les commandes de plus de .+ avec Afterpay/);
    expect(await ui.page.locator('link[rel="alternate"][hreflang="en-US"]').count()).toBe(1);
    await saveScreenshot(ui.page, 'accounts product french desktop');
    expect(ui.pageErrors).toEqual([]);
  });

  it('screenshots the new pages on a phone and on a desktop', async () => {
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      await ui.page.setViewportSize(viewport);
      for (const path of [
        '/lessons',
        '/lessons/dialing-in-espresso',
        '/account/login',
        '/account/signup',
        '/account/reset-password',
        '/wholesale',
        '/?lang=fr-FR',
      ]) {
        await ui.page.goto(ui.server.url + path);
        const file = await saveScreenshot(ui.page, `accounts ${name} ${path}`);
        expect(file).toMatch(/\.png$/);
      }
      // Nothing is wider than the screen.
      expect(await ui.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });

  it('rendered every page without a template error and without a server error', async () => {
    const entries = ui.server.logEntries();
    expect(entries.filter((e) => String(e.msg).startsWith('template error'))).toEqual([]);
    expect(ui.server.serverErrors()).toEqual([]);
  });
});
