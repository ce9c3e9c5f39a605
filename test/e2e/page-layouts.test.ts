// The demo's pages made of sections and blocks (home, about, contact) in Chromium: the markup contract of
// the page editor's preview, one h1, hidden parts kept for the preview, and no serious axe finding on a
// phone or a desktop.
import { describe, expect, it } from 'vitest';
import { browserSuite, e2eSite, saveScreenshot, startServer } from './harness.js';
import { seriousViolations } from './shopper.js';

const site = e2eSite();
const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

describe.skipIf(site.name !== 'demo')('the demo pages made of sections in Chromium', () => {
  const ui = browserSuite(() => startServer(site));

  it('renders home, about and contact as sections of blocks, each with one h1 and no serious axe finding on a phone and a desktop', async () => {
    for (const screen of SCREENS) {
      await ui.page.setViewportSize({ width: screen.width, height: screen.height });
      for (const path of ['/', '/about', '/contact']) {
        const response = await ui.page.goto(`${ui.server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        const layout = ui.page.locator('[data-layout]');
        expect(await layout.count(), path).toBe(1);
        expect(await layout.locator(':scope > section.page-section[data-section-id]').count(), path).toBeGreaterThan(0);
        expect(await layout.locator('section.page-section > .page-section__inner > .layout-block[data-block-id]').count(), path).toBeGreaterThan(0);
        expect(await ui.page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
        expect(await seriousViolations(ui.page), `${path} on a ${screen.name}`).toEqual([]);
        await saveScreenshot(ui.page, `page-layout ${path === '/' ? 'home' : path.slice(1)} ${screen.name}`);
      }
    }
    expect(ui.pageErrors).toEqual([]);
  });

  it('hides a part kept for one screen size by CSS only, at the 432/433 px breakpoint', async () => {
    await ui.page.setViewportSize({ width: 1280, height: 900 });
    await ui.page.goto(`${ui.server.url}/about`);
    // Mark the story's text for phones only, in the page itself: the classes the server gives such a block.
    const text = ui.page.locator('.layout-block--text').first();
    await text.evaluate((el) => el.classList.add('is-hidden-desktop'));
    expect(await text.isVisible()).toBe(false);
    await ui.page.setViewportSize({ width: 432, height: 800 });
    expect(await text.isVisible()).toBe(true);
    await text.evaluate((el) => {
      el.classList.remove('is-hidden-desktop');
      el.classList.add('is-hidden-mobile');
    });
    expect(await text.isVisible()).toBe(false);
    await ui.page.setViewportSize({ width: 433, height: 800 });
    expect(await text.isVisible()).toBe(true);
  });
});
