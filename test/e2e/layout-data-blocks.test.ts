// The block kinds that read the store on a page made of sections, in Chromium against the built server: a
// product block whose add-to-cart button works, a contact form block that submits, a carousel summary
// moved with the keyboard alone, and a map block whose tiles come from the site's tile source (a local
// HTTP server stands in for the tile host); no serious axe finding on a phone (390 px) or a desktop
// (1280 px). The page is added to a copy of the demo shop as a site directory, as an export would hold it.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REPO, browserSuite, e2eSite, saveScreenshot, startServer, demoSiteCopy } from './harness.js';
import { seriousViolations } from './shopper.js';

const site = e2eSite();
// The page's sections are laid out by the theme's section template (blocks/layout-section.block); a tree
// without it renders no layout, so there is nothing of these blocks to drive.
const layouts = site.name === 'demo' && existsSync(path.join(site.themesDir, 'default', 'blocks', 'layout-section.block'));
const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const PAGE = {
  access: 'public',
  title: 'Studio picks',
  type: 'page',
  urlId: 'studio-picks',
  items: [
    {
      status: 'published',
      title: 'Studio picks',
      urlId: 'studio-picks',
      body: '',
      excerpt: '',
      sections: [
        { id: 's-intro', blocks: [{ id: 'b-intro', kind: 'text', settings: { html: '<h1>Studio picks</h1><p>What we reach for every morning.</p>' } }] },
        { id: 's-product', blocks: [{ id: 'b-grinder', kind: 'product', settings: { product: 'shop/hand-grinder' } }] },
        {
          id: 's-more',
          blocks: [{ id: 'b-more', kind: 'summary', variant: 1005, settings: { collection: 'shop', limit: 8, title: 'More from the shop' } }],
        },
        { id: 's-ask', blocks: [{ id: 'b-ask', kind: 'form', settings: { form: 'contact', title: 'Ask us anything' } }] },
        {
          id: 's-visit',
          columns: 2,
          blocks: [
            {
              id: 'b-visit',
              kind: 'map',
              span: 1,
              settings: {
                zoom: 15,
                address: {
                  addressTitle: 'The roastery',
                  addressLine1: '12 Warren Street',
                  addressLine2: 'Hudson, NY 12534',
                  mapLat: 42.2529,
                  mapLng: -73.7909,
                },
              },
            },
            { id: 'b-news', kind: 'newsletter', span: 1, settings: { title: 'Letters from the roastery', description: 'Once a month, never more.' } },
          ],
        },
      ],
    },
  ],
};

/** The demo shop, copied, with the page above and the tile server as its map tile source. */
async function demoWithPage(tiles: string): Promise<string> {
  return demoSiteCopy(
    'blocks-site',
    (site) => {
      site.settings = { ...site.settings, mapTiles: { url: `${tiles}/{z}/{x}/{y}.png`, attribution: '© Test tile makers' } };
    },
    { 'collections/studio-picks.json': JSON.stringify(PAGE, null, 2) },
  );
}

/** A tile host on plain http (so only the page's own policy lets its images in): each tile a PNG naming itself. */
async function startTileServer(): Promise<{ url: string; asked: string[]; stop(): Promise<void> }> {
  const asked: string[] = [];
  const server = http.createServer(async (req, res) => {
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) return res.writeHead(404).end();
    asked.push(req.url!);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e4eadb" stroke="#b9c4ad"/><path d="M0 ${40 + (Number(m[3]) % 5) * 30}H256M${60 + (Number(m[2]) % 4) * 40} 0V256" stroke="#fff" stroke-width="10"/></svg>`;
    res.writeHead(200, { 'content-type': 'image/png' }).end(await sharp(Buffer.from(svg)).png().toBuffer());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!layouts)('block kinds that read the store, in Chromium', () => {
  let siteDir = '';
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  const ui = browserSuite(
    async () => {
      tiles = await startTileServer();
      siteDir = await demoWithPage(tiles.url);
      return startServer({ siteDir, themesDir: path.join(REPO, 'themes') });
    },
    {
      async cleanUp() {
        await tiles?.stop();
        if (siteDir) await fs.rm(siteDir, { recursive: true, force: true });
      },
    },
  );
  const open = async () => {
    // A visitor who closed the newsletter's popup before.
    await ui.context.addInitScript(() => {
      localStorage.setItem('version', '1');
      localStorage.setItem('date-closed', '1700000000000');
    });
    const response = await ui.page.goto(`${ui.server.url}/studio-picks`);
    expect(response?.status()).toBe(200);
  };

  it('adds the product of a product block to the cart', async () => {
    await open();
    const product = ui.page.locator('[data-block-id="b-grinder"] article.layout-product');
    await expect(product.getByRole('heading', { level: 2 }).innerText()).resolves.toBe('Conical Burr Hand Grinder');
    const add = product.getByRole('button', { name: 'Add to Cart' });
    await ui.page.locator('[data-block-id="b-grinder"] .add-to-cart-island button').waitFor();
    await add.click();
    await expect.poll(() => ui.page.locator('[data-cart-indicator] .sqs-cart-quantity').innerText()).toBe('1');
    await expect(ui.page.locator('#tessera-pill-cart').textContent()).resolves.toBe('1 item');
    expect(ui.pageErrors).toEqual([]);
  });

  it('submits the contact form of a form block', async () => {
    await open();
    const form = ui.page.locator('[data-block-id="b-ask"] form[data-form-id="contact"]');
    await expect(ui.page.locator('[data-block-id="b-ask"] h2').innerText()).resolves.toBe('Ask us anything');
    // The forms island mounts as the form nears the viewport.
    await form.scrollIntoViewIfNeeded();
    await ui.page.waitForSelector('[data-block-id="b-ask"] .tessera-form-island form[data-form-id="contact"] altcha-widget');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel(/^Email/).fill('ada@example.com');
    await form.getByLabel(/^Subject/).selectOption('Something else');
    await form.getByLabel(/^Message/).fill('Is the scoop oiled?');
    await form.locator('.captcha-container[data-state="verified"]').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Submit' }).click();
    await ui.page.locator('[data-block-id="b-ask"]').getByRole('status').filter({ hasText: 'Thank you for writing' }).waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it('shows a map block as the tiles of the site tile source around the place, which the page policy lets in', async () => {
    const blocked: string[] = [];
    ui.page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await open();
    const map = ui.page.locator('[data-block-id="b-visit"] .layout-map--tiles');
    await map.scrollIntoViewIfNeeded();
    await expect(map.getByRole('img', { name: 'Map of The roastery' }).count()).resolves.toBe(1);
    // The tiles in view have loaded (the 5 by 3 laid out, those outside the map's box lazily).
    await expect
      .poll(() => map.locator('img.layout-map__tile').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 256).length))
      .toBeGreaterThan(2);
    expect(tiles.asked).toContain('/15/9667/12133.png');
    await expect(map.locator('.layout-map__attribution').innerText()).resolves.toBe('© Test tile makers');
    await expect(map.getByRole('link', { name: /Open in a map/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/www\.openstreetmap\.org\/search\?query=The%20roastery/,
    );
    expect(blocked).toEqual([]);
  });

  it('moves a carousel summary with the keyboard alone, and has no serious axe finding on a phone or a desktop', async () => {
    await open();
    const carousel = ui.page.locator('[data-block-id="b-more"] .layout-summary--carousel');
    const list = carousel.locator('.layout-summary__list');
    await carousel.locator('.gallery__controls:not([hidden])').waitFor();
    const next = carousel.getByRole('button', { name: 'Next items in More from the shop' });
    // From the summary's "View all" link, Tab reaches the previous, then the next button; Enter moves the row.
    await carousel.getByRole('link', { name: 'View all Shop' }).focus();
    await ui.page.keyboard.press('Tab');
    await ui.page.keyboard.press('Tab');
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    const before = await list.evaluate((el) => el.scrollLeft);
    await ui.page.keyboard.press('Enter');
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    // The arrow keys move it too, from anywhere inside it.
    await list.focus();
    const moved = await list.evaluate((el) => el.scrollLeft);
    await ui.page.keyboard.press('ArrowRight');
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(moved);

    for (const screen of SCREENS) {
      await ui.page.setViewportSize({ width: screen.width, height: screen.height });
      await ui.page.goto(`${ui.server.url}/studio-picks`);
      await ui.page.locator('[data-block-id="b-more"] .gallery__controls:not([hidden])').waitFor();
      expect(await ui.page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await seriousViolations(ui.page), screen.name).toEqual([]);
      await saveScreenshot(ui.page, `layout data blocks ${screen.name}`);
    }
    expect(ui.pageErrors).toEqual([]);
  });
});
