import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { DIALECTS } from '../helpers/store.js';
import { API, type ProductsShop, STORE_SITE, itemId, newMug, placeOrder, productsShop, stockOf } from './helpers.js';

/** `tessera import` of a site whose shop has sold since: live stock is never overwritten by the file's. */
describe.each(DIALECTS)('tessera import and export with the studio on %s', (dialect) => {
  let shop: ProductsShop;
  let tmp: string;
  const variantId = async (sku: string) =>
    (await shop.store.db.selectFrom('product_variants').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    shop = await productsShop(dialect);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-products-'));
  });
  afterAll(async () => {
    await shop?.close();
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('keeps the sold-down stock and the ids of existing variants when the old directory is imported again; a new variant takes the file stock', async () => {
    const before = await variantId('MUG-12');
    await placeOrder(shop.app, [['mug', 'MUG-12', 2]]);
    expect(await stockOf(shop.store, 'MUG-12')).toBe(5);
    await importSite(shop.store, STORE_SITE);
    expect(await stockOf(shop.store, 'MUG-12')).toBe(5);
    expect(await variantId('MUG-12')).toBe(before);

    const copy = path.join(tmp, 'copy');
    await fs.cp(STORE_SITE, copy, { recursive: true });
    const file = path.join(copy, 'collections', 'shop.json');
    const doc = JSON.parse(await fs.readFile(file, 'utf8'));
    doc.items[0].product.variants.push({ sku: 'MUG-20', attributes: { Size: '20 oz' }, priceCents: 3000, stock: 9 });
    doc.items[0].product.variants[0].stock = 50;
    await fs.writeFile(file, JSON.stringify(doc));
    await importSite(shop.store, copy);
    expect(await stockOf(shop.store, 'MUG-12')).toBe(5);
    expect(await stockOf(shop.store, 'MUG-20')).toBe(9);
  });

  it('exports the live stock and what the studio wrote, and reads it back unchanged; a save opened before the import is refused', async () => {
    const admin = shop.staff.admin;
    const opened = await admin.request('GET', `${API}/${itemId('mug')}`);
    const item = {
      ...opened.json.item,
      seoTitle: 'Blue mug, 12 or 16 oz',
      seoDescription: 'Stoneware.',
      product: { ...opened.json.item.product, relatedProducts: ['shop/print'] },
    };
    const saved = await admin.request('PUT', `${API}/${itemId('mug')}`, { collection: 'shop', item, revision: opened.json.revision });
    expect(saved.status, saved.body).toBe(200);
    const out = path.join(tmp, 'export');
    await exportSite(shop.store, out);
    const mug = JSON.parse(await fs.readFile(path.join(out, 'collections', 'shop.json'), 'utf8')).items.find((i: { urlId: string }) => i.urlId === 'mug');
    expect(mug).toMatchObject({ seoTitle: 'Blue mug, 12 or 16 oz', seoDescription: 'Stoneware.', product: { relatedProducts: ['shop/print'] } });
    expect(mug.product.variants.find((v: { sku: string }) => v.sku === 'MUG-12').stock).toBe(5);
    expect(mug).not.toHaveProperty('revision');

    // A product made in the studio has an id of its own, not one derived from its URL slug: it keeps it too.
    const created = await admin.request('POST', API, newMug());
    expect(created.status, created.body).toBe(201);
    await exportSite(shop.store, out, { force: true });
    await placeOrder(shop.app, [['mug', 'MUG-12', 1]]);

    await importSite(shop.store, out);
    const again = await admin.request('GET', `${API}/${itemId('mug')}`);
    // The import rewrote the product: an editor still open at the revision before it cannot overwrite it unseen.
    expect(again.json.revision).toBeGreaterThan(saved.json.revision);
    const stale = await admin.request('PUT', `${API}/${itemId('mug')}`, { collection: 'shop', item, revision: saved.json.revision });
    expect([stale.status, stale.json.code]).toEqual([409, 'PRODUCT_CHANGED']);
    expect(again.json.item).toEqual({ ...saved.json.item, product: { ...saved.json.item.product, variants: expect.any(Array) } });
    expect(again.json.item.product.variants[0]).toEqual({ ...saved.json.item.product.variants[0], stock: 4 });
    const travel = await admin.request('GET', `${API}/${created.json.id}`);
    expect(travel.status, travel.body).toBe(200);
    expect(travel.json.item).toEqual(created.json.item);
  });
});
