// The owner's customer pages in Chromium, against the built server and the demo shop: a member who
// bought the Members' Club and a guest who ordered show in the list; a store manager, from the keyboard
// alone, finds the member, takes Lessons back and grants it again (the member's own browser finds the
// area closed, then open, at its next page), mails a password reset and signs the member out
// everywhere. A reporting account reads without any action; a viewer cannot open the page. Both
// pages fit a phone (390 px) and a desktop (1280 px) with no serious accessibility violation;
// screenshots go to test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSite, saveScreenshot, studioSuite } from './harness.js';
import { seriousViolations, tabTo } from './shopper.js';

const site = e2eSite();
const PASSWORD = 'a long e2e staff password';
const STAFF = {
  shop: { email: 'shop@customers.test', role: 'store-manager' },
  reporting: { email: 'reports@customers.test', role: 'reporting' },
  viewer: { email: 'viewer@customers.test', role: 'viewer' },
} as const;
const MEMBER = { email: 'ada@example.com', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' };
const GUEST = 'grace@example.com';
const CARD = '4242 4242 4242 4242';
const LESSON = '/lessons/reading-a-roast-profile';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe.runIf(site.name === 'demo')("the owner's customer pages in Chromium", () => {
  const ui = studioSuite(STAFF, PASSWORD);

  /** The member's own browser, kept across the tests: signed up, and a member by buying the club. */
  let member: Page;

  async function signIn(who: keyof typeof STAFF, page: string, options: object = DESKTOP): Promise<Page> {
    const context = await ui.browser.newContext(options);
    const p = await context.newPage();
    p.on('pageerror', (e) => ui.pageErrors.push(`${p.url()}: ${e.message}`));
    await p.goto(`${ui.server.url}${page}`);
    await p.waitForURL(/\/config\/login\?next=/);
    await p.getByLabel('Email').fill(STAFF[who].email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.keyboard.press('Enter');
    return p;
  }

  /** A shopper's JSON call, with the crumb its browser holds. */
  async function post(p: Page, url: string, data: unknown, headers: Record<string, string> = {}) {
    const crumb = (await p.context().cookies()).find((c) => c.name === 'crumb')!.value;
    const res = await p.request.post(`${ui.server.url}${url}`, { data, headers: { 'x-csrf-token': crumb, ...headers } });
    return { status: res.status(), json: await res.json() };
  }

  async function lessonStatus(): Promise<number | undefined> {
    return (await member.goto(`${ui.server.url}${LESSON}`))?.status();
  }

  it('lists a member who bought the club and a guest who ordered, newest first', async () => {
    const memberContext = await ui.browser.newContext(DESKTOP);
    member = await memberContext.newPage();
    await member.goto(`${ui.server.url}/lessons`);
    const join = (await (await member.request.get(`${ui.server.url}/lessons?format=json`)).json()).memberAccess.joinOptions[0].expressCheckout;
    const signedUp = await post(member, '/api/site-users/account', MEMBER);
    expect(signedUp.status).toBe(201);
    const order = { expressCheckout: join, email: MEMBER.email, payment: { provider: 'test', cardNumber: CARD } };
    const bought = await post(member, '/api/commerce/checkout', order, { 'idempotency-key': 'e2e-customers-member-1' });
    expect(bought.status).toBe(201);
    // As the membership-confirmed page does: the order, named by its token, joins the account.
    const orderToken = new URL(bought.json.confirmationUrl, ui.server.url).searchParams.get('token');
    expect((await post(member, '/api/site-users/account/memberships', { orderToken }, { 'x-xsrf-token': signedUp.json.xsrfToken })).status).toBe(200);
    expect(await lessonStatus()).toBe(200);
    const guest = await (await ui.browser.newContext()).newPage();
    await guest.goto(`${ui.server.url}/`);
    // The guest buys a mug, shipped: their page lists the address.
    const mug = (await (await guest.request.get(`${ui.server.url}/shop/stoneware-mug?format=json`)).json()).item.id;
    expect((await post(guest, '/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'MUG-BLU-12', quantity: 2 })).status).toBe(200);
    const shipped = {
      email: GUEST,
      shippingAddress: {
        firstName: 'Grace',
        lastName: 'Hopper',
        address1: '1 Cobol Lane',
        city: 'Arlington',
        region: 'VA',
        postalCode: '22201',
        country: 'US',
      },
      shippingOptionId: 'standard',
      payment: { provider: 'offline' },
    };
    expect((await post(guest, '/api/commerce/checkout', shipped, { 'idempotency-key': 'e2e-customers-guest-1' })).status).toBe(201);
    await guest.context().close();

    const p = await signIn('shop', '/config/customers');
    await p.waitForURL(/\/config\/customers$/);
    const table = p.getByRole('table', { name: 'Customers, by latest order' });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toContain(GUEST);
    expect(await rows.nth(2).innerText()).toContain('Ada Lovelace');
    expect(await rows.nth(2).innerText()).toContain('1');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customers list desktop');
    await p.context().close();
  });

  it('works from the keyboard alone: search, open the member, take Lessons back and grant it again, reset, sign out everywhere', async () => {
    const p = await signIn('shop', '/config/customers');
    await p.getByRole('table').waitFor();
    await tabTo(p, /^Search customers/);
    await p.keyboard.type('lovelace');
    await p.keyboard.press('Enter');
    await p.getByRole('status').getByText('Page 1: 1 customer matching “lovelace”.').waitFor();
    expect(p.url()).toMatch(/\/config\/customers\?q=lovelace$/);
    await tabTo(p, /^Ada Lovelace$/);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/config\/customers\/[0-9a-f]{24}$/);
    await p.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).waitFor();
    const memberships = p.locator('section', { has: p.getByRole('heading', { name: 'Memberships' }) });
    expect(await memberships.innerText()).toContain('Bought with order #');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customer member desktop');

    // Take Lessons back: the question takes the button's place, its confirming button focused.
    await tabTo(p, /^Take back Lessons$/);
    await p.keyboard.press('Enter');
    const question = p.getByRole('group', { name: 'Take back Lessons' });
    await question.waitFor();
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Take it back');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customer confirm take back desktop');
    await p.keyboard.press('Enter');
    await p.getByRole('status').getByText(`Lessons taken back from ${MEMBER.email}: it closes at their next page.`).waitFor();
    expect(await lessonStatus()).toBe(403);

    await tabTo(p, /^Members' area to grant/);
    await tabTo(p, /^Grant$/, 3);
    await p.keyboard.press('Enter');
    await p.getByRole('status').getByText(`Lessons granted to ${MEMBER.email}: they can open it now.`).waitFor();
    expect(await memberships.innerText()).toContain(`Granted by ${STAFF.shop.email}`);
    expect(await lessonStatus()).toBe(200);

    await tabTo(p, /^Send password reset$/);
    await p.keyboard.press('Enter');
    await p.getByRole('status').getByText(`A password reset link was mailed to ${MEMBER.email}. It works once, for an hour.`).waitFor();

    await tabTo(p, /^Sign out everywhere$/);
    await p.keyboard.press('Enter');
    await p.getByRole('group', { name: 'Sign out everywhere' }).waitFor();
    await p.keyboard.press('Enter');
    await p.getByRole('status').getByText(`${MEMBER.email} was signed out of 1 session.`).waitFor();
    // The member's browser is signed out: the lesson is closed to it again.
    expect(await lessonStatus()).toBe(403);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customer after actions desktop');
    expect(ui.pageErrors).toEqual([]);
    await p.context().close();
  });

  it('fits a phone: the list as cards, the customer page in one column, no serious violation', async () => {
    const p = await signIn('shop', '/config/customers', PHONE);
    await p.getByRole('table').waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customers list phone');
    await p.getByRole('link', { name: 'Ada Lovelace' }).click();
    await p.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await p.getByRole('button', { name: 'Sign out everywhere' }).click();
    await p.getByRole('group', { name: 'Sign out everywhere' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customer member phone');
    // A guest: the order waiting for its offline payment, the address, no account and no action.
    await p.goto(`${ui.server.url}/config/customers/${encodeURIComponent(GUEST)}`);
    // Named by the order's buyer name once checkout records it (orders.customer_name), by the email until then.
    await p.getByRole('heading', { level: 2, name: /^(Grace Hopper|grace@example\.com)$/ }).waitFor();
    expect(await p.getByText('1 Cobol Lane').count()).toBe(1);
    expect(await p.getByText('Awaiting payment').count()).toBe(1);
    expect(await p.getByRole('button', { name: /Send password reset|Sign out everywhere|Grant/ }).count()).toBe(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customer guest phone');
    await p.context().close();
  });

  it('shows a reporting account the customers without any action, and keeps a viewer out', async () => {
    const p = await signIn('reporting', '/config/customers');
    await p.waitForURL(/\/config\/customers$/);
    await p.getByRole('link', { name: 'Ada Lovelace' }).click();
    await p.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).waitFor();
    expect(await p.getByRole('button', { name: /Take back|Grant|Send password reset|Sign out everywhere/ }).count()).toBe(0);
    expect(await p.getByRole('combobox').count()).toBe(0);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'customer reporting desktop');
    await p.context().close();

    const viewer = await signIn('viewer', '/config/customers');
    await viewer.waitForLoadState('networkidle');
    // A viewer's role opens no studio page: the customers page sends it back to the sign-in, every time.
    await viewer.goto(`${ui.server.url}/config/customers`);
    expect(viewer.url()).toBe(`${ui.server.url}/config/login?next=%2Fconfig%2Fcustomers`);
    expect(await viewer.getByRole('table').count()).toBe(0);
    await viewer.context().close();
  });
});
