import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURES } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';
import { ACCEPTED_CARD, ADDRESS, Visitor } from './helpers.js';

const REPO = path.resolve(FIXTURES, '..', '..', '..', '..');
const DEMO = path.join(REPO, 'sites', 'demo');
const demoItem = (urlId: string) => stableId(stableId(websiteIdOf('demo'), 'collection', 'shop'), 'item', urlId);

/** The demo shop with the default theme: the commerce pages show real orders (what a visitor of the demo sees). */
describe("the default theme's commerce pages with the demo shop", () => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    store = await freshStore('sqlite');
    await importSite(store, DEMO);
    app = await buildApp(testConfig({ siteDir: DEMO, themesDir: path.join(REPO, 'themes') }), { store });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  const card = { provider: 'test', cardNumber: ACCEPTED_CARD };

  it('shows the cart, then the order with its lines, download link, totals and status link', async () => {
    const v = new Visitor(app, 'localhost');
    expect(
      (await v.request('POST', '/api/commerce/shopping-cart/entries', { itemId: demoItem('pour-over-dripper'), sku: 'DRP-WHT', quantity: 1 })).status,
    ).toBe(200);
    expect((await v.request('POST', '/api/commerce/shopping-cart/entries', { itemId: demoItem('the-brew-guide') })).status).toBe(200);
    const cart = await v.request('GET', '/cart');
    expect(cart.body).toContain('Ceramic Pour-Over Dripper');
    // 34.00 for the dripper and the guide on sale at 9.00.
    expect(cart.body.match(/<span class="cart-subtotal">[^<]*<\/span>/)?.[0]).toBe('<span class="cart-subtotal">$43.00</span>');
    const placed = await v.checkout({ email: 'ada@example.com', shippingAddress: ADDRESS, shippingOptionId: 'standard', payment: card });
    expect(placed.status).toBe(201);
    const { order } = placed.json;
    const html = (await v.request('GET', placed.json.confirmationUrl)).body;
    expect(html).toContain(`Your order <strong>#${order.orderNumber}</strong> is confirmed. We will send a receipt to ada@example.com.`);
    expect(html).toContain('<p class="cart-entry__title">Ceramic Pour-Over Dripper</p>');
    expect(html).toContain(`<a class="text-link" href="${order.lines[1].download.url}">Download</a>`);
    expect(html).toMatch(/<dt>Total<\/dt><dd>\$\d+\.\d\d<\/dd>/);
    expect(html).toContain(`href="${order.orderStatusUrl}"`);
    const status = (await new Visitor(app, 'localhost').request('GET', order.orderStatusUrl)).body;
    expect(status).toContain(`Order <strong>#${order.orderNumber}</strong>: being prepared.`);
  });

  it("shows a bought gift card's code, and the gift-card page's denominations", async () => {
    const v = new Visitor(app, 'localhost');
    const page = (await v.request('GET', `/checkout/gift-card?itemId=${demoItem('gift-card')}&sku=GFT-050`)).body;
    expect(page).toContain('<h1 class="page-title">Tessera Gift Card</h1>');
    expect(page).toMatch(/<a class="button" href="\?itemId=[0-9a-f]+&amp;sku=GFT-050" aria-current="true">\$50\.00<\/a>/);
    const placed = await v.checkout({ email: 'ada@example.com', expressCheckout: { itemId: demoItem('gift-card'), sku: 'GFT-050' }, payment: card });
    const code = placed.json.order.lines[0].giftCards[0].code;
    expect((await v.request('GET', placed.json.confirmationUrl)).body).toContain(`Gift card code: <code>${code}</code> ($50.00)`);
  });

  it("shows the subscription page's plan and price, the donate page's amounts and the contribution", async () => {
    const v = new Visitor(app, 'localhost');
    const sub = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: demoItem('roasters-choice-subscription'), sku: 'SUB-250', qty: 1 });
    const page = (await v.request('GET', `/checkout/subscription?cartToken=${sub.json.cartToken}`)).body;
    expect(page).toContain("<strong>Roaster's Choice Subscription</strong> &times; 1: $18.00 every month, until you cancel.");
    const donate = (await v.request('GET', '/commerce/donate')).body;
    expect(donate).toContain('<input type="radio" name="amountCents" value="2500"> <span>$25.00</span>');
    const given = await v.checkout({ email: 'ada@example.com', donation: { amountCents: 2500 }, payment: card });
    expect((await v.request('GET', given.json.confirmationUrl)).body).toContain(
      `We have received your contribution of <strong>$25.00</strong> (#${given.json.order.orderNumber}).`,
    );
  });
});
