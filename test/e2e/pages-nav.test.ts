// The studio's Pages page in Chromium, against the built server and the demo shop, from the keyboard:
// an owner adds a Workshops page, gives it another slug, moves it up by dragging with the keyboard
// (Space, arrow, Space) and with Move up, hides it, and deletes a footer link after confirming; axe
// finds nothing serious on a phone and a desktop, and each screen's screenshot goes to test-results/.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = { admin: { email: 'owner@pages.test', role: null } } as const;

describe('the pages page in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);
  const signIn = (options: object) => signInToStudio(ui, { email: ACCOUNTS.admin.email, password: PASSWORD }, '/config/pages', options);
  const main = (p: Page) => p.getByRole('list', { name: 'Main navigation', exact: true });
  const node = (list: Locator, title: string) =>
    list
      .locator('li.page-node')
      .filter({ has: list.page().locator('.page-node-title > :first-child', { hasText: new RegExp(`^${title}$`) }) })
      .first();
  const status = (p: Page) => p.locator('.pages-page .status');
  const mainTitles = async (p: Page) =>
    (await p.evaluate(async () => (await fetch('/api/owner/pages')).json())).main.map((n: { title: string }) => n.title) as string[];
  /** Opens a node's actions and presses one of them, from the keyboard. */
  const act = async (p: Page, row: Locator, action: string) => {
    await row
      .getByRole('button', { name: /^Actions for / })
      .first()
      .focus();
    await p.keyboard.press('Enter');
    const button = row.getByRole('group', { name: /^Actions for / }).getByRole('button', { name: action, exact: true });
    await button.focus();
    await p.keyboard.press('Enter');
  };

  it('builds the navigation from the keyboard: add a page, rename its slug, move it, hide it, delete a link', async () => {
    const p = await signIn(STUDIO_DESKTOP);
    await node(main(p), 'Shop').waitFor();
    expect(await seriousViolations(p)).toEqual([]);

    // Add a page.
    await p.getByRole('button', { name: 'Add', exact: true }).focus();
    await p.keyboard.press('Enter');
    await p.keyboard.press('Enter'); // the first choice, Page, has the focus
    const add = p.getByRole('dialog', { name: 'Add page' });
    await add.getByLabel('Title').fill('Workshops');
    await p.keyboard.press('Enter');
    await status(p).filter({ hasText: '“Workshops” was added to Main navigation.' }).waitFor();
    const workshops = node(main(p), 'Workshops');
    await expect(workshops.locator('.status-badge', { hasText: 'Draft' }).count()).resolves.toBe(1);
    expect((await mainTitles(p)).at(-1)).toBe('Workshops');

    // Its slug: a reserved path is refused beside the field, then another is saved.
    await act(p, workshops, 'Settings');
    const settings = p.getByRole('dialog', { name: 'Settings of “Workshops”' });
    const slug = settings.getByLabel('URL slug');
    await slug.fill('cart');
    await p.keyboard.press('Enter');
    await settings.getByText('cart is not a valid page URL').waitFor();
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'pages settings desktop');
    await slug.fill('pottery-workshops');
    await p.keyboard.press('Enter');
    await status(p).filter({ hasText: 'Settings of “Workshops” saved.' }).waitFor();
    await workshops.getByText('/pottery-workshops').waitFor();

    // Move it up with the keyboard: its drag handle, Space, the up arrow, Space.
    const before = await mainTitles(p);
    await workshops.getByRole('button', { name: 'Drag Workshops' }).focus();
    // dnd-kit listens to the arrows once it has picked the node up: each step waits for its announcement.
    const spoken = p.locator('[id^="DndLiveRegion"]');
    await p.keyboard.press('Space');
    await spoken.filter({ hasText: 'Workshops is over Workshops in Main navigation.' }).waitFor();
    await p.keyboard.press('ArrowUp');
    await spoken.filter({ hasText: 'Workshops is over Contact in Main navigation.' }).waitFor();
    await p.keyboard.press('Space');
    await spoken.filter({ hasText: 'Workshops dropped at Contact in Main navigation.' }).waitFor();
    await status(p).filter({ hasText: '“Workshops” moved to Main navigation' }).waitFor();
    const dragged = await mainTitles(p);
    expect(dragged.indexOf('Workshops')).toBeLessThan(before.indexOf('Workshops'));
    // And with its Move up action.
    await act(p, workshops, 'Move up');
    // The drag's own status says "moved to Main navigation" too: wait for the list itself to change.
    await expect.poll(async () => (await mainTitles(p)).indexOf('Workshops')).toBe(dragged.indexOf('Workshops') - 1);
    await status(p)
      .filter({ hasText: /“Workshops” moved to Main navigation, place \d+ of \d+\./ })
      .waitFor();

    // Hide it.
    await act(p, node(main(p), 'Workshops'), 'Hide from navigation');
    await status(p).filter({ hasText: '“Workshops” is hidden from Main navigation.' }).waitFor();
    await node(main(p), 'Workshops').locator('.status-badge', { hasText: 'Hidden' }).waitFor();

    // Delete the footer's Gift cards link, after confirming.
    const footer = p.getByRole('list', { name: 'Footer', exact: true });
    await act(p, node(footer, 'Gift cards'), 'Delete');
    const confirm = p.getByRole('dialog', { name: 'Delete “Gift cards”?' });
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await p.keyboard.press('Enter');
    await status(p).filter({ hasText: '“Gift cards” was deleted.' }).waitFor();
    expect(await node(footer, 'Gift cards').count()).toBe(0);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'pages desktop');
    expect(ui.pageErrors).toEqual([]);
  });

  it('fits a phone, with its actions and dialogs', async () => {
    const p = await signIn(STUDIO_PHONE);
    await node(main(p), 'Shop').waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await act(p, node(main(p), 'Workshops'), 'Settings');
    await p.getByRole('dialog', { name: 'Settings of “Workshops”' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'pages settings phone');
    await p.keyboard.press('Escape');
    await node(main(p), 'About').getByRole('button', { name: 'Actions for About' }).click();
    await saveScreenshot(p, 'pages phone');
    expect(ui.pageErrors).toEqual([]);
  });
});
