// The demo shop in Atelier, the second built-in theme, in Chromium on a phone and a desktop: the
// home page, the shop, a product (added to the cart), a journal post and the contact form, each with
// no serious or critical axe finding and a screenshot in test-results/; Atelier's masthead and
// editorial layout where the default theme has its own; the phone's menu worked with the keyboard.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, demoSiteCopy, REPO, saveScreenshot, startServer } from './harness.js';
import { seriousViolations } from './shopper.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PAGES = ['/', '/shop', '/shop/stoneware-mug', '/journal/how-we-choose-green-coffee', '/contact'];

/** The demo site folder with site.json choosing Atelier, as an owner would write it. */
async function demoInAtelier(): Promise<string> {
  return demoSiteCopy('atelier', (site) => {
    site.theme = 'atelier';
  });
}

describe('the demo shop in Atelier', () => {
  let siteDir = '';
  const ui = browserSuite(
    async () => {
      siteDir = await demoInAtelier();
      return startServer({ siteDir, themesDir: path.join(REPO, 'themes') });
    },
    { context: false, cleanUp: () => fs.rm(siteDir, { recursive: true, force: true }) },
  );

  /** Opens a page and waits for the islands it needs. */
  const visit = async (p: Page, url: string) => {
    const res = await p.goto(ui.server.url + url);
    expect(res?.status(), url).toBe(200);
    if (url.startsWith('/shop/')) await p.locator('.add-to-cart-island button').first().waitFor();
    if (url === '/contact') await p.locator('.tessera-form-island form[data-form-id="contact"]').waitFor();
  };

  for (const [device, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the home page, shop, a product, a post and the contact form on a ${device} with no serious accessibility finding`, async () => {
      const p = await ui.open(options);
      for (const url of PAGES) {
        await visit(p, url);
        expect(await p.locator('h1').count(), url).toBe(1);
        expect(await seriousViolations(p), url).toEqual([]);
        await saveScreenshot(p, `atelier ${device} ${url === '/' ? 'home' : url}`);
      }
      expect(ui.pageErrors).toEqual([]);
    });
  }

  it("lays the pages out as Atelier: the site's name centred above the navigation, the headings in the display face, the pictures stacked beside sticky details", async () => {
    const p = await ui.open(DESKTOP);
    await visit(p, '/shop/stoneware-mug');
    const brand = await p.locator('.site-brand').boundingBox();
    const nav = await p.locator('.site-nav').boundingBox();
    // Centred (within a pixel or two) and above the navigation's row.
    expect(Math.abs(brand!.x + brand!.width / 2 - 640)).toBeLessThan(4);
    expect(nav!.y).toBeGreaterThanOrEqual(brand!.y + brand!.height);
    const looks = await p.evaluate(() => {
      const css = (sel: string) => getComputedStyle(document.querySelector(sel)!);
      const items = Array.from(document.querySelectorAll('.product-gallery__item'), (el) => el.getBoundingClientRect());
      return {
        headingFont: css('h1').fontFamily,
        summaryPosition: css('.product-summary').position,
        stacked: items.length > 1 && items[1]!.x === items[0]!.x && items[1]!.y > items[0]!.y,
        footer: css('.site-footer').backgroundColor,
        buttonRadius: css('.sqs-add-to-cart-button').borderTopLeftRadius,
      };
    });
    expect(looks.headingFont).toMatch(/Fraunces/);
    expect(looks.summaryPosition).toBe('sticky');
    expect(looks.stacked).toBe(true);
    // The footer is the dark colour theme; buttons are square, the theme's default shape.
    expect(looks.footer).toBe('rgb(23, 23, 26)');
    expect(looks.buttonRadius).toBe('0px');
  });

  it("follows the site's style properties over its own defaults: colours, type sizes, button shape and fill, the sticky header", async () => {
    const p = await ui.open({ ...DESKTOP, reducedMotion: 'reduce' });
    await visit(p, '/shop/stoneware-mug');
    const read = () =>
      p.evaluate(() => {
        const css = (sel: string) => getComputedStyle(document.querySelector(sel)!);
        const button = css('.sqs-add-to-cart-button');
        return {
          radius: button.borderTopLeftRadius,
          background: button.backgroundColor,
          heading: css('h1').color,
          size: css('h1').fontSize,
          header: css('.site-header').position,
        };
      });
    expect(await read()).toEqual({ radius: '0px', background: 'rgb(23, 23, 26)', heading: 'rgb(23, 23, 26)', size: '40px', header: 'relative' });
    // What the site's <style id="tessera-styles"> carries once an owner changes them (set on :root, as the server writes it).
    await p.addStyleTag({
      content:
        ':root { --setting-button-shape: pill; --setting-header-sticky: 1; --color-button-background: #a8431f; --color-heading: #2d5070; --font-size-heading2: 3rem; }',
    });
    await expect.poll(read).toEqual({ radius: '999px', background: 'rgb(168, 67, 31)', heading: 'rgb(45, 80, 112)', size: '48px', header: 'sticky' });
    await p.addStyleTag({ content: ':root { --setting-button-shape: "rounded"; --setting-button-fill: outline; }' });
    await expect.poll(read).toMatchObject({ radius: '6px', background: 'rgba(0, 0, 0, 0)' });
  });

  it('adds a product to the cart: the header and the pill cart count it', async () => {
    const p = await ui.open(DESKTOP);
    await visit(p, '/shop/stoneware-mug');
    await p.getByLabel('Select Colour').selectOption('Sand');
    await p.getByLabel('Select Size').selectOption('8 oz');
    await p.locator('.add-to-cart-island button').first().click();
    await expect.poll(() => p.locator('[data-cart-indicator] .sqs-cart-quantity').innerText()).toBe('1');
    await expect.poll(() => p.locator('#tessera-pill-cart').textContent()).toBe('1 item');
    await saveScreenshot(p, 'atelier desktop product added');
    expect(ui.pageErrors).toEqual([]);
  });

  it("works the phone's menu with the keyboard: opens it, reaches its links, follows one", async () => {
    const p = await ui.open(PHONE);
    await visit(p, '/');
    expect(await p.locator('.site-nav').isVisible()).toBe(false);
    const toggle = p.locator('.mobile-menu__toggle');
    for (let i = 0; i < 20 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await p.keyboard.press('Tab');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.keyboard.press('Enter');
    const panel = p.locator('.mobile-menu__panel');
    await panel.waitFor({ state: 'visible' });
    await saveScreenshot(p, 'atelier phone menu');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.closest('.mobile-menu__panel') !== null)).toBe(true);
    const journal = panel.getByRole('link', { name: 'Journal' });
    for (let i = 0; i < 20 && !(await journal.evaluate((el) => el === document.activeElement)); i++) await p.keyboard.press('Tab');
    await p.keyboard.press('Enter');
    await p.waitForURL('**/journal');
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe('Journal');
  });
});
