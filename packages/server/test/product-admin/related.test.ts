import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { readSiteDirectory } from '../../src/site-dir/read.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { API, type ProductsShop, itemId, productsShop } from './helpers.js';

type Related = { urlId: string; fullUrl: string; structuredContent?: { variants?: unknown[] } };

describe.each(DIALECTS)("a product's related products on %s", (dialect) => {
  let shop: ProductsShop;
  const admin = () => shop.staff.admin;

  beforeAll(async () => {
    shop = await productsShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Opens a product in the editor, changes its item, saves it with the revision it was opened at. */
  const edit = async (urlId: string, change: (item: Record<string, any>) => void) => {
    const opened = await admin().request('GET', `${API}/${itemId(urlId)}`);
    const item = opened.json.item;
    change(item);
    return admin().request('PUT', `${API}/${itemId(urlId)}`, { collection: 'shop', item, revision: opened.json.revision });
  };
  const shown = async (urlId: string) => {
    const page = await admin().request('GET', `/shop/${urlId}?format=json`);
    expect(page.status, page.body).toBe(200);
    return (page.json.item.relatedProducts as Related[]).map((r) => r.urlId);
  };

  it('shows none when the owner chose none and no other product shares a category', async () => {
    expect(await shown('mug')).toEqual([]);
  });

  it('falls back to up to 4 other visible products sharing a category, in the collection order', async () => {
    for (const urlId of ['mug', 'lamp', 'print', 'pen', 'beans', 'sticker', 'workshop']) {
      const saved = await edit(urlId, (item) => {
        item.categories = urlId === 'beans' ? ['Pantry'] : ['Desk'];
      });
      expect(saved.status, saved.body).toBe(200);
    }
    // The draft lamp, the mug itself and the beans of another category are left out.
    const related = await shown('mug');
    expect(related).toHaveLength(4);
    expect(related).not.toContain('lamp');
    expect(related).not.toContain('mug');
    expect(related).not.toContain('beans');
    const positions = (await admin().request('GET', `${API}?sort=position&limit=100`)).json.products.map((p: { urlId: string }) => p.urlId);
    expect(related).toEqual(positions.filter((u: string) => related.includes(u)));
    expect(await shown('beans')).toEqual([]);
  });

  it("shows the owner's choice in the owner's order, visible ones only, as list items with their variants", async () => {
    const saved = await edit('mug', (item) => {
      item.product.relatedProducts = ['shop/guide', 'shop/lamp', 'shop/beans'];
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.item.product.relatedProducts).toEqual(['shop/guide', 'shop/lamp', 'shop/beans']);
    const page = (await admin().request('GET', '/shop/mug?format=json')).json;
    expect(page.item.relatedProducts.map((r: Related) => r.urlId)).toEqual(['guide', 'beans']);
    expect(page.item.relatedProducts[1]).toMatchObject({ fullUrl: '/shop/beans' });
    expect(page.item.relatedProducts[1].structuredContent.variants.length).toBeGreaterThan(0);
  });

  it('refuses more than 8, a product twice, an unknown product, and lets only product managers choose', async () => {
    const nine = await edit('print', (item) => {
      item.product.relatedProducts = ['mug', 'guide', 'coffee-club', 'beans', 'gift-card', 'pass', 'pen', 'sticker', 'workshop'].map((u) => `shop/${u}`);
    });
    expect(nine.status).toBe(400);
    expect(nine.json.errors).toEqual({ 'item.product.relatedProducts': 'choose at most 8 related products' });
    const twice = await edit('print', (item) => {
      item.product.relatedProducts = ['shop/mug', 'shop/mug'];
    });
    expect(twice.json.errors).toEqual({ 'item.product.relatedProducts': 'lists a product twice' });
    const unknown = await edit('print', (item) => {
      item.product.relatedProducts = ['shop/mug', 'shop/nope'];
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ 'item.product.relatedProducts[1]': 'no product "shop/nope"' });
    const opened = await admin().request('GET', `${API}/${itemId('print')}`);
    const item = { ...opened.json.item, product: { ...opened.json.item.product, relatedProducts: ['shop/mug'] } };
    const editor = await shop.staff.editor.request('PUT', `${API}/${itemId('print')}`, { collection: 'shop', item, revision: opened.json.revision });
    expect(editor.status).toBe(403);
    const eight = await edit('print', (i) => {
      i.product.relatedProducts = ['mug', 'guide', 'coffee-club', 'beans', 'gift-card', 'pass', 'pen', 'sticker'].map((u) => `shop/${u}`);
    });
    expect(eight.status, eight.body).toBe(200);
    expect(await shown('print')).toHaveLength(8);
  });

  it('exports the choice as relatedProducts and imports it back', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-related-'));
    const copy = await freshStore(dialect);
    try {
      await exportSite(shop.store, dir);
      const written = JSON.parse(await fs.readFile(path.join(dir, 'collections', 'shop.json'), 'utf8'));
      const mug = written.items.find((i: { urlId: string }) => i.urlId === 'mug');
      expect(mug.product.relatedProducts).toEqual(['shop/guide', 'shop/lamp', 'shop/beans']);
      const bundle = await readSiteDirectory(dir);
      const read = bundle.collections.flatMap((c) => c.items).find((i) => i.urlId === 'mug');
      expect(read?.product?.data.relatedProducts).toEqual(['shop/guide', 'shop/lamp', 'shop/beans']);
      await importSite(copy, dir);
      const row = await copy.db.selectFrom('products').select('data').where('item_id', '=', itemId('mug')).executeTakeFirstOrThrow();
      expect(JSON.parse(row.data).relatedProducts).toEqual(['shop/guide', 'shop/lamp', 'shop/beans']);
    } finally {
      await copy.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
