import { beforeEach, describe, expect, it } from 'vitest';
import { readSiteDirectory } from '../../packages/server/src/site-dir/read.js';
import type { CollectionDoc, ItemDoc } from '../../packages/server/src/site-dir/types.js';
import { browserSuite, e2eSite, startServer } from './harness.js';

const site = e2eSite();

/** Items a visitor may see today, in display order. */
function visible(c: CollectionDoc): ItemDoc[] {
  return c.items.filter((i) => i.status === 'published' || (i.status === 'scheduled' && (i.publishOn ?? Infinity) <= Date.now()));
}

describe(`the ${site.name} site in Chromium`, () => {
  let shop: CollectionDoc;
  let siteTitle: string;
  const consoleErrors: string[] = [];

  const ui = browserSuite(async () => {
    const bundle = await readSiteDirectory(site.siteDir);
    siteTitle = bundle.site.siteTitle;
    shop = bundle.collections.find((c) => c.type === 'products' && c.access === 'public' && visible(c).length > 0)!;
    return startServer(site);
  });
  // Console errors as well as uncaught ones.
  beforeEach(() => {
    consoleErrors.length = 0;
    ui.page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    ui.page.on('pageerror', (e) => consoleErrors.push(e.message));
  });

  it('opens the home page with its title, navigation, styles, site context and bootstrap script', async () => {
    const response = await ui.page.goto(ui.server.url + '/');
    expect(response?.status()).toBe(200);
    expect(await ui.page.title()).toContain(siteTitle);
    const json = await (await ui.page.request.get(ui.server.url + '/?format=json')).json();
    // The bootstrap script ran and exposed the context the server embedded.
    await ui.page.waitForFunction(() => (window as unknown as { Tessera?: unknown }).Tessera !== undefined);
    const ctx = await ui.page.evaluate(() => (window as unknown as { Tessera: { context: Record<string, unknown> } }).Tessera.context);
    expect(ctx).toMatchObject({ websiteId: json.website.id, authenticatedAccountId: null, currency: json.storeSettings.selectedCurrency });
    expect(ctx.timeZone).toMatchObject({ name: json.website.timeZone });
    expect(await ui.page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
    const cookies = await ui.context.cookies();
    expect(cookies.find((c) => c.name === 'crumb')).toMatchObject({ sameSite: 'Lax', httpOnly: false });
    // Every main navigation link to a collection leads to a page that exists.
    // Members' areas and protected pages answer their own pages (403: test/e2e/accounts.test.ts).
    type Link = { fullUrl: string; folder: boolean; external: boolean; access?: string; items: Link[] };
    const open = (l: Link) => (l.access ?? 'public') === 'public';
    const internal = json.navigation.main.flatMap((n: Link) =>
      n.folder ? n.items.filter(open).map((i) => i.fullUrl) : n.external || !open(n) ? [] : [n.fullUrl],
    );
    expect(internal.length).toBeGreaterThan(0);
    for (const href of internal) expect((await ui.page.request.get(ui.server.url + href)).status(), href).toBe(200);
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });

  it('lists the products of the shop with their titles and prices', async () => {
    const response = await ui.page.goto(`${ui.server.url}/${shop.urlId}`);
    expect(response?.status()).toBe(200);
    await expect(ui.page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(shop.title);
    const json = await (await ui.page.request.get(`${ui.server.url}/${shop.urlId}?format=json`)).json();
    expect(json.pageType).toBe(1);
    const expected = visible(shop).slice(0, shop.pageSize);
    expect(json.items.map((i: { urlId: string }) => i.urlId)).toEqual(expected.map((i) => i.urlId));
    const text = await ui.page.locator('main').innerText();
    for (const item of json.items) {
      expect(text).toContain(item.title);
      // The price shown is the sale price when on sale, otherwise the price: its digits are on the page.
      const money = item.structuredContent.onSale ? item.structuredContent.salePriceMoney : item.structuredContent.priceMoney;
      expect(text.replace(/,/g, ''), item.title).toContain(money.value.replace(/\.00$/, ''));
    }
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });

  it('follows a product link to its product page, with price and image', async () => {
    await ui.page.goto(`${ui.server.url}/${shop.urlId}`);
    const first = visible(shop)[0]!;
    await ui.page.locator(`a[href="/${shop.urlId}/${first.urlId}"]`).first().click();
    await ui.page.waitForURL(`**/${shop.urlId}/${first.urlId}`);
    await expect(ui.page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(first.title);
    const json = await (await ui.page.request.get(`${ui.server.url}/${shop.urlId}/${first.urlId}?format=json`)).json();
    expect(json.pageType).toBe(50);
    const variant = json.item.structuredContent.variants[0];
    const money = variant.onSale ? variant.salePriceMoney : variant.priceMoney;
    expect((await ui.page.locator('main').innerText()).replace(/,/g, '')).toContain(money.value.replace(/\.00$/, ''));
    const images = await ui.page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
    if (json.item.mainImage) expect(images).toContain(true);
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });

  it('answers ?format=json with the page context and no unpublished content', async () => {
    const response = await ui.page.goto(`${ui.server.url}/${shop.urlId}?format=json`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^application\/json/);
    const json = JSON.parse(await response!.text());
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining([
        'website',
        'websiteSettings',
        'storeSettings',
        'collection',
        'items',
        'navigation',
        'localizedStrings',
        'productMerchandisingContext',
        'pageType',
      ]),
    );
    const hidden = shop.items.filter((i) => !visible(shop).includes(i));
    for (const item of hidden) {
      expect(JSON.stringify(json)).not.toContain(`"urlId":"${item.urlId}"`);
      expect((await ui.page.request.get(`${ui.server.url}/${shop.urlId}/${item.urlId}?format=json`)).status()).toBe(404);
    }
  });

  it('shows the not-found page with status 404', async () => {
    const response = await ui.page.goto(`${ui.server.url}/no-such-page-anywhere`);
    expect(response?.status()).toBe(404);
    expect(await ui.page.locator('body').innerText()).not.toBe('');
  });

  it('rendered every page without a template error and without a server error', async () => {
    const entries = ui.server.logEntries();
    expect(entries.filter((e) => String(e.msg).startsWith('template error'))).toEqual([]);
    expect(ui.server.serverErrors()).toEqual([]);
  });
});
