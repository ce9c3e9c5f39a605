// The owner's studio in Chromium, against the built server: the navigation frame lists only the pages
// the signed-in account's role may open (an admin, a reporting account, a store manager), works from
// the keyboard, opens from the Menu button on a phone, and has no serious accessibility violation at
// 390 px or 1280 px. Screenshots of the frame go to test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = {
  admin: { email: 'owner@studio.test', role: null },
  reporting: { email: 'reports@studio.test', role: 'reporting' },
  shop: { email: 'shop@studio.test', role: 'store-manager' },
} as const;
const PHONE = STUDIO_PHONE;
const DESKTOP = STUDIO_DESKTOP;

describe("the owner's studio in Chromium", () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);

  const signIn = (who: keyof typeof ACCOUNTS, page: string, options: object = DESKTOP): Promise<Page> =>
    signInToStudio(ui, { email: ACCOUNTS[who].email, password: PASSWORD }, page, options);
  const links = (p: Page) => p.getByRole('navigation', { name: 'Studio' }).getByRole('link').allTextContents();

  it("lists only the pages the account's role may open: all for an admin; orders, customers, analytics and restock for a reporting account; orders, customers, restock and the store's settings for a store manager", async () => {
    const admin = await signIn('admin', '/config/restock');
    expect(await links(admin)).toEqual([
      'Home',
      'Pages',
      'Orders',
      'Customers',
      'Products',
      'Inventory',
      'Reviews',
      'Analytics',
      'Comments',
      'Form submissions',
      'Mailing list',
      'Restock notifications',
      'Media',
      'Design',
      'Store settings',
      'Marketing and cookies',
      'Staff',
    ]);
    expect(await admin.getByRole('link', { name: 'Restock notifications' }).getAttribute('aria-current')).toBe('page');
    const reporting = await signIn('reporting', '/config/restock');
    expect(await links(reporting)).toEqual(['Home', 'Orders', 'Customers', 'Analytics', 'Restock notifications']);
    await reporting.getByRole('link', { name: 'Analytics' }).click();
    await reporting.waitForURL(/\/config\/analytics$/);
    await reporting.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(await reporting.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    const shop = await signIn('shop', '/config/restock');
    expect(await links(shop)).toEqual([
      'Home',
      'Orders',
      'Customers',
      'Products',
      'Inventory',
      'Reviews',
      'Form submissions',
      'Mailing list',
      'Restock notifications',
      'Media',
      'Store settings',
    ]);
    expect(await shop.getByRole('banner').getByText(ACCOUNTS.shop.email).count()).toBe(1);
  });

  it('works from the keyboard on a desktop: the skip link reaches the page, the links and Sign out are in the tab order, focus is visible', async () => {
    const p = await signIn('admin', '/config/analytics');
    await p.getByRole('img', { name: /Visits and page views per day/ }).waitFor();
    expect(await p.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the content');
    await p.keyboard.press('Enter');
    expect(await p.evaluate(() => document.activeElement?.id)).toBe('studio-main');
    // Tab from the skip link: the sign-out button, each page of the navigation, then the page's first control.
    const expected = [
      'Sign out',
      'Home',
      'Pages',
      'Orders',
      'Customers',
      'Products',
      'Inventory',
      'Reviews',
      'Analytics',
      'Comments',
      'Form submissions',
      'Mailing list',
      'Restock notifications',
      'Media',
      'Design',
      'Store settings',
      'Marketing and cookies',
      'Staff',
      '7 days',
    ];
    const order: string[] = [];
    await p.evaluate(() => (document.querySelector('.skip-link') as HTMLElement).focus());
    for (let i = 0; i < expected.length; i++) {
      await p.keyboard.press('Tab');
      order.push(await p.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(order).toEqual(expected);
    const outline = await p.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'studio frame analytics desktop');
  });

  it('opens the list from the Menu button on a phone, closes it with Escape, and fits the screen', async () => {
    const p = await signIn('reporting', '/config/restock', PHONE);
    // Closed, the list is hidden from everyone (display: none): found by its id, not by its role.
    const nav = p.locator('#studio-nav');
    const menu = p.getByRole('button', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(true);
    expect(await nav.isVisible()).toBe(false);
    // Signing out needs no menu.
    expect(await p.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await menu.focus();
    await p.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await p.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Analytics' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'studio frame menu open phone');
    await p.keyboard.press('Tab');
    await p.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    expect(await nav.isVisible()).toBe(false);
    await saveScreenshot(p, 'studio frame restock phone');
  });
});
