import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { API, type ProductsShop, WEBSITE_ID, itemId, newMug, productsShop, stockOf } from './helpers.js';

describe.each(DIALECTS)("the owner's products API on %s", (dialect) => {
  let shop: ProductsShop;
  const admin = () => shop.staff.admin;

  beforeAll(async () => {
    shop = await productsShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('lists the products with their prices, stock state and status label, and pages by cursor', async () => {
    const all = await admin().request('GET', `${API}?sort=title&limit=4`);
    expect(all.status, all.body).toBe(200);
    expect(all.json.total).toBe(11);
    expect(all.json.currency).toBe('USD');
    expect(all.json.products.map((p: { urlId: string }) => p.urlId)).toEqual(['beans', 'mug', 'coffee-club', 'lamp']);
    const mug = all.json.products[1];
    expect(mug).toMatchObject({
      id: itemId('mug'),
      collection: { urlId: 'shop' },
      title: 'Blue Mug',
      url: '/shop/mug',
      productType: 1,
      status: 'published',
      statusLabel: '',
      image: { path: 'assets/shop/mug.svg' },
      variantCount: 2,
      priceCents: 1900,
      maxPriceCents: 2800,
      onSale: true,
      stock: 7,
      stockState: 'low',
    });
    const seen = [...all.json.products];
    let cursor = all.json.nextCursor;
    while (cursor) {
      const next = await admin().request('GET', `${API}?sort=title&limit=4&cursor=${encodeURIComponent(cursor)}`);
      expect(next.status, next.body).toBe(200);
      seen.push(...next.json.products);
      cursor = next.json.nextCursor;
    }
    expect(seen.map((p) => p.title)).toEqual([...seen.map((p) => p.title)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(new Set(seen.map((p) => p.id)).size).toBe(11);
  });

  it('pages through every sort by its cursor, each product once, in the sort order', async () => {
    for (const sort of ['updated', 'price', '-price', 'stock', '-title', 'position']) {
      const seen: { id: string; priceCents: number }[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await admin().request('GET', `${API}?sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status, res.body).toBe(200);
        expect(res.json.total).toBe(11);
        seen.push(...res.json.products);
        cursor = res.json.nextCursor;
      }
      expect(new Set(seen.map((p) => p.id)).size, sort).toBe(11);
      if (sort === 'price') expect(seen.map((p) => p.priceCents)).toEqual([...seen.map((p) => p.priceCents)].sort((a, b) => a - b));
    }
  });

  it('searches by title, URL slug and SKU, and filters by type, status, stock and collection', async () => {
    const ids = async (query: string) => {
      const res = await admin().request('GET', `${API}?${query}`);
      expect(res.status, res.body).toBe(200);
      return res.json.products.map((p: { urlId: string }) => p.urlId).sort();
    };
    expect(await ids('q=mug-16')).toEqual(['mug']);
    expect(await ids('q=BLUE')).toEqual(['mug']);
    expect(await ids('q=coffee-cl')).toEqual(['coffee-club']);
    expect(await ids('type=3')).toEqual(['coffee-club', 'workshop']);
    expect(await ids('status=draft')).toEqual(['lamp']);
    expect(await ids('stock=unlimited')).toEqual(['coffee-club', 'gift-card', 'guide', 'pass', 'sticker']);
    expect(await ids('stock=low')).toEqual(['lamp', 'mug', 'pen']);
    expect(await ids('stock=in')).toEqual(['beans', 'print', 'workshop']);
    expect(await ids('collection=shop&q=print')).toEqual(['print']);
    const draft = await admin().request('GET', `${API}?status=draft`);
    expect(draft.json.products[0].statusLabel).toBe('Draft');
  });

  it('answers 400 with the field for a bad filter, an unknown collection or a cursor of another sort', async () => {
    const bad = await admin().request('GET', `${API}?stock=plenty`);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ stock: 'Choose one of in, low, out, unlimited.' });
    const none = await admin().request('GET', `${API}?collection=nope`);
    expect(none.json.errors).toEqual({ collection: 'There is no products collection "nope".' });
    const first = await admin().request('GET', `${API}?sort=price&limit=2`);
    const other = await admin().request('GET', `${API}?sort=title&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(other.status).toBe(400);
    expect(other.json.code).toBe('CURSOR_INVALID');
  });

  it('reads a product in the site directory shape, each variant with its id and live stock', async () => {
    const res = await admin().request('GET', `${API}/${itemId('mug')}`);
    expect(res.status, res.body).toBe(200);
    // The import that made it is its first write.
    expect(res.json).toMatchObject({ id: itemId('mug'), collection: 'shop', revision: 1, url: '/shop/mug' });
    expect(res.json.item).toMatchObject({ urlId: 'mug', title: 'Blue Mug', status: 'published', tags: [], seoTitle: '', seoDescription: '' });
    expect(res.json.item.product.variants[0]).toMatchObject({ sku: 'MUG-12', stock: 7, priceCents: 2400, salePriceCents: 1900, onSale: true });
    expect(res.json.item.product.variants[0].id).toMatch(/^[0-9a-f]{24}$/);
    expect((await admin().request('GET', `${API}/nope`)).json.code).toBe('NOT_FOUND');
  });

  it('creates a product with four variants, records their starting stock, and shows it in the shop', async () => {
    const res = await admin().request('POST', API, newMug());
    expect(res.status, res.body).toBe(201);
    expect(res.json.revision).toBe(1);
    expect(res.json.item.product.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([
      ['TM-BS', 5],
      ['TM-BL', 5],
      ['TM-RS', 5],
      ['TM-RL', 5],
    ]);
    const history = await shop.store.db
      .selectFrom('inventory_adjustments')
      .select(['sku', 'delta', 'reason', 'actor_email'])
      .where('sku', 'like', 'TM-%')
      .execute();
    expect(history).toHaveLength(4);
    expect(history[0]).toMatchObject({ delta: 5, reason: 'created', actor_email: 'admin@store.test' });
    const page = await admin().request('GET', '/shop/travel-mug?format=json');
    expect(page.status).toBe(200);
    expect(page.json.item.structuredContent.variants).toHaveLength(4);
    expect(page.json.item).toMatchObject({ seoTitle: 'Travel mug for commuters', seoDescription: 'A mug that keeps coffee warm for hours.' });
  });

  it('refuses bad input on the field, with the import messages', async () => {
    const body = newMug('other-mug', 'OM');
    body.item.product.variants[1]!.priceCents = -1;
    const bad = await admin().request('POST', API, body);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_FAILED');
    expect(bad.json.errors).toEqual({ 'item.product.variants[1].priceCents': 'must be from 0 to 2000000000 (got -1)' });

    const taken = await admin().request('POST', API, { ...newMug('mug', 'MUG') });
    expect(taken.json.errors).toMatchObject({
      'item.urlId': '"mug" is already the URL slug of another item of this collection',
    });
    const sku = newMug('third-mug', 'X');
    sku.item.product.variants[2]!.sku = 'MUG-12';
    expect((await admin().request('POST', API, sku)).json.errors).toEqual({
      'item.product.variants[2].sku': '"MUG-12" is already the SKU of shop/mug; SKUs are unique in a site',
    });
    const long = newMug('fourth-mug', 'Y');
    long.item.tags = ['x'.repeat(51)];
    expect((await admin().request('POST', API, long)).json.errors).toEqual({ 'item.tags': `Tags are at most 50 characters: "${'x'.repeat(51)}" is too long.` });
    const twice = newMug('fifth-mug', 'Z');
    twice.item.categories = ['Kitchen', 'kitchen'];
    expect((await admin().request('POST', API, twice)).json.errors).toEqual({ 'item.categories': 'This category already exists' });
    const asset = newMug('sixth-mug', 'W');
    asset.item.product.images = [{ path: 'assets/nope.png', alt: '' }];
    expect((await admin().request('POST', API, asset)).json.errors).toEqual({
      'item.product.images[0]': 'refers to "assets/nope.png", which is not a file of the site directory',
    });
    const subscription = newMug('seventh-mug', 'V');
    Object.assign(subscription.item.product, { productType: 4, giftCard: { denominationsCents: [] } });
    expect((await admin().request('POST', API, subscription)).json.errors).toEqual({
      'item.product.giftCard.denominationsCents': 'a gift card needs a list of denominations in minor units',
    });
    const count = await shop.store.db.selectFrom('items').select('id').where('url_id', 'like', '%-mug').execute();
    expect(count.map((r) => r.id)).toHaveLength(1);
  });

  it('updates with the revision it was opened at, never changes live stock, and renames a SKU keeping its variant', async () => {
    const opened = await admin().request('GET', `${API}/${itemId('mug')}`);
    const item = opened.json.item;
    const [small, large] = item.product.variants;
    small.sku = 'MUG-SMALL';
    small.priceCents = 2500;
    small.stock = 100;
    large.stock = 40;
    item.title = 'Blue Mug II';
    const saved = await admin().request('PUT', `${API}/${itemId('mug')}`, { collection: 'shop', item, revision: opened.json.revision });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.revision).toBe(opened.json.revision + 1);
    expect(saved.json.item.product.variants.map((v: { id: string; sku: string; stock: number }) => [v.id, v.sku, v.stock])).toEqual([
      [small.id, 'MUG-SMALL', 7],
      [large.id, 'MUG-16', 0],
    ]);
    const listed = await admin().request('GET', `${API}?q=blue%20mug%20ii`);
    expect(listed.json.products[0]).toMatchObject({ title: 'Blue Mug II', priceCents: 1900, revision: opened.json.revision + 1 });

    // A second save made from the page opened before the first: refused, nothing changed.
    item.title = 'Stale title';
    const stale = await shop.staff.shop.request('PUT', `${API}/${itemId('mug')}`, { collection: 'shop', item, revision: opened.json.revision });
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({
      error: 'Someone else saved this product since you opened it. Reload it to see their changes; yours are not saved.',
      code: 'PRODUCT_CHANGED',
    });
    expect((await admin().request('GET', `${API}/${itemId('mug')}`)).json.item.title).toBe('Blue Mug II');
    const noRevision = await admin().request('PUT', `${API}/${itemId('mug')}`, { collection: 'shop', item });
    expect(noRevision.json.errors).toEqual({ revision: 'Send the revision the product was opened at.' });
  });

  it('of two saves made at once from the same revision, takes exactly one', async () => {
    const opened = await admin().request('GET', `${API}/${itemId('print')}`);
    const save = (who: 'admin' | 'shop', title: string) =>
      shop.staff[who].request('PUT', `${API}/${itemId('print')}`, { collection: 'shop', item: { ...opened.json.item, title }, revision: opened.json.revision });
    const answers = await Promise.all([save('admin', 'Print A'), save('shop', 'Print B')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.json.item.title;
    expect((await admin().request('GET', `${API}/${itemId('print')}`)).json).toMatchObject({ revision: opened.json.revision + 1, item: { title: winner } });
  });

  it('duplicates a product as a draft with -copy slugs and SKUs and no stock, then -copy-2', async () => {
    const first = await admin().request('POST', `${API}/${itemId('pen')}/duplicate`);
    expect(first.status, first.body).toBe(201);
    expect(first.json.item).toMatchObject({ urlId: 'pen-copy', title: 'Engraved Pen (copy)', status: 'draft' });
    expect(first.json.item.product.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([['PEN-1-copy', 0]]);
    const second = await admin().request('POST', `${API}/${itemId('pen')}/duplicate`);
    expect(second.json.item.urlId).toBe('pen-copy-2');
    expect(second.json.item.product.variants[0].sku).toBe('PEN-1-copy-2');
    expect(await stockOf(shop.store, 'PEN-1')).toBe(3);
  });

  it('orders a collection by hand, refusing a list that is not exactly its products', async () => {
    const listed = await admin().request('GET', `${API}?collection=shop&limit=100`);
    const ids: string[] = listed.json.products.map((p: { id: string }) => p.id);
    const reversed = [...ids].reverse();
    const bad = await admin().request('PUT', `${API}/order`, { collection: 'shop', ids: ids.slice(1) });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ ids: 'List every product of the collection once, in its new order.' });
    const ok = await admin().request('PUT', `${API}/order`, { collection: 'shop', ids: reversed });
    expect(ok.status, ok.body).toBe(204);
    const again = await admin().request('GET', `${API}?collection=shop&limit=100`);
    expect(again.json.products.map((p: { id: string }) => p.id)).toEqual(reversed);
  });

  it('lists, renames and removes tags and categories across products', async () => {
    const tags = await admin().request('GET', `${API}/tags?type=tag`);
    expect(tags.json.values).toEqual([{ name: 'Mugs', count: 1 }]);
    const mug = await admin().request('GET', `${API}?q=travel-mug`);
    const id = mug.json.products[0].id;
    const before = mug.json.products[0].revision;
    const renamed = await admin().request('POST', `${API}/tags/rename`, { type: 'tag', from: 'Mugs', to: 'Cups' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json.values).toEqual([{ name: 'Cups', count: 1 }]);
    expect((await admin().request('GET', `${API}/${id}`)).json).toMatchObject({ revision: before + 1, item: { tags: ['Cups'] } });
    const exists = await admin().request('POST', `${API}/tags/rename`, { type: 'category', from: 'Kitchen', to: 'Kitchen' });
    expect(exists.status).toBe(200);
    const long = await admin().request('POST', `${API}/tags/rename`, { type: 'category', from: 'Kitchen', to: 'k'.repeat(26) });
    expect(long.json.errors).toEqual({ to: `Categories are at most 25 characters: "${'k'.repeat(26)}" is too long.` });
    const removed = await admin().request('DELETE', `${API}/tags`, { type: 'category', name: 'Kitchen' });
    expect(removed.status, removed.body).toBe(200);
    expect(removed.json.values).toEqual([]);
    expect((await admin().request('DELETE', `${API}/tags`, { type: 'category', name: 'Kitchen' })).status).toBe(404);
  });

  it('answers the editor its choices', async () => {
    const res = await admin().request('GET', `${API}/choices`);
    expect(res.status, res.body).toBe(200);
    expect(res.json.collections).toEqual([{ urlId: 'shop', title: expect.any(String), count: expect.any(Number), limit: 200 }]);
    expect(res.json.assets.map((a: { path: string }) => a.path)).toContain('assets/shop/mug.svg');
    expect(res.json.products).toContainEqual({ ref: 'shop/mug', title: 'Blue Mug II' });
    expect(res.json.tags).toEqual([{ name: 'Cups', count: 1 }]);
  });

  it('deletes a product with its restock sign-ups and reviews; its orders keep their lines', async () => {
    const db = shop.store.db;
    const print = itemId('print');
    const variant = await db.selectFrom('product_variants').select('id').where('sku', '=', 'PRINT-1').executeTakeFirstOrThrow();
    await db
      .insertInto('restock_signups')
      .values({
        id: 'signup-1',
        website_id: WEBSITE_ID,
        item_id: print,
        variant_id: variant.id,
        email: 'x@example.com',
        join_mailing_list: 0,
        status: 'waiting',
        base_url: 'http://store.test',
        created_on: 1,
      })
      .execute();
    const res = await admin().request('DELETE', `${API}/${print}`);
    expect(res.status, res.body).toBe(204);
    expect(await db.selectFrom('items').select('id').where('id', '=', print).execute()).toEqual([]);
    expect(await db.selectFrom('product_variants').select('id').where('sku', '=', 'PRINT-1').execute()).toEqual([]);
    expect(await db.selectFrom('restock_signups').select('id').where('item_id', '=', print).execute()).toEqual([]);
    expect((await admin().request('DELETE', `${API}/${print}`)).status).toBe(404);
  });
});
