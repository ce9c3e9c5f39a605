// The demo's gallery in Chromium: a slideshow moved by keyboard, its lightbox opened and closed with
// Escape (the focus back where it was), and no serious axe finding on a phone or a desktop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite, e2eSite, startServer } from './harness.js';
import { seriousViolations } from './shopper.js';

const site = e2eSite();
const SHOTS = process.env.GALLERY_SCREENSHOTS ?? path.join(os.tmpdir(), 'tessera-gallery-shots');

describe.skipIf(site.name !== 'demo')('the demo gallery in Chromium', () => {
  const ui = browserSuite(() => startServer(site));

  async function open(width: number, height: number) {
    await ui.page.setViewportSize({ width, height });
    const response = await ui.page.goto(`${ui.server.url}/gallery`);
    expect(response?.status()).toBe(200);
    await ui.page.waitForSelector('.gallery[data-tessera-mounted="gallery"]');
  }
  const current = () => ui.page.getAttribute('[data-gallery-go][aria-current="true"]', 'data-gallery-go');
  const shot = (name: string) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    return ui.page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  };

  it('moves the slideshow with the arrow keys and its buttons', async () => {
    await open(1280, 900);
    const gallery = ui.page.locator('.gallery');
    await expect(gallery.getAttribute('aria-roledescription')).resolves.toBe('carousel');
    await expect(ui.page.locator('.gallery__slide').first().getAttribute('aria-label')).resolves.toBe('1 of 9');
    expect(await ui.page.isVisible('.gallery__controls')).toBe(true);
    expect(await current()).toBe('1');
    await ui.page.focus('[data-gallery-step="1"]');
    await ui.page.keyboard.press('ArrowRight');
    expect(await current()).toBe('2');
    await ui.page.keyboard.press('Enter');
    expect(await current()).toBe('3');
    // The list scrolled to the third picture.
    await ui.page.waitForFunction(() => {
      const list = document.querySelector<HTMLElement>('.gallery__list')!;
      const third = list.children[2] as HTMLElement;
      return Math.abs(list.scrollLeft - third.offsetLeft) < 4;
    });
    await ui.page.keyboard.press('ArrowLeft');
    expect(await current()).toBe('2');
    // From the first picture, back goes round to the last.
    await ui.page.click('[data-gallery-go="1"]');
    await ui.page.focus('[data-gallery-step="-1"]');
    await ui.page.keyboard.press('Enter');
    expect(await current()).toBe('9');
    await shot('slideshow-1280');
    expect(ui.pageErrors).toEqual([]);
  });

  it('opens the lightbox from a picture, keeps the focus inside, moves with the arrows and closes with Escape', async () => {
    await open(1280, 900);
    const opener = ui.page.locator('.gallery__link').first();
    await opener.focus();
    await ui.page.keyboard.press('Enter');
    const dialog = ui.page.locator('dialog.gallery-lightbox');
    await dialog.waitFor();
    expect(await dialog.getAttribute('class')).toContain('gallery-lightbox--dark');
    expect(await ui.page.evaluate(() => document.querySelector('dialog')!.matches(':modal'))).toBe(true);
    expect(await dialog.locator('figcaption').textContent()).toBe('Roastery at dawn (1 of 9)');
    await shot('lightbox-1280');
    expect(await seriousViolations(ui.page), 'lightbox').toEqual([]);
    for (let i = 0; i < 5; i++) {
      await ui.page.keyboard.press('Tab');
      expect(await ui.page.evaluate(() => document.activeElement?.closest('dialog') != null)).toBe(true);
    }
    await ui.page.keyboard.press('Shift+Tab');
    expect(await ui.page.evaluate(() => document.activeElement?.closest('dialog') != null)).toBe(true);
    await ui.page.keyboard.press('ArrowRight');
    expect(await dialog.locator('figcaption').textContent()).toBe('Green coffee (2 of 9)');
    await ui.page.keyboard.press('ArrowLeft');
    await ui.page.keyboard.press('ArrowLeft');
    expect(await dialog.locator('figcaption').textContent()).toBe('Market stall (9 of 9)');
    await ui.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await ui.page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/gallery/roastery-at-dawn');
    // The page did not leave for the picture's own page.
    expect(new URL(ui.page.url()).pathname).toBe('/gallery');
    expect(ui.pageErrors).toEqual([]);
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    it(`has no serious accessibility finding at ${width} px, and fits the screen`, async () => {
      await open(width, height);
      expect(await seriousViolations(ui.page), `gallery, ${width} px`).toEqual([]);
      expect(await ui.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(`gallery-${width}`);
    });
  }
});
