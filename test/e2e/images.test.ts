// The demo's photographs in Chromium, on phones and a desktop: every raster picture a page downloads
// is at most 1.5 times as wide as the widest place it is shown in (in device pixels), unless no
// narrower width of the image service covers that place (its widths step from 300 to 500: a place of
// 320 pixels takes the 500); the cart's and the checkout's lines take their width from the srcset; a
// cropped photograph shows its tiny preview until it arrives.
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { browserSuite, e2eSite, startServer } from './harness.js';

const site = e2eSite();
const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: 'phone at 1.75', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
] as const;

interface Served {
  readonly url: string;
  /** The width of the file the browser got, in pixels. */
  readonly width: number;
  /** The widest place it is shown in, in device pixels (0: downloaded but shown nowhere). */
  readonly shown: number;
  /** The widths its srcset offers. */
  readonly offered: number[];
}

/** Served no wider than 1.5 times its place, or as the narrowest offered width that covers the place. */
function wellSized(p: Served): boolean {
  if (p.width <= 1.5 * p.shown) return true;
  return !p.offered.some((w) => w >= p.shown && w < p.width);
}

/**
 * Scrolls the page through, so that every lazy picture loads, then answers each raster picture the
 * page downloaded with its width and the widest place it is shown in. A picture the browser reused
 * from its cache for a smaller place downloaded nothing for it: only the places of each file count.
 */
async function servedPictures(page: Page, path: string, downloaded: Set<string>): Promise<Served[]> {
  downloaded.clear();
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    async (urls) => {
      const places = new Map<string, number>();
      const offers = new Map<string, number[]>();
      for (const img of Array.from(document.images)) {
        const box = img.getBoundingClientRect();
        const url = img.currentSrc;
        if (!url || box.width === 0) continue;
        places.set(url, Math.max(places.get(url) ?? 0, box.width * devicePixelRatio));
        offers.set(url, img.srcset ? img.srcset.split(',').map((entry: string) => Number.parseInt(entry.trim().split(/\s+/)[1] ?? '0', 10)) : []);
      }
      const out = [];
      for (const url of urls) {
        const probe = new Image();
        probe.src = url;
        await probe.decode();
        out.push({ url: url.replace(location.origin, ''), width: probe.naturalWidth, shown: Math.round(places.get(url) ?? 0), offered: offers.get(url) ?? [] });
      }
      return out;
    },
    [...downloaded],
  );
}

describe.skipIf(site.name !== 'demo')('the demo photographs in Chromium', () => {
  const ui = browserSuite(() => startServer(site), { context: false });

  async function openOn(screen: (typeof SCREENS)[number] & BrowserContextOptions): Promise<{ page: Page; downloaded: Set<string> }> {
    const { name: _name, ...options } = screen;
    const page = await ui.open({ ...options, baseURL: ui.server.url });
    const downloaded = new Set<string>();
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.url().includes('/assets/') && /^image\/(jpeg|webp|png|avif)/.test(type)) downloaded.add(response.url());
    });
    return { page, downloaded };
  }

  for (const screen of SCREENS) {
    it(`serves no picture more than 1.5 times as wide as it is shown (${screen.name})`, async () => {
      const { page, downloaded } = await openOn(screen);
      const tooWide: string[] = [];
      let seen = 0;
      for (const path of ['/', '/shop', '/shop/house-blend', '/shop/stoneware-mug', '/gallery', '/journal']) {
        const pictures = await servedPictures(page, path, downloaded);
        seen += pictures.length;
        for (const p of pictures) {
          if (!wellSized(p)) tooWide.push(`${path}: ${p.url} is ${p.width} px wide, shown at ${p.shown}`);
        }
      }
      // The shop, the two products and the gallery show photographs: the check saw them.
      expect(seen).toBeGreaterThan(15);
      expect(tooWide).toEqual([]);
      expect(ui.pageErrors).toEqual([]);
      // Six pages, each scrolled through until the network rests: more than a click's worth of time on a busy machine.
    }, 120_000);
  }

  /** The picture at `selector` once it has arrived: the file it shows and its place, as servedPictures answers. */
  async function linePicture(page: Page, selector: string): Promise<Served> {
    await page.waitForFunction((sel) => {
      const img = document.querySelector<HTMLImageElement>(sel);
      return !!img && img.complete && img.naturalWidth > 0;
    }, selector);
    return page.locator(selector).evaluate(async (img: HTMLImageElement) => {
      const probe = new Image();
      probe.src = img.currentSrc;
      await probe.decode();
      return {
        url: img.currentSrc.replace(location.origin, ''),
        width: probe.naturalWidth,
        shown: Math.round(img.getBoundingClientRect().width * devicePixelRatio),
        offered: img.srcset.split(',').map((entry: string) => Number.parseInt(entry.trim().split(/\s+/)[1] ?? '0', 10)),
      };
    });
  }

  it('gives the cart’s and the checkout’s lines the widths of a photograph, and shows a cropped one’s preview meanwhile', async () => {
    const { page } = await openOn(SCREENS[0]);
    await page.goto('/shop/pour-over-dripper');
    const picture = page.locator('.product-gallery__item img').first();
    // The preview is the image service's tiny copy, laid over the photograph's centre colour.
    await expect(picture.getAttribute('style')).resolves.toMatch(
      /^background:#[0-9a-f]{6} url\(data:image\/webp;base64,[A-Za-z0-9+/]+=*\) 50% 50% \/ cover no-repeat$/,
    );
    // The island's button, not the page's own: a click before the island is mounted adds nothing.
    const button = page.locator('.add-to-cart-island button').first();
    await button.waitFor();
    const added = page.waitForResponse((r) => r.url().includes('/api/commerce/shopping-cart/entries') && r.request().method() === 'POST');
    await button.click();
    expect((await added).status()).toBe(200);

    // The cart in a context of its own, with the same cookies: the browser would otherwise take the product
    // page's wider copy from its cache, which downloads nothing.
    const visitor = await page.context().storageState();
    const fresh = await openOn({ ...SCREENS[0], storageState: visitor });
    await fresh.page.goto('/cart');
    const line = await linePicture(fresh.page, '.cart-entry--live .cart-entry__image');
    expect(line.url).toMatch(/^\/assets\/shop\/photos\/pour-over-dripper\.jpg\?v=[0-9a-f]{12}&format=300w$/);
    expect(line.offered).toContain(300);
    expect(wellSized(line)).toBe(true);
    await expect(fresh.page.locator('.cart-entry--live .cart-entry__image').getAttribute('sizes')).resolves.toBe('80px');
    // The page as the server wrote it asked for the same file: nothing wider was downloaded.
    await fresh.page.waitForLoadState('load');
    expect([...fresh.downloaded].map((u) => new URL(u).search)).toEqual([expect.stringMatching(/&format=300w$/)]);

    await fresh.page.goto('/checkout');
    const summary = await linePicture(fresh.page, '.checkout-summary .cart-entry__image');
    expect(summary.offered).toContain(300);
    expect(wellSized(summary)).toBe(true);
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);
});
