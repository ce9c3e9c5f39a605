import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { fixtureApp, pageJson, type TestSite } from '../helpers/app.js';

interface ListItem {
  urlId: string;
  title: string;
  structuredContent?: { variants?: { sku: string; qtyInStock: number }[] };
}

/**
 * The items and products pages show are kept per site version (modules/site/catalog.ts): their
 * content is read once per import, while which items show, their order, their publication and their
 * variants (prices, stock) are read at every request.
 */
describe.each(DIALECTS)('the catalog a site version keeps, on %s', (dialect) => {
  let site: TestSite;
  const list = async () => (await pageJson(site.app, '/shop')).json.items as ListItem[];
  const bumpVersion = () =>
    site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();

  beforeAll(async () => {
    site = await fixtureApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('reads variants live: a sale elsewhere shows on the next list page, without a new site version', async () => {
    const before = (await list()).find((i) => i.urlId === 'blue-mug')!;
    const sku = before.structuredContent!.variants![0]!.sku;
    await site.store.db.updateTable('product_variants').set({ stock: 0 }).where('sku', '=', sku).execute();
    const after = (await list()).find((i) => i.urlId === 'blue-mug')!;
    expect(after.structuredContent!.variants!.find((v) => v.sku === sku)!.qtyInStock).toBe(0);
  });

  it('reads the order and the publication live: a reordered or withdrawn item shows at once', async () => {
    const first = await list();
    const last = first[first.length - 1]!;
    await site.store.db.updateTable('items').set({ position: -1 }).where('url_id', '=', last.urlId).execute();
    expect((await list())[0]!.urlId).toBe(last.urlId);
    await site.store.db.updateTable('items').set({ status: 'draft' }).where('url_id', '=', last.urlId).execute();
    expect((await list()).map((i) => i.urlId)).not.toContain(last.urlId);
  });

  it("keeps an item's content until the site's version changes, as an import changes it", async () => {
    const title = (await list()).find((i) => i.urlId === 'blue-mug')!.title;
    const itemTitle = async () => (await pageJson(site.app, '/shop/blue-mug')).json.item.title as string;
    expect(await itemTitle()).toBe(title);
    await site.store.db.updateTable('items').set({ title: 'Renamed without an import' }).where('url_id', '=', 'blue-mug').execute();
    expect((await list()).find((i) => i.urlId === 'blue-mug')!.title).toBe(title);
    expect(await itemTitle()).toBe(title);
    await bumpVersion();
    expect((await list()).find((i) => i.urlId === 'blue-mug')!.title).toBe('Renamed without an import');
    expect(await itemTitle()).toBe('Renamed without an import');
  });
});
