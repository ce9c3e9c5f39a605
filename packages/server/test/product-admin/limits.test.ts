import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/storage/ids.js';
import { API, type ProductsShop, WEBSITE_ID, newMug, productsShop } from './helpers.js';

const SHOP = stableId(WEBSITE_ID, 'collection', 'shop');

/** The spec's 200 products in a collection, for the editor and the CSV import alike. SQLite: the rule is the same on both. */
describe('a full products collection', () => {
  let shop: ProductsShop;
  beforeAll(async () => {
    shop = await productsShop('sqlite');
    const have = (await shop.store.db.selectFrom('items').select('id').where('collection_id', '=', SHOP).execute()).length;
    for (let n = have; n < 200; n++) {
      const id = stableId(SHOP, 'filler', String(n));
      await shop.store.db
        .insertInto('items')
        .values({
          id,
          website_id: WEBSITE_ID,
          collection_id: SHOP,
          url_id: `filler-${n}`,
          title: `Filler ${n}`,
          status: 'draft',
          publish_on: null,
          position: n,
          record_type: 11,
          excerpt: '',
          body: '',
          start_date: null,
          end_date: null,
          data: '{}',
          created_on: 1,
          updated_on: 1,
        })
        .execute();
      await shop.store.db
        .insertInto('products')
        .values({
          item_id: id,
          website_id: WEBSITE_ID,
          product_type: 1,
          variant_option_ordering: '[]',
          is_subscribable: 0,
          additional_fields_form_id: null,
          custom_add_button_text: '',
          data: '{}',
        })
        .execute();
      await shop.store.db
        .insertInto('product_variants')
        .values({
          id,
          website_id: WEBSITE_ID,
          item_id: id,
          sku: `FILL-${n}`,
          position: 0,
          attributes: '{}',
          currency: 'USD',
          price_cents: 100,
          sale_price_cents: 0,
          on_sale: 0,
          stock: 1,
          unlimited: 0,
          weight_grams: null,
          image: null,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("refuses one more product with the spec's message, from the editor and from a CSV import", async () => {
    const res = await shop.staff.admin.request('POST', API, newMug());
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ collection: 'A collection holds at most 200 products; this one has 201.' });
    const dup = await shop.staff.admin.request('POST', `${API}/${stableId(SHOP, 'filler', '150')}/duplicate`);
    expect(dup.json.errors).toEqual({ collection: 'A collection holds at most 200 products; this one has 201.' });
    const csv = await shop.staff.admin.request('POST', `${API}/import`, 'SKU,Collection,URL slug,Title,Price\r\nONE-MORE,shop,one-more,One more,5.00\r\n', {
      'content-type': 'text/csv',
    });
    expect(csv.json).toMatchObject({
      written: false,
      rows: [{ row: 2, action: 'error', errors: [{ column: 'Collection', message: 'A collection holds at most 200 products; this one has 201.' }] }],
    });
    // Saving a product already in the collection is no addition.
    const opened = await shop.staff.admin.request('GET', `${API}/${stableId(SHOP, 'filler', '150')}`);
    const saved = await shop.staff.admin.request('PUT', `${API}/${opened.json.id}`, {
      collection: 'shop',
      item: { ...opened.json.item, title: 'Renamed' },
      revision: opened.json.revision,
    });
    expect(saved.status, saved.body).toBe(200);
  });
});
