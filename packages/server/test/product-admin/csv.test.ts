import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { updateStoreSettings } from '../commerce/helpers.js';
import { API, type ProductsShop, Visitor, itemId, productsShop, stockOf } from './helpers.js';

const HEADER = 'SKU,Collection,URL slug,Title,Type,Status,Options,Price,Sale price,On sale,Stock,Unlimited,Weight (g),Currency';
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;
const asCsv = { 'content-type': 'text/csv' };

describe.each(DIALECTS)('the products CSV export and import on %s', (dialect) => {
  let shop: ProductsShop;
  const admin = () => shop.staff.admin;
  const importCsv = (text: string, dryRun = false) => admin().request('POST', `${API}/import${dryRun ? '?dryRun=true' : ''}`, text, asCsv);

  beforeAll(async () => {
    shop = await productsShop(dialect);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('exports one row per variant of the filtered list, money as decimals, formulas defused', async () => {
    const opened = await admin().request('GET', `${API}/${(await admin().request('GET', `${API}?q=print`)).json.products[0].id}`);
    const item = { ...opened.json.item, title: '=HYPERLINK("x")' };
    expect((await admin().request('PUT', `${API}/${opened.json.id}`, { collection: 'shop', item, revision: opened.json.revision })).status).toBe(200);
    const res = await admin().request('GET', `${API}/export.csv?sort=title`);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain('MUG-12,shop,mug,Blue Mug,physical,published,Size: 12 oz,24.00,19.00,yes,7,no,,USD');
    expect(lines).toContain('GUIDE-PDF,shop,guide,Field Guide (PDF),digital,published,,12.00,0.00,no,,yes,,USD');
    expect(lines).toContain(`PRINT-1,shop,print,"'=HYPERLINK(""x"")",physical,published,,15.00,0.00,no,10,no,,USD`);
    expect(lines.filter((l) => l !== '')).toHaveLength(1 + 14);
    const filtered = await admin().request('GET', `${API}/export.csv?type=4`);
    expect(
      filtered.body
        .split('\r\n')
        .filter((l) => l !== '')
        .map((l) => l.split(',')[0]),
    ).toEqual(['SKU', 'GIFT-25', 'GIFT-50', 'GIFT-100']);
  });

  it('imports its own export unchanged as all unchanged, writing nothing', async () => {
    const exported = (await admin().request('GET', `${API}/export.csv`)).body;
    const res = await importCsv(exported);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ dryRun: false, written: true, summary: { create: 0, update: 0, unchanged: 14, error: 0 }, rows: [] });
  });

  it('shows a dry run of 3 price changes and 1 bad row, writes nothing until the row is fixed, then writes it all', async () => {
    const rows = ['MUG-12,,,,,,,25.00,,,,,,', 'MUG-16,,,,,,,29.50,,,,,,', 'BEANS-250,,,,,,,17,,,,,,', 'PEN-1,,,,,,,12.345,,,,,,'];
    const dry = await importCsv(csv(...rows), true);
    expect(dry.status, dry.body).toBe(200);
    expect(dry.json.summary).toEqual({ create: 0, update: 3, unchanged: 0, error: 1 });
    expect(dry.json.rows[0]).toEqual({ row: 2, sku: 'MUG-12', title: 'Blue Mug', action: 'update', changes: ['price'], errors: [] });
    expect(dry.json.rows[3]).toEqual({
      row: 5,
      sku: 'PEN-1',
      title: 'Engraved Pen',
      action: 'error',
      changes: [],
      errors: [{ column: 'Price', message: 'Enter an amount in USD such as 24.00, with at most 2 decimals (got "12.345").' }],
    });
    const refused = await importCsv(csv(...rows));
    expect(refused.json).toMatchObject({ dryRun: false, written: false, summary: { update: 3, error: 1 } });
    const price = async (sku: string) =>
      Number((await shop.store.db.selectFrom('product_variants').select('price_cents').where('sku', '=', sku).executeTakeFirstOrThrow()).price_cents);
    expect(await price('MUG-12')).toBe(2400);
    rows[3] = 'PEN-1,,,,,,,12.35,,,,,,';
    const written = await importCsv(csv(...rows));
    expect(written.json).toMatchObject({ written: true, summary: { update: 4, error: 0 } });
    expect([await price('MUG-12'), await price('MUG-16'), await price('BEANS-250'), await price('PEN-1')]).toEqual([2500, 2950, 1700, 1235]);
  });

  it('sets stock by count as an imported adjustment, and refuses errors by row and column', async () => {
    const res = await importCsv(csv('PEN-1,,,,,,,,,,20,,,'));
    expect(res.json.rows).toEqual([{ row: 2, sku: 'PEN-1', title: 'Engraved Pen', action: 'update', changes: ['stock'], errors: [] }]);
    expect(await stockOf(shop.store, 'PEN-1')).toBe(20);
    const history = await shop.store.db.selectFrom('inventory_adjustments').select(['delta', 'stock_after', 'reason']).where('sku', '=', 'PEN-1').execute();
    expect(history).toEqual([{ delta: 17, stock_after: 20, reason: 'imported' }]);

    const bad = await importCsv(
      csv(
        'PEN-1,,,,,,,,,maybe,,,,',
        'PEN-1,,,,,,,,,,,,,',
        'NEW-1,shop,new-thing,New thing,gadget,,,5.00,,,,,,',
        'NEW-2,shop,mug,,,,Colour: Red,5.00,,,,,,',
        'NEW-3,nope,x,X,,,,1.00,,,,,,EUR',
      ),
      true,
    );
    expect(bad.json.rows.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors])).toEqual([
      [2, [{ column: 'On sale', message: 'Enter yes or no.' }]],
      [3, [{ column: 'SKU', message: '"PEN-1" is also on row 2: a SKU is on one row only.' }]],
      [4, [{ column: 'Type', message: '"gadget" is not a product type: physical, digital, service, gift card or paywall (or 1 to 5).' }]],
      [5, [{ column: 'Options', message: 'Give a value for each option of this product, and no other: Size.' }]],
      [
        6,
        [
          { column: 'Currency', message: "Prices are in the store's currency, USD." },
          { column: 'Collection', message: 'There is no products collection "nope".' },
        ],
      ],
    ]);
  });

  it('creates a product of several variants and a variant of an existing product, with their starting stock', async () => {
    const res = await importCsv(
      csv(
        'BAG-RS,shop,tote-bag,Tote bag,physical,draft,Colour: Red; Size: S,30.00,25.00,yes,4,,200,USD',
        'BAG-RL,shop,tote-bag,,,,Colour: Red; Size: L,32.00,,,,,,',
        'MUG-20,shop,mug,,,,Size: 20 oz,31.00,,,2,,,',
      ),
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ written: true, summary: { create: 3, error: 0 } });
    const listed = await admin().request('GET', `${API}?q=tote-bag`);
    expect(listed.json.products[0]).toMatchObject({ title: 'Tote bag', status: 'draft', variantCount: 2, priceCents: 2500, maxPriceCents: 3200, stock: 4 });
    const bag = await admin().request('GET', `${API}/${listed.json.products[0].id}`);
    expect(bag.json.item.product).toMatchObject({ productType: 1, variantOptionOrdering: ['Colour', 'Size'] });
    expect(bag.json.item.product.variants[0]).toMatchObject({ sku: 'BAG-RS', attributes: { Colour: 'Red', Size: 'S' }, onSale: true, weightGrams: 200 });
    expect(await stockOf(shop.store, 'MUG-20')).toBe(2);
    const created = await shop.store.db
      .selectFrom('inventory_adjustments')
      .select(['sku', 'reason', 'delta'])
      .where('reason', '=', 'created')
      .orderBy('sku')
      .execute();
    expect(created).toEqual([
      { sku: 'BAG-RS', reason: 'created', delta: 4 },
      { sku: 'MUG-20', reason: 'created', delta: 2 },
    ]);
  });

  it('reads a multipart upload, and refuses a file without a SKU column', async () => {
    const boundary = '----tessera-test';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="products.csv"',
      'Content-Type: text/csv',
      '',
      csv('PEN-1,,,,,,,,,,21,,,'),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await admin().request('POST', `${API}/import?dryRun=true`, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ dryRun: true, written: false, summary: { update: 1 } });
    expect(await stockOf(shop.store, 'PEN-1')).toBe(20);
    const noSku = await importCsv('Title,Price\r\nX,1.00\r\n');
    expect(noSku.status).toBe(400);
    expect(noSku.json.errors.file).toMatch(/^The first row must name the columns, SKU among them/);
  });
});

describe('a CSV import that brings a variant back in stock', () => {
  let shop: ProductsShop;
  beforeAll(async () => {
    shop = await productsShop('sqlite');
    await updateStoreSettings(shop.store, (settings) => {
      settings.merchandising = { ...(settings.merchandising as object), restockNotificationsEnabled: true, restockAutoSend: true };
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('sends the waiting restock notices once written', async () => {
    const variantId = (await shop.store.db.selectFrom('product_variants').select('id').where('sku', '=', 'MUG-16').executeTakeFirstOrThrow()).id;
    const signUp = await new Visitor(shop.app).request('POST', '/api/site-users/account/notifications/restock', {
      isJoinMailingList: false,
      productId: itemId('mug'),
      variantId,
      siteVisitorEmail: 'waiting@example.com',
    });
    expect(signUp.status, signUp.body).toBe(200);
    const notices = () => shop.store.db.selectFrom('outbox').select('recipient').where('kind', '=', 'restock-notice').execute();
    await shop.staff.admin.request('POST', `${API}/import?dryRun=true`, csv('MUG-16,,,,,,,,,,3,,,'), asCsv);
    expect(await notices()).toEqual([]);
    const res = await shop.staff.admin.request('POST', `${API}/import`, csv('MUG-16,,,,,,,,,,3,,,'), asCsv);
    expect(res.json).toMatchObject({ written: true, summary: { update: 1 } });
    expect(await notices()).toEqual([{ recipient: 'waiting@example.com' }]);
  });
});
