import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROME_DESKTOP, pageView } from '../analytics/helpers.js';
import { ACCEPTED_CARD, ADDRESS, Visitor, WEBSITE_ID, storeApp, type StoreSite } from '../commerce/helpers.js';

// The price shown on the product page, changed behind the app's back (as another process would):
// what a visitor sees tells whether the page was rendered afresh or kept.
describe('pages kept for visitors who see what everyone sees', () => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp('sqlite');
  });
  afterAll(async () => {
    await site.close();
  });
  const setPrice = (cents: number) =>
    site.store.db.updateTable('product_variants').set({ price_cents: cents }).where('sku', '=', 'PRINT-1').where('website_id', '=', WEBSITE_ID).execute();
  const price = (html: string) => /<span class="price">[^<]*<\/span>/.exec(html)?.[0];
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let first: string;

  beforeEach(async () => {
    await setPrice(1500);
    await wait(1100); // past whatever an earlier test kept
    first = price((await new Visitor(site.app).request('GET', '/shop/print')).body)!;
    expect(first).toContain('15.00');
    await setPrice(2500);
  });

  it('keeps a page for a moment for visitors without a cart or a session, with a crumb cookie each', async () => {
    // A first visit: no cookie at all.
    const kept = await site.app.inject({ method: 'GET', url: '/shop/print', headers: { host: 'store.test' } });
    expect(kept.statusCode).toBe(200);
    expect(price(kept.body)).toBe(first);
    expect(String(kept.headers['set-cookie'])).toMatch(/^crumb=/);
    expect(kept.headers['cache-control']).toBe('no-cache');
    expect(kept.headers['content-type']).toBe('text/html; charset=utf-8');
    // A second later the page is rendered afresh.
    await wait(1100);
    expect(price((await new Visitor(site.app).request('GET', '/shop/print')).body)).toContain('25.00');
  });

  it('renders afresh for a visitor with a cart when the theme declares no visitor blocks, and for a URL with a query string', async () => {
    const shopper = new Visitor(site.app);
    expect((await shopper.add('print', 'PRINT-1')).status).toBe(200);
    expect(shopper.cartCookie).toBeTruthy();
    expect(price((await shopper.request('GET', '/shop/print')).body)).toContain('25.00');
    expect(price((await new Visitor(site.app).request('GET', '/shop/print?utm_source=mail')).body)).toContain('25.00');
  });

  it('renders afresh after any change made through the API, but not after visitor telemetry', async () => {
    const visitor = new Visitor(site.app);
    const hit = await site.app.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      // A browser's user agent: a bot's page view is not stored at all (docs/analytics.md).
      headers: { host: 'store.test', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME_DESKTOP },
      payload: new URLSearchParams({ event: 'view', data: JSON.stringify(pageView({ pagePath: '/shop/print', pageType: 50 })) }).toString(),
    });
    expect(hit.statusCode).toBe(202);
    expect(price((await visitor.request('GET', '/shop/print')).body)).toBe(first);
    // A visitor's own cart changes no page anyone else sees.
    const shopper = new Visitor(site.app);
    expect((await shopper.add('print', 'PRINT-1')).status).toBe(200);
    expect(price((await visitor.request('GET', '/shop/print')).body)).toBe(first);
    // A checkout does (stock), as does any other change made through the API.
    const placed = await shopper.checkout({
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    });
    expect(placed.status).toBe(201);
    expect(price((await visitor.request('GET', '/shop/print')).body)).toContain('25.00');
  });
});
