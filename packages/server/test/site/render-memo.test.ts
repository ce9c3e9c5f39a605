import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfShared, digestOf, shared, sharedDeep } from '../../src/modules/site/render-memo.js';
import { Visitor, WEBSITE_ID, storeApp, type StoreSite } from '../commerce/helpers.js';

describe('the digest of a page context', () => {
  it('is the same for the same data and differs for any difference a template can see', () => {
    const base = { a: 'x', n: 1, list: [1, 'two', null], nested: { t: true, u: undefined } };
    expect(digestOf(base)).toBe(digestOf({ a: 'x', n: 1, list: [1, 'two', null], nested: { t: true, u: undefined } }));
    for (const other of [
      { ...base, a: 'y' },
      { ...base, n: 2 },
      { ...base, n: '1' },
      { ...base, list: [1, 'two'] },
      { ...base, list: [1, 'two', undefined] },
      { ...base, nested: { t: false, u: undefined } },
      { ...base, nested: { t: true } },
      { ...base, extra: null },
      // A string cannot pass for the parts around it.
      { ...base, a: 'x"n1' },
    ]) {
      expect(digestOf(other)).not.toBe(digestOf(base));
    }
  });

  it('names shared objects by identity, and a copy by its original and what the page added', () => {
    const item = sharedDeep({ id: 'i1', title: 'Mug', structuredContent: { variants: [{ sku: 'M' }] } });
    expect(Object.isFrozen(item.structuredContent.variants[0])).toBe(true);
    const twin = sharedDeep({ id: 'i1', title: 'Mug', structuredContent: { variants: [{ sku: 'M' }] } });
    // Two shared objects with the same content are two identities: at worst a render more, never a wrong page.
    expect(digestOf({ item })).not.toBe(digestOf({ item: twin }));
    expect(digestOf({ item })).toBe(digestOf({ item }));
    const page = copyOfShared(item) as Record<string, unknown>;
    expect(digestOf({ item: page })).toBe(digestOf({ item: copyOfShared(item) }));
    page.relatedProducts = [twin];
    const withRelated = digestOf({ item: page });
    expect(withRelated).not.toBe(digestOf({ item: copyOfShared(item) }));
    page.title = 'Cup';
    expect(digestOf({ item: page })).not.toBe(withRelated);
    const settings = shared({ open: true });
    expect(digestOf({ settings })).toBe(digestOf({ settings }));
  });

  it('gives up on what it cannot name: the page is rendered as always', () => {
    expect(digestOf({ when: new Date(0) })).toBeNull();
    expect(digestOf({ f: () => 1 })).toBeNull();
    expect(digestOf({ m: new Map() })).toBeNull();
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let i = 0; i < 100; i++) deep = (deep.next = {}) as Record<string, unknown>;
    expect(digestOf(top)).toBeNull();
  });
});

// Prices, stock and the site changed behind the app's back (as another process would): what a page
// rendered for a request shows tells whether the memo served a page of other data.
describe('pages rendered for a request, kept by the digest of what they read', () => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp('sqlite');
  });
  afterAll(async () => {
    await site.close();
  });
  const variant = (set: { price_cents?: number; stock?: number }) =>
    site.store.db.updateTable('product_variants').set(set).where('sku', '=', 'PRINT-1').where('website_id', '=', WEBSITE_ID).execute();
  const price = (html: string) => /<span class="price">[^<]*<\/span>/.exec(html)?.[0];
  const page = async (url: string, visitor = new Visitor(site.app)) => {
    const answer = await visitor.request('GET', url);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('serves the same bytes for the same data, and renders again when a price or the stock changes', async () => {
    await variant({ price_cents: 1500 });
    const memo = site.app.renderer.renderMemo;
    const first = await page('/shop/print?from=mail');
    expect(price(first)).toContain('15.00');
    const hits = memo.stats.hits;
    expect(await page('/shop/print?from=mail')).toBe(first);
    expect(memo.stats.hits).toBe(hits + 1);
    await variant({ price_cents: 2500 });
    expect(price(await page('/shop/print?from=mail'))).toContain('25.00');
    const list = await page('/?from=mail');
    expect(list).toContain('25.00');
    await variant({ price_cents: 1500 });
    expect(await page('/?from=mail')).not.toBe(list);
    expect(await page('/shop/print?from=mail')).toBe(first);
  });

  it('renders each shopper their own cart, and a new site version afresh', async () => {
    const shopper = new Visitor(site.app);
    expect((await shopper.add('print', 'PRINT-1')).status).toBe(200);
    const withCart = await page('/shop/print?from=mail', shopper);
    expect(await page('/shop/print?from=mail')).not.toBe(withCart);
    expect((await shopper.add('print', 'PRINT-1')).status).toBe(200);
    expect(await page('/shop/print?from=mail', shopper)).not.toBe(withCart);
    // The owner renames the site from another process: a new version, whose pages are rendered afresh.
    const before = await page('/shop/print?from=mail');
    await site.store.db.updateTable('site_settings').set({ site_title: 'Renamed Store' }).where('website_id', '=', WEBSITE_ID).execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', WEBSITE_ID)
      .execute();
    site.app.renderer.snapshots.changed(WEBSITE_ID);
    const after = await page('/shop/print?from=mail');
    expect(after).not.toBe(before);
    expect(after).toContain('Renamed Store');
  });
});
