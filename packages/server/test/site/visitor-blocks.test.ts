import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, membersApp, WEBSITE_ID, type MembersSite } from '../accounts/helpers.js';

// The default theme declares its cart indicator a visitor block (template.conf `visitorBlocks`): a
// page kept for everyone is completed with each visitor's own indicator. The price, changed behind
// the app's back, tells a kept page from one rendered afresh.
describe("kept pages completed with the visitor's own blocks", () => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp('sqlite');
  });
  afterAll(() => site.close());

  const setPrice = (cents: number) =>
    site.store.db.updateTable('product_variants').set({ price_cents: cents }).where('sku', '=', 'MUG-12').where('website_id', '=', WEBSITE_ID).execute();
  const count = (html: string) => [...html.matchAll(/class="sqs-cart-quantity">(\d+)</g)].map((m) => Number(m[1]));
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("serves a shopper with a cart the kept page, with their cart in its indicator and nobody else's", async () => {
    const shopper = new Browser(site.app);
    expect((await shopper.add('shop', 'mug', 'MUG-12', 2)).status).toBe(200);
    await setPrice(1500);
    await wait(1100); // past whatever was kept
    const anonymous = (await new Browser(site.app).request('GET', '/shop/mug')).body;
    expect(anonymous).toContain('15.00');
    expect(count(anonymous).length).toBeGreaterThan(0);
    expect(count(anonymous).every((n) => n === 0)).toBe(true);
    await setPrice(2500);
    // Kept: the old price, the shopper's own count.
    const kept = (await shopper.request('GET', '/shop/mug')).body;
    expect(kept).toContain('15.00');
    expect(kept).not.toContain('25.00');
    expect(count(kept).every((n) => n === 2)).toBe(true);
    // The kept page for everyone still shows an empty cart.
    expect(count((await new Browser(site.app).request('GET', '/shop/mug')).body).every((n) => n === 0)).toBe(true);
    // Adding to the cart keeps the page (only the shopper's indicator changes) and shows at once.
    expect((await shopper.add('shop', 'mug', 'MUG-12', 1)).status).toBe(200);
    const after = (await shopper.request('GET', '/shop/mug')).body;
    expect(after).toContain('15.00');
    expect(count(after).every((n) => n === 3)).toBe(true);
  });

  it('completes the kept page exactly as the page rendered for that shopper', async () => {
    const shopper = new Browser(site.app);
    expect((await shopper.add('shop', 'mug', 'MUG-12', 1)).status).toBe(200);
    await wait(1100);
    const rendered = (await shopper.request('GET', '/journal')).body; // rendered for the shopper, then kept
    const kept = (await shopper.request('GET', '/journal')).body;
    expect(count(kept)).toEqual(count(rendered));
    expect(kept).toBe(rendered);
  });

  it('renders the cart page afresh for a shopper with a cart', async () => {
    const shopper = new Browser(site.app);
    await wait(1100);
    expect((await shopper.request('GET', '/cart')).status).toBe(200); // kept: an empty cart for everyone
    expect((await shopper.add('shop', 'mug', 'MUG-12', 1)).status).toBe(200);
    const cart = (await shopper.request('GET', '/cart')).body;
    expect(count(cart).every((n) => n === 1)).toBe(true);
    expect(cart).toContain('Blue Mug');
  });
});
