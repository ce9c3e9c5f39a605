import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchStatements } from '../../src/storage/dialect.js';
import { fixtureApp, pageJson, type TestSite } from '../helpers/app.js';

interface PageItem {
  urlId: string;
  structuredContent?: { variants?: { sku: string }[] };
  relatedProducts?: PageItem[];
}

/**
 * What a product page reads from the store for a request (modules/site/pages.ts): the variants of the
 * product and of its related products in one query, its reviews with their count and average in one,
 * and on SQLite, nothing that has not changed since the last request (storage/prepared.ts keeps the
 * reads until a write to their tables). Counted on SQLite, whose every statement the store can report.
 */
describe('the reads of a product page', () => {
  let site: TestSite;
  const statements: string[] = [];
  const reads = async (url: string) => {
    statements.length = 0;
    watchStatements(site.store.db, (sql) => statements.push(sql));
    try {
      return (await pageJson(site.app, url)).json as { item: PageItem; productReviews?: { count: number } };
    } finally {
      watchStatements(site.store.db, null);
    }
  };
  const of = (table: string) => statements.filter((sql) => sql.includes(`from "${table}"`));

  beforeAll(async () => {
    site = await fixtureApp('sqlite');
    const db = site.store.db;
    const mug = await db.selectFrom('items').select(['id', 'website_id']).where('url_id', '=', 'blue-mug').executeTakeFirstOrThrow();
    const product = await db.selectFrom('products').select('data').where('item_id', '=', mug.id).executeTakeFirstOrThrow();
    const data = { ...(JSON.parse(product.data) as object), relatedProducts: ['shop/engraved-pen', 'shop/field-guide'] };
    await db
      .updateTable('products')
      .set({ data: JSON.stringify(data) })
      .where('item_id', '=', mug.id)
      .execute();
    const settings = await db.selectFrom('site_settings').select('store_settings').where('website_id', '=', mug.website_id).executeTakeFirstOrThrow();
    const store = JSON.parse(settings.store_settings) as { merchandising?: object };
    store.merchandising = { ...store.merchandising, reviewsEnabled: true };
    await db
      .updateTable('site_settings')
      .set({ store_settings: JSON.stringify(store) })
      .where('website_id', '=', mug.website_id)
      .execute();
    await db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', mug.website_id)
      .execute();
  });
  afterAll(async () => {
    await site.close();
  });

  it('reads the variants of the product and of its related products in one query, and its reviews in one', async () => {
    // A write to the variants and one to the reviews: the next page reads both again, once each.
    const db = site.store.db;
    await db.updateTable('product_variants').set({ stock: 7 }).where('sku', '=', 'MUG-BLU-12').execute();
    await db.updateTable('product_reviews').set({ body: 'x' }).where('id', '=', 'none').execute();
    await reads('/shop/blue-mug');
    await db.updateTable('product_variants').set({ stock: 8 }).where('sku', '=', 'MUG-BLU-12').execute();
    await db.updateTable('product_reviews').set({ body: 'x' }).where('id', '=', 'none').execute();
    const page = await reads('/shop/blue-mug');
    expect(page.item.relatedProducts!.map((p) => p.urlId)).toEqual(['engraved-pen', 'field-guide']);
    for (const p of [page.item, ...page.item.relatedProducts!]) expect(p.structuredContent!.variants!.length).toBeGreaterThan(0);
    expect(page.productReviews!.count).toBe(0);
    expect(of('product_variants')).toHaveLength(1);
    expect(of('product_reviews')).toHaveLength(1);
    // The chosen related products: their ids and publication read, their rows the site version's.
    expect(statements.filter((sql) => sql.startsWith('select * from "items"'))).toHaveLength(0);
  });

  it('reads nothing again while nothing it read has changed, and sees a change at the next request', async () => {
    const db = site.store.db;
    const stock = (page: { item: PageItem }) =>
      (page.item.structuredContent!.variants as { sku: string; qtyInStock?: number }[]).find((v) => v.sku === 'MUG-BLU-12')?.qtyInStock;
    await reads('/shop/blue-mug');
    const again = await reads('/shop/blue-mug');
    expect(statements).toEqual([]);
    expect(again.item.urlId).toBe('blue-mug');
    // A write elsewhere (a cart) reads nothing more; a stock change reads the variants once.
    await db.updateTable('carts').set({ updated_on: 1 }).where('id', '=', 'none').execute();
    await reads('/shop/blue-mug');
    expect(of('product_variants')).toHaveLength(0);
    await db.updateTable('product_variants').set({ stock: 3 }).where('sku', '=', 'MUG-BLU-12').execute();
    const changed = await reads('/shop/blue-mug');
    expect(of('product_variants')).toHaveLength(1);
    expect(stock(changed)).toBe(3);
  });

  it("keeps the chosen related products' content until the site's version changes", async () => {
    const db = site.store.db;
    const related = async () => (await reads('/shop/blue-mug')).item.relatedProducts!.map((p) => (p as PageItem & { title: string }).title);
    const before = await related();
    await db.updateTable('items').set({ title: 'Renamed pen' }).where('url_id', '=', 'engraved-pen').execute();
    expect(await related()).toEqual(before);
    const pen = await db.selectFrom('items').select('website_id').where('url_id', '=', 'engraved-pen').executeTakeFirstOrThrow();
    await db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', pen.website_id)
      .execute();
    expect(await related()).toEqual(['Renamed pen', before[1]]);
    // Withdrawn: gone at once, without a new version.
    await db.updateTable('items').set({ status: 'draft' }).where('url_id', '=', 'engraved-pen').execute();
    expect(await related()).toEqual([before[1]]);
  });
});
