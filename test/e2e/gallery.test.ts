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
    await expect.poll(current).toBe('1');
    await ui.page.focus('[data-gallery-step="1"]');
    await ui.page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe('2');
    await ui.page.keyboard.press('Enter');
    await expect.poll(current).toBe('3');
    // The list scrolled to the third picture.
    await ui.page.waitForFunction(() => {
      const list = document.querySelector<HTMLElement>('.gallery__list')!;
      const third = list.children[2] as HTMLElement;
      return Math.abs(list.scrollLeft - third.offsetLeft) < 4;
    });
    // The current picture follows the list's scrolling: under load its last scroll event may land after the wait.
    await expect.poll(current).toBe('3');
    await ui.page.keyboard.press('ArrowLeft');
    await expect.poll(current).toBe('2');
    // From the first picture, back goes round to the last.
    await ui.page.click('[data-gallery-go="1"]');
    await ui.page.focus('[data-gallery-step="-1"]');
    await ui.page.keyboard.press('Enter');
    await expect.poll(current).toBe('9');
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

/** A copy of the demo site whose gallery has the given options (the demo's own stay as they are). */
function galleryCopy(galleryOptions: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-gallery-'));
  fs.cpSync(site.siteDir, dir, { recursive: true });
  const file = path.join(dir, 'collections', 'gallery.json');
  const gallery = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...gallery, galleryOptions }, null, 2));
  return dir;
}

describe.skipIf(site.name !== 'demo')('a slider that plays by itself, in Chromium', () => {
  let dir = '';
  const ui = browserSuite(
    () => {
      dir = galleryCopy({ design: 'carousel', autoplay: true, 'autoplay-duration': 1, lightbox: true, lightboxTheme: 'light' });
      return startServer({ siteDir: dir, themesDir: site.themesDir });
    },
    { cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }) },
  );
  /** The slide nearest the middle of the list, as the visitor sees it. */
  const shown = () =>
    ui.page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('.gallery__list')!;
      const middle = list.scrollLeft + list.clientWidth / 2;
      const slides = Array.from(list.children) as HTMLElement[];
      return slides.findIndex((s) => s.offsetLeft <= middle && middle < s.offsetLeft + s.offsetWidth + 1) + 1;
    });

  it('moves on every second, waits while hovered or focused, stops with its pause button', async () => {
    await ui.page.setViewportSize({ width: 1280, height: 900 });
    await ui.page.goto(`${ui.server.url}/gallery`);
    await ui.page.waitForSelector('.gallery--slider[data-tessera-mounted="gallery"]');
    expect(await ui.page.isVisible('[data-gallery-pause]')).toBe(true);
    await ui.page.waitForFunction(() => {
      const list = document.querySelector<HTMLElement>('.gallery__list')!;
      return list.scrollLeft > (list.children[1] as HTMLElement).offsetLeft - list.clientWidth / 2;
    });
    expect(await shown()).toBeGreaterThanOrEqual(2);
    // Focus inside holds it still.
    await ui.page.focus('.gallery__link');
    await ui.page.waitForTimeout(300);
    const held = await ui.page.evaluate(() => document.querySelector<HTMLElement>('.gallery__list')!.scrollLeft);
    await ui.page.waitForTimeout(1500);
    expect(await ui.page.evaluate(() => document.querySelector<HTMLElement>('.gallery__list')!.scrollLeft)).toBe(held);
    // The pause button stops it for good, and says so.
    await ui.page.click('[data-gallery-pause]');
    expect(await ui.page.getAttribute('[data-gallery-pause]', 'aria-label')).toBe('Play');
    await ui.page.mouse.move(5, 5);
    await ui.page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await ui.page.waitForTimeout(300);
    const stopped = await ui.page.evaluate(() => document.querySelector<HTMLElement>('.gallery__list')!.scrollLeft);
    await ui.page.waitForTimeout(1500);
    expect(await ui.page.evaluate(() => document.querySelector<HTMLElement>('.gallery__list')!.scrollLeft)).toBe(stopped);
    // The light lightbox opens from the slider too.
    await ui.page.click('.gallery__link >> nth=0');
    expect(await ui.page.getAttribute('dialog.gallery-lightbox', 'class')).toContain('gallery-lightbox--light');
    expect(await seriousViolations(ui.page)).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('never moves by itself for a visitor who asks for reduced motion', async () => {
    await ui.page.emulateMedia({ reducedMotion: 'reduce' });
    await ui.page.goto(`${ui.server.url}/gallery`);
    await ui.page.waitForSelector('.gallery--slider[data-tessera-mounted="gallery"]');
    await ui.page.waitForTimeout(2500);
    expect(await ui.page.evaluate(() => document.querySelector<HTMLElement>('.gallery__list')!.scrollLeft)).toBe(0);
    expect(await ui.page.isVisible('[data-gallery-pause]')).toBe(false);
  });

  it('follows a swipe: the slide the visitor scrolled to becomes the current one', async () => {
    await ui.page.emulateMedia({ reducedMotion: 'reduce' });
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.goto(`${ui.server.url}/gallery`);
    await ui.page.waitForSelector('.gallery--slider[data-tessera-mounted="gallery"]');
    expect(await ui.page.getAttribute('.gallery', 'data-current')).toBe('1');
    // A finger's swipe scrolls the list sideways; it snaps to the nearest slide.
    await ui.page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('.gallery__list')!;
      list.scrollLeft = (list.children[3] as HTMLElement).offsetLeft;
    });
    await ui.page.waitForFunction(() => document.querySelector<HTMLElement>('.gallery')!.dataset.current === '4');
    expect(await shown()).toBe(4);
    // The next button goes on from there, not from the first slide.
    await ui.page.click('[data-gallery-step="1"]');
    await ui.page.waitForFunction(() => {
      const list = document.querySelector<HTMLElement>('.gallery__list')!;
      const fifth = list.children[4] as HTMLElement;
      return Math.abs(list.scrollLeft - (fifth.offsetLeft - (list.clientWidth - fifth.offsetWidth) / 2)) < 4;
    });
    expect(await ui.page.getAttribute('.gallery', 'data-current')).toBe('5');
    expect(ui.pageErrors).toEqual([]);
  });
});
