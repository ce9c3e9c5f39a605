import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite } from '../../src/site-dir/index.js';
import { DIALECTS } from '../helpers/store.js';
import { fixtureApp, pageJson, type TestSite } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';

const HIDDEN = ['SECRETDRAFT', 'SECRETFUTURE', 'SECRETREVIEW', 'SECRETPRIVATE'];

describe.each(DIALECTS)('pages and their contexts on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('serves the home page as a plain page (page type 2) with the site context', async () => {
    const { status, json } = await pageJson(site.app, '/');
    expect(status).toBe(200);
    expect(json.pageType).toBe(2);
    expect(json.item).toMatchObject({ title: 'Welcome', fullUrl: '/', body: '<p>Handmade stoneware from Brooklyn.</p>' });
    expect(json.collection).toMatchObject({ urlId: 'home', typeName: 'page', type: 10, fullUrl: '/' });
    expect(json.website).toMatchObject({
      siteTitle: 'Fixture Shop',
      language: 'en-US',
      timeZone: 'America/New_York',
      useCLDRMoneyFormat: true,
      captchaSettings: { siteKey: 'fixture-site-key' },
    });
    expect(json.website.logoImageUrl).toMatch(/^\/assets\/logo\.svg\?v=[0-9a-f]{12}$/);
    expect([-18000000, -14400000]).toContain(json.website.timeZoneOffset);
    expect(json.websiteSettings).toMatchObject({
      commentsEnabled: false,
      simpleLikingEnabled: true,
      cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true },
    });
    expect(json.storeSettings).toMatchObject({
      selectedCurrency: 'USD',
      useLightCart: false,
      multipleQuantityAllowedForServices: true,
      // The site's merchandising settings as written, and under the names the engine reads.
      merchandisingSettings: { restockNotificationsEnabled: true, scarcityThreshold: 5, productReviewsEnabled: true, reviewsEnabled: true },
    });
    expect(json.websiteSettings.storeSettings).toEqual(json.storeSettings);
    expect(json.localizedStrings.productAddToCartText).toBe('Add To Cart');
    expect(json.navigation.main.map((n: { title: string }) => n.title)).toEqual(['Shop', 'Journal', 'About', 'Docs']);
    expect(json.navigation.main[2]).toMatchObject({
      folder: true,
      items: [
        { title: 'Our story', fullUrl: '/story' },
        { title: 'Gallery', fullUrl: '/photos' },
      ],
    });
    expect(json.navigation.main[3]).toMatchObject({ fullUrl: 'https://example.com/docs', external: true });
  });

  it('lists a collection with pagination (page type 1) and only visible items', async () => {
    const first = await pageJson(site.app, '/shop');
    expect(first.json.pageType).toBe(1);
    expect(first.json.collection).toMatchObject({ urlId: 'shop', typeName: 'products', type: 13, itemCount: 8, pageSize: 4 });
    expect(first.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['blue-mug', 'sold-out-tee', 'field-guide', 'coffee-club']);
    expect(first.json.pagination).toMatchObject({ currentPage: 1, totalPages: 2, nextPage: true, prevPage: false, nextPageUrl: '/shop?page=2' });
    const second = await pageJson(site.app, '/shop?page=2');
    expect(second.json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['gift-card', 'members-pass', 'engraved-pen', 'launched-bowl']);
    expect(second.json.pagination).toMatchObject({ nextPage: false, prevPage: true, prevPageUrl: '/shop' });
    expect((await pageJson(site.app, '/shop?page=3')).status).toBe(404);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999']) expect((await pageJson(site.app, `/shop?page=${bad}`)).status).toBe(404);
    expect((await pageJson(site.app, '/shop?page[]=1')).status).toBe(404);
  });

  it('gives a product page (page type 50) its variants, money, stock and merchandising context', async () => {
    const { json } = await pageJson(site.app, '/shop/blue-mug');
    expect(json.pageType).toBe(50);
    const item = json.item;
    expect(item).toMatchObject({
      title: 'Blue Mug',
      recordType: 11,
      productType: 1,
      fullUrl: '/shop/blue-mug',
      tags: ['kitchen', 'gift'],
      categories: ['Mugs'],
    });
    expect(item.mainImage).toMatchObject({ altText: 'A blue mug', originalSize: '200x200', mediaFocalPoint: { x: 0.5, y: 0.5 } });
    expect(item.structuredContent).toMatchObject({
      productType: 1,
      variantOptionOrdering: ['Size'],
      isSubscribable: false,
      useCustomAddButtonText: false,
      priceMoney: { value: '24.00', currency: 'USD' },
      salePriceMoney: { value: '19.00', currency: 'USD' },
      onSale: true,
    });
    expect(item.structuredContent.variants[0]).toMatchObject({
      sku: 'MUG-BLU-12',
      attributes: { Size: '12 oz' },
      optionValues: [{ optionName: 'Size', value: '12 oz' }],
      price: 2400,
      salePrice: 1900,
      priceMoney: { value: '24.00', currency: 'USD' },
      onSale: true,
      unlimited: false,
      qtyInStock: 7,
    });
    expect(item.structuredContent.variants[1]).toMatchObject({ sku: 'MUG-BLU-16', qtyInStock: 0, onSale: false });
    expect(item.structuredContent.images).toEqual([expect.objectContaining({ altText: 'The blue mug, front', originalSize: '200x200' })]);
    // A variant's image is one of the product's images, with its alt text.
    expect(item.structuredContent.variants[0].mainImage).toMatchObject({ altText: 'The blue mug, front', assetUrl: item.mainImage.assetUrl });
    expect(item.structuredContent.variants[0].priceMoney).toEqual({ value: '24.00', currency: 'USD', decimalValue: '24.00', currencyCode: 'USD' });
    expect(json.pagination).toEqual({ prevItem: null, nextItem: { title: 'Sold Out Tee', fullUrl: '/shop/sold-out-tee' } });
    expect(json.productMerchandisingContext[item.id]).toMatchObject({
      // One variant of two is sold out: its restock form waits until that variant is chosen.
      restockNotificationViews: [{ variantId: item.structuredContent.variants[1].id, hiddenByDefault: true }],
      scarcityEnabled: false,
      scarcityText: 'Only {qtyInStock} left in stock',
    });
  });

  it('links an item page to its visible neighbours, skipping hidden items', async () => {
    const bowl = (await pageJson(site.app, '/shop/launched-bowl')).json;
    expect(bowl.pagination).toEqual({ prevItem: { title: 'Engraved Pen', fullUrl: '/shop/engraved-pen' }, nextItem: null });
    const tee = (await pageJson(site.app, '/shop/sold-out-tee')).json;
    expect(tee.pagination.prevItem.fullUrl).toBe('/shop/blue-mug');
    // Every variant sold out: the restock form shows at once.
    expect(tee.productMerchandisingContext[tee.item.id].restockNotificationViews.map((v: { hiddenByDefault: boolean }) => v.hiddenByDefault)).toEqual([
      false,
      false,
    ]);
  });

  it('gives a plain page its form and summaries, every page the newsletter form, and events lists upcoming and past', async () => {
    const home = (await pageJson(site.app, '/')).json;
    expect(home.item.form).toMatchObject({
      id: 'contact',
      name: 'Contact',
      fields: [
        { id: 'name', required: true },
        { id: 'email', required: true },
        { id: 'message', required: false, maxLength: 2000 },
      ],
    });
    expect(home.item.summaries).toHaveLength(1);
    expect(home.item.summaries[0]).toMatchObject({
      title: 'Customer favourites',
      collection: { urlId: 'shop', fullUrl: '/shop', typeName: 'products', title: 'Shop' },
    });
    expect(home.item.summaries[0].items.map((i: { urlId: string }) => i.urlId)).toEqual(['blue-mug', 'sold-out-tee']);
    expect(home.productMerchandisingContext[home.item.summaries[0].items[0].id]).toBeDefined();
    expect(home.newsletterForm).toMatchObject({ id: 'newsletter', newsletter: true });
    expect((await pageJson(site.app, '/cart')).json.newsletterForm.id).toBe('newsletter');
    const events = (await pageJson(site.app, '/events')).json;
    expect(events.upcoming.map((e: { urlId: string }) => e.urlId)).toEqual(['open-studio']);
    expect(events.past.map((e: { urlId: string }) => e.urlId)).toEqual(['spring-sale']);
  });

  it('describes every product type: subscription plan, gift card, form, custom label, and no digital file path', async () => {
    const club = (await pageJson(site.app, '/shop/coffee-club')).json.item.structuredContent;
    expect(club).toMatchObject({ productType: 3, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 } });
    const gift = (await pageJson(site.app, '/shop/gift-card')).json.item.structuredContent;
    expect(gift.giftCard).toEqual({
      denominationsCents: [2500, 5000, 10000],
      denominations: [
        { value: '25.00', currency: 'USD', decimalValue: '25.00', currencyCode: 'USD' },
        { value: '50.00', currency: 'USD', decimalValue: '50.00', currencyCode: 'USD' },
        { value: '100.00', currency: 'USD', decimalValue: '100.00', currencyCode: 'USD' },
      ],
    });
    const pen = (await pageJson(site.app, '/shop/engraved-pen')).json;
    expect(pen.item.structuredContent).toMatchObject({
      additionalFieldsFormId: 'engraving',
      useCustomAddButtonText: true,
      customAddButtonText: 'Engrave it',
      additionalFieldsForm: { id: 'engraving', name: 'Engraving', fields: [{ id: 'text', type: 'text', required: true }] },
    });
    expect(pen.productMerchandisingContext[pen.item.id]).toMatchObject({ scarcityEnabled: true, scarcityTemplateViews: [{ qtyInStock: 3 }] });
    expect((await pageJson(site.app, '/shop/members-pass')).json.item.structuredContent.productType).toBe(5);
    const guide = await pageJson(site.app, '/shop/field-guide');
    expect(guide.json.item.structuredContent.digital).toEqual({ hasFile: true, linkLifetimeHours: 24 });
    expect(guide.body).not.toContain('guide.pdf');
    const download = await site.app.inject({ url: '/assets/downloads/guide.pdf' });
    expect(download.statusCode).toBe(404);
  });

  it('never lets a draft, needs-review, private or future item through lists, item pages, search or ?format=json', async () => {
    const bodies: string[] = [];
    for (const url of [
      '/',
      '/shop',
      '/shop?page=2',
      '/journal',
      '/journal?page=2',
      '/events',
      '/photos',
      '/about',
      '/search?q=SECRET',
      '/search?q=stoneware',
      '/cart',
      '/checkout',
    ]) {
      const res = await pageJson(site.app, url);
      bodies.push(res.body);
    }
    for (const body of bodies) for (const secret of HIDDEN) expect(body).not.toContain(secret);
    for (const url of ['/shop/draft-lamp', '/shop/future-vase', '/shop/review-plate', '/shop/private-jug', '/journal/unfinished']) {
      const res = await pageJson(site.app, url);
      expect(res.status, url).toBe(404);
      expect(res.json.pageType).toBe(100);
      for (const secret of HIDDEN) expect(res.body).not.toContain(secret);
      const html = await site.app.inject({ url });
      expect(html.statusCode).toBe(404);
      for (const secret of HIDDEN) expect(html.body).not.toContain(secret);
    }
  });

  it('shows a scheduled item once its time has come', async () => {
    expect((await pageJson(site.app, '/shop/launched-bowl')).status).toBe(200);
    expect((await pageJson(site.app, '/shop/future-vase')).status).toBe(404);
    await site.store.db
      .updateTable('items')
      .set({ publish_on: Date.now() - 1000 })
      .where('url_id', '=', 'future-vase')
      .execute();
    const res = await pageJson(site.app, '/shop/future-vase');
    expect(res.status).toBe(200);
    expect((await pageJson(site.app, '/shop?page=2')).json.collection.itemCount).toBe(9);
    await site.store.db
      .updateTable('items')
      .set({ publish_on: Date.parse('2999-01-01T00:00:00Z') })
      .where('url_id', '=', 'future-vase')
      .execute();
    expect((await pageJson(site.app, '/shop/future-vase')).status).toBe(404);
  });

  it('searches published content (page type 102), literally and case-insensitively', async () => {
    const res = await pageJson(site.app, '/search?q=STONEWARE');
    expect(res.json.pageType).toBe(102);
    expect(res.json.search.query).toBe('STONEWARE');
    expect(res.json.items.map((i: { urlId: string }) => i.urlId).sort()).toEqual(['blue-mug', 'hello-world', 'home']);
    expect((await pageJson(site.app, '/search?q=%25')).json.items).toEqual([]);
    expect((await pageJson(site.app, '/search?q=glaze%20notes')).json.items.map((i: { title: string }) => i.title)).toEqual(['Glaze Notes']);
    expect((await pageJson(site.app, '/search')).json.items).toEqual([]);
    expect((await pageJson(site.app, '/search?q[a]=1')).status).toBe(200);
  });

  it('answers the store pages and the not-found page with their page types', async () => {
    expect((await pageJson(site.app, '/cart')).json.pageType).toBe(200);
    expect((await pageJson(site.app, '/checkout')).json.pageType).toBe(201);
    const confirmed = await pageJson(site.app, '/checkout/order-confirmed');
    expect(confirmed.json).toMatchObject({ pageType: 202, order: null });
    const missing = await pageJson(site.app, '/no/such/page/here');
    expect(missing.status).toBe(404);
    expect(missing.json.pageType).toBe(100);
    expect((await pageJson(site.app, '/nothing-here')).status).toBe(404);
  });

  it('serves item pages of blogs, events and galleries, and folder behaviours', async () => {
    const post = await pageJson(site.app, '/journal/hello-world');
    expect(post.json.item).toMatchObject({ recordType: 1, author: { displayName: 'Ada' }, publishOn: Date.parse('2024-05-01T12:00:00Z') });
    const event = await pageJson(site.app, '/events/open-studio');
    expect(event.json.item).toMatchObject({ recordType: 12, startDate: Date.parse('2030-03-01T15:00:00Z'), location: { addressTitle: 'The Studio' } });
    const folder = await pageJson(site.app, '/about');
    expect(folder.json.collection).toMatchObject({ folder: true, folderBehavior: 1, collections: [{ urlId: 'story' }, { urlId: 'photos' }] });
    expect(folder.json.items.map((i: { fullUrl: string }) => i.fullUrl)).toEqual(['/story', '/photos']);
    expect((await pageJson(site.app, '/story')).json.pageType).toBe(2);
    expect((await site.app.inject({ url: '/home' })).headers.location).toBe('/');

    await site.store.db.updateTable('collections').set({ folder_behavior: 2 }).where('url_id', '=', 'about').execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    const redirect = await site.app.inject({ url: '/about' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/story');
    await site.store.db.updateTable('collections').set({ folder_behavior: 3 }).where('url_id', '=', 'about').execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    expect((await pageJson(site.app, '/about')).status).toBe(404);
  });

  it('keeps secrets of the store settings out of every page', async () => {
    for (const url of ['/', '/shop', '/shop/blue-mug', '/cart', '/checkout']) {
      const json = await pageJson(site.app, url);
      const html = await site.app.inject({ url });
      expect(json.body).not.toContain('sk_test_should_never_leak');
      expect(html.body).not.toContain('sk_test_should_never_leak');
    }
  });

  it('resolves the site by Host: listed hosts get their site, unknown hosts the default site', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-second-'));
    await fs.cp(FIXTURE_SITE, dir, { recursive: true });
    const siteJson = JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'));
    Object.assign(siteJson, { identifier: 'second', hosts: ['second.test'], siteTitle: 'Second Site' });
    await fs.writeFile(path.join(dir, 'site.json'), JSON.stringify(siteJson));
    await importSite(site.store, dir);
    expect((await pageJson(site.app, '/', 'second.test:8080')).json.website.siteTitle).toBe('Second Site');
    expect((await pageJson(site.app, '/', 'SHOP.test')).json.website.siteTitle).toBe('Fixture Shop');
    expect((await pageJson(site.app, '/', 'unknown.example')).json.website.siteTitle).toBe('Fixture Shop');
    await fs.rm(dir, { recursive: true });
  });
});
