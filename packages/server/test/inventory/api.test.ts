import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { readSiteDirectory } from '../../src/site-dir/read.js';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, WEBSITE_ID, itemId, paid, setStock, stockOf } from '../commerce/helpers.js';
import { settingsSite, type SettingsSite, type StaffName } from '../owner-store-settings/helpers.js';

const LIST = '/api/owner/inventory';
const SETTINGS = '/api/owner/inventory/settings';
const MAY = ['admin', 'store-manager', 'website-manager'] as const;
const MAY_NOT = ['reporting', 'editor', 'viewer'] as const;

describe.each(DIALECTS)("the owner's inventory API on %s", (dialect) => {
  let site: SettingsSite;
  beforeAll(async () => {
    site = await settingsSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });
  const as = (name: StaffName) => site.staff[name];
  const admin = () => as('admin');
  const variantOf = async (sku: string) =>
    (await site.store.db.selectFrom('product_variants').select('id').where('website_id', '=', WEBSITE_ID).where('sku', '=', sku).executeTakeFirstOrThrow()).id;
  const skus = (res: { json: { variants: { sku: string }[] } }) => res.json.variants.map((v) => v.sku);
  const adjust = async (sku: string, body: Record<string, unknown>, who: Visitor = admin()) =>
    who.request('POST', `${LIST}/${await variantOf(sku)}/adjustments`, body);
  const history = async (sku: string, query = '') => admin().request('GET', `${LIST}/${await variantOf(sku)}/history${query}`);

  it('lists the stocked variants fewest first, unlimited ones last, with their product, options, image and waiting signups', async () => {
    const res = await admin().request('GET', LIST);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.threshold).toBe(3);
    expect(res.json.nextCursor).toBeNull();
    expect(skus(res).slice(0, 7)).toEqual(['MUG-16', 'LAMP-1', 'PEN-1', 'WORKSHOP', 'MUG-12', 'PRINT-1', 'BEANS-250']);
    expect(new Set(skus(res).slice(7))).toEqual(new Set(['CLUB', 'STICKER']));
    // Digital products, gift cards and paywalls keep no stock: they are not listed.
    expect(skus(res)).not.toContain('GUIDE-PDF');
    expect(res.json.variants[0]).toEqual({
      variantId: await variantOf('MUG-16'),
      productId: itemId('mug'),
      productTitle: 'Blue Mug',
      productType: 1,
      variantText: 'Size: 16 oz',
      sku: 'MUG-16',
      stock: 0,
      unlimited: false,
      stockState: 'out',
      image: { path: expect.stringContaining('mug.svg'), url: expect.stringContaining('/assets/shop/mug.svg') },
      productUrl: `/config/products/${itemId('mug')}`,
      waitingSignups: 0,
    });
    expect(res.json.variants.find((v: { sku: string }) => v.sku === 'CLUB')).toMatchObject({ stock: null, unlimited: true, stockState: 'unlimited' });
  });

  it('filters by stock state: low is at or under the threshold and above 0, in is above it', async () => {
    expect(skus(await admin().request('GET', `${LIST}?stock=low`))).toEqual(['LAMP-1', 'PEN-1']);
    expect(skus(await admin().request('GET', `${LIST}?stock=out`))).toEqual(['MUG-16']);
    expect(skus(await admin().request('GET', `${LIST}?stock=in`))).toEqual(['WORKSHOP', 'MUG-12', 'PRINT-1', 'BEANS-250']);
    expect(new Set(skus(await admin().request('GET', `${LIST}?stock=unlimited`)))).toEqual(new Set(['CLUB', 'STICKER']));
  });

  it("searches the product's title and the SKU in any case, and sorts by title or SKU", async () => {
    expect(skus(await admin().request('GET', `${LIST}?q=blue%20MUG`))).toEqual(['MUG-16', 'MUG-12']);
    expect(skus(await admin().request('GET', `${LIST}?q=print-`))).toEqual(['PRINT-1']);
    expect(skus(await admin().request('GET', `${LIST}?q=100%25`))).toEqual([]);
    expect(skus(await admin().request('GET', `${LIST}?sort=title`))).toEqual([
      'BEANS-250',
      'MUG-12',
      'MUG-16',
      'CLUB',
      'LAMP-1',
      'PEN-1',
      'WORKSHOP',
      'PRINT-1',
      'STICKER',
    ]);
    expect(skus(await admin().request('GET', `${LIST}?sort=sku&stock=in`))).toEqual(['BEANS-250', 'MUG-12', 'PRINT-1', 'WORKSHOP']);
  });

  it.each(['stock', 'title', 'sku'])('pages by %s with a cursor: every variant once, in order', async (sort) => {
    const all = skus(await admin().request('GET', `${LIST}?sort=${sort}`));
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < 20; page++) {
      const res = await admin().request('GET', `${LIST}?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.json.variants.length).toBeLessThanOrEqual(2);
      seen.push(...skus(res));
      cursor = res.json.nextCursor;
    }
    expect(seen).toEqual(all);
  });

  it('refuses bad queries with the field and its message, and a cursor of another sort', async () => {
    const bad = async (query: string) => (await admin().request('GET', `${LIST}?${query}`)).json;
    expect(await bad('stock=some')).toMatchObject({ code: 'VALIDATION_FAILED', errors: { stock: 'Choose one of low, out, in, unlimited.' } });
    expect((await bad('sort=price')).errors).toEqual({ sort: 'Choose one of stock, title, sku.' });
    expect((await bad('limit=0')).errors).toEqual({ limit: 'Enter a whole number from 1 to 100.' });
    expect((await bad(`q=${'x'.repeat(201)}`)).errors).toEqual({ q: 'Enter at most 200 characters.' });
    expect((await bad('cursor=nonsense')).code).toBe('CURSOR_INVALID');
    const { nextCursor } = (await admin().request('GET', `${LIST}?limit=1`)).json;
    expect((await bad(`sort=title&cursor=${nextCursor}`)).code).toBe('CURSOR_INVALID');
  });

  it.each(MAY)('lets %s read the list, adjust, read the history and the settings', async (name) => {
    expect((await as(name).request('GET', LIST)).status).toBe(200);
    expect((await adjust('BEANS-250', { reason: 'received', delta: 1 }, as(name))).status).toBe(200);
    expect((await as(name).request('GET', `${LIST}/${await variantOf('BEANS-250')}/history`)).status).toBe(200);
    expect((await as(name).request('GET', SETTINGS)).status).toBe(200);
  });

  it.each(MAY_NOT)('refuses %s with 403 and changes nothing', async (name) => {
    const before = await stockOf(site.store, 'BEANS-250');
    const variantId = await variantOf('BEANS-250');
    for (const [method, url, body] of [
      ['GET', LIST],
      ['POST', `${LIST}/${variantId}/adjustments`, { reason: 'received', delta: 1 }],
      ['GET', `${LIST}/${variantId}/history`],
      ['GET', SETTINGS],
      ['PUT', SETTINGS, { version: 'x', scarcityThreshold: 1 }],
    ] as const) {
      const res = await as(name).request(method, url, body);
      expect(res.status, url).toBe(403);
      expect(res.json.code).toBe('PERMISSION_DENIED');
    }
    expect(await stockOf(site.store, 'BEANS-250')).toBe(before);
  });

  it('answers 401 to someone not signed in, and 403 CRUMB_FAIL to an adjustment without the crumb', async () => {
    const nobody = new Visitor(site.app);
    const variantId = await variantOf('BEANS-250');
    for (const [method, url] of [
      ['GET', LIST],
      ['POST', `${LIST}/${variantId}/adjustments`],
      ['GET', `${LIST}/${variantId}/history`],
      ['GET', SETTINGS],
      ['PUT', SETTINGS],
    ] as const) {
      const res = await nobody.request(method, url, method === 'GET' ? undefined : { reason: 'received', delta: 1 });
      expect(res.status, url).toBe(401);
      expect(res.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    }
    const before = await stockOf(site.store, 'BEANS-250');
    const noCrumb = await admin().request('POST', `${LIST}/${variantId}/adjustments`, { reason: 'received', delta: 1 }, { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    expect(await stockOf(site.store, 'BEANS-250')).toBe(before);
  });

  it('adjusts by reason, records each change as a delta by the staff member, and answers the new stock', async () => {
    await setStock(site.store, 'PRINT-1', 10);
    site.clock.advance(1000);
    const received = await adjust('PRINT-1', { reason: 'received', delta: 5, note: '  Delivery 42  ' });
    expect(received.status).toBe(200);
    expect(received.json).toEqual({
      variantId: await variantOf('PRINT-1'),
      productId: itemId('print'),
      sku: 'PRINT-1',
      qtyInStock: 15,
      adjustment: {
        id: expect.any(String),
        delta: 5,
        stockAfter: 15,
        reason: 'received',
        note: 'Delivery 42',
        by: { kind: 'staff', email: 'admin@store.test', label: 'admin@store.test' },
        order: null,
        created: expect.any(Number),
      },
      restockNotificationsSent: null,
    });
    site.clock.advance(1000);
    expect((await adjust('PRINT-1', { reason: 'damaged', delta: -2 })).json).toMatchObject({ qtyInStock: 13, adjustment: { delta: -2 } });
    site.clock.advance(1000);
    expect((await adjust('PRINT-1', { reason: 'counted', count: 11 })).json).toMatchObject({ qtyInStock: 11, adjustment: { delta: -2, reason: 'counted' } });
    site.clock.advance(1000);
    expect((await adjust('PRINT-1', { reason: 'correction', delta: 1 }, as('store-manager'))).json).toMatchObject({
      qtyInStock: 12,
      adjustment: { delta: 1, by: { email: 'store-manager@store.test' } },
    });
    // A count that finds what the store says changes nothing and records nothing.
    expect((await adjust('PRINT-1', { reason: 'counted', count: 12 })).json).toMatchObject({ qtyInStock: 12, adjustment: null });
    expect(await stockOf(site.store, 'PRINT-1')).toBe(12);

    const h = await history('PRINT-1');
    expect(h.status).toBe(200);
    expect(h.json).toMatchObject({ variantId: await variantOf('PRINT-1'), sku: 'PRINT-1', qtyInStock: 12, unlimited: false, nextCursor: null });
    expect(h.json.adjustments.map((a: { reason: string; delta: number; stockAfter: number }) => [a.reason, a.delta, a.stockAfter])).toEqual([
      ['correction', 1, 12],
      ['counted', -2, 11],
      ['damaged', -2, 13],
      ['received', 5, 15],
    ]);
    expect(h.json.adjustments[3]).toMatchObject({ note: 'Delivery 42', by: { label: 'admin@store.test' }, order: null });
  });

  it.each([
    [{ reason: 'received', delta: 0 }, 'delta', 'Enter the number of pieces received: a whole number of at least 1.'],
    [{ reason: 'received' }, 'delta', 'Enter the number of pieces received: a whole number of at least 1.'],
    [{ reason: 'damaged', delta: 2 }, 'delta', 'Enter the pieces damaged or lost as a negative number, such as -2.'],
    [{ reason: 'counted', delta: 2 }, 'count', 'Enter the count: a whole number from 0 to 2000000000.'],
    [{ reason: 'correction', delta: 0 }, 'delta', 'Enter a correction other than 0: positive to add pieces, negative to take them away.'],
    [{ reason: 'stolen', delta: -1 }, 'reason', 'Choose one of received, damaged, counted, correction.'],
    [{ reason: 'received', delta: 1.5 }, 'delta', 'Enter a whole number from -2000000000 to 2000000000.'],
    [{ reason: 'counted', count: -1 }, 'count', 'Enter a whole number from 0 to 2000000000.'],
    [{ reason: 'received', delta: 1, note: 'n'.repeat(501) }, 'note', 'Enter a note of at most 500 characters.'],
  ])('refuses %j with its message on %s and changes nothing', async (body, field, message) => {
    const before = await stockOf(site.store, 'PRINT-1');
    const res = await adjust('PRINT-1', body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
    expect(await stockOf(site.store, 'PRINT-1')).toBe(before);
  });

  it('refuses to go below 0 with the stock there is, an unlimited variant, and a variant of no site', async () => {
    await setStock(site.store, 'PEN-1', 2);
    const res = await adjust('PEN-1', { reason: 'damaged', delta: -3 });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'STOCK_INSUFFICIENT',
      error: 'Only 2 in stock: this change would leave less than 0.',
      errors: { delta: 'Only 2 in stock: this change would leave less than 0.' },
    });
    expect(await stockOf(site.store, 'PEN-1')).toBe(2);
    expect((await adjust('STICKER', { reason: 'received', delta: 1 })).json.errors).toEqual({ delta: 'This variant has no stock to set: it never runs out.' });
    expect((await adjust('PEN-1', { reason: 'received', delta: 2_000_000_000 })).json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { delta: 'This change would leave more than 2000000000 in stock.' },
    });
    expect(await stockOf(site.store, 'PEN-1')).toBe(2);
    const none = await admin().request('POST', `${LIST}/nope/adjustments`, { reason: 'received', delta: 1 });
    expect(none).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
    expect((await admin().request('GET', `${LIST}/nope/history`)).status).toBe(404);
  });

  it('keeps the stock call of the restock page, recorded as a count by the staff member', async () => {
    await setStock(site.store, 'WORKSHOP', 4);
    const res = await admin().request('PUT', `${LIST}/${await variantOf('WORKSHOP')}`, { stock: 9 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ sku: 'WORKSHOP', qtyInStock: 9 });
    expect((await history('WORKSHOP')).json.adjustments[0]).toMatchObject({ reason: 'counted', delta: 5, stockAfter: 9, by: { email: 'admin@store.test' } });
  });

  it("records checkout's takes as sold (with the order) and a staff cancellation's give-back as restored", async () => {
    await setStock(site.store, 'MUG-12', 7);
    const shopper = new Visitor(site.app);
    expect((await shopper.add('mug', 'MUG-12', 2)).status).toBe(200);
    // An offline payment: the order stays pending, so the staff may cancel it.
    const placed = await shopper.checkout({ ...paid({ email: 'grace@example.com' }), payment: { provider: 'offline' } });
    expect(placed.status).toBe(201);
    const orderId = placed.json.order.id as string;
    expect(await stockOf(site.store, 'MUG-12')).toBe(5);
    const sold = (await history('MUG-12')).json.adjustments[0];
    expect(sold).toMatchObject({
      reason: 'sold',
      delta: -2,
      stockAfter: 5,
      by: { kind: 'customer', email: 'grace@example.com', label: 'Checkout' },
      order: { id: orderId, orderNumber: placed.json.order.orderNumber, url: `/config/orders/${orderId}` },
    });
    site.clock.advance(1000);
    const canceled = await admin().request('POST', `/api/owner/orders/${orderId}/cancel`, { notify: false });
    expect(canceled.status).toBe(200);
    expect(await stockOf(site.store, 'MUG-12')).toBe(7);
    expect((await history('MUG-12')).json.adjustments[0]).toMatchObject({
      reason: 'restored',
      delta: 2,
      stockAfter: 7,
      by: { kind: 'staff', email: 'admin@store.test', label: 'admin@store.test' },
      order: { id: orderId },
    });
  });

  it('pages the history newest first with a cursor', async () => {
    const all = (await history('PRINT-1')).json.adjustments.map((a: { id: string }) => a.id);
    const first = await history('PRINT-1', '?limit=3');
    expect(first.json.adjustments.map((a: { id: string }) => a.id)).toEqual(all.slice(0, 3));
    const second = await history('PRINT-1', `?limit=3&cursor=${first.json.nextCursor}`);
    expect(second.json.adjustments.map((a: { id: string }) => a.id)).toEqual(all.slice(3, 6));
    expect((await history('PRINT-1', '?cursor=bad')).json.code).toBe('CURSOR_INVALID');
  });

  it('reads and saves the scarcity threshold and the automatic restock notices in the store settings, compare-and-set', async () => {
    const read = await admin().request('GET', SETTINGS);
    expect(read.json).toEqual({ scarcityThreshold: 3, restockAutoSend: true, version: expect.any(String) });
    const saved = await admin().request('PUT', SETTINGS, { version: read.json.version, scarcityThreshold: 8, restockAutoSend: false });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ scarcityThreshold: 8, restockAutoSend: false });
    expect(saved.json.version).not.toBe(read.json.version);
    // Stored where site.json keeps them (so `tessera export` writes them), beside the other settings.
    const store = (await admin().request('GET', '/api/owner/store-settings')).json.store;
    expect(store.merchandising).toMatchObject({ scarcityThreshold: 8, restockAutoSend: false });
    expect(store.shippingOptions).toHaveLength(2);
    // The list follows the new threshold at once.
    const list = await admin().request('GET', `${LIST}?stock=low`);
    expect(list.json.threshold).toBe(8);
    expect(skus(list)).toContain('MUG-12');
    // A save from the settings read before is refused: nothing is silently overwritten.
    const stale = await admin().request('PUT', SETTINGS, { version: read.json.version, scarcityThreshold: 1 });
    expect(stale).toMatchObject({ status: 409, json: { code: 'STORE_SETTINGS_CHANGED' } });
    expect((await admin().request('PUT', SETTINGS, { version: saved.json.version, scarcityThreshold: 1_000_001 })).json.errors).toEqual({
      scarcityThreshold: 'Enter a whole number from 0 to 1000000.',
    });
    expect((await admin().request('PUT', SETTINGS, { version: saved.json.version, restockAutoSend: 'yes' })).json.errors).toEqual({
      restockAutoSend: 'Choose true or false.',
    });
    expect((await admin().request('GET', SETTINGS)).json).toMatchObject({ scarcityThreshold: 8, restockAutoSend: false });
    const back = await admin().request('PUT', SETTINGS, { version: saved.json.version, scarcityThreshold: 3, restockAutoSend: true });
    expect(back.status).toBe(200);
  });

  it('has its settings written by tessera export and read back by tessera import, a threshold up to 1,000,000', async () => {
    const read = (await admin().request('GET', SETTINGS)).json;
    expect((await admin().request('PUT', SETTINGS, { version: read.version, scarcityThreshold: 1_000_000, restockAutoSend: false })).status).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-inventory-export-'));
    try {
      await exportSite(site.store, path.join(dir, 'out'));
      const written = JSON.parse(await fs.readFile(path.join(dir, 'out', 'site.json'), 'utf8'));
      expect(written.store.merchandising).toMatchObject({ scarcityThreshold: 1_000_000, restockAutoSend: false });
      expect((await readSiteDirectory(path.join(dir, 'out'))).site.store.merchandising).toMatchObject({ scarcityThreshold: 1_000_000 });
      await importSite(site.store, path.join(dir, 'out'));
      site.app.renderer.snapshots.changed(WEBSITE_ID);
      expect((await admin().request('GET', SETTINGS)).json).toMatchObject({ scarcityThreshold: 1_000_000, restockAutoSend: false });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    const now = (await admin().request('GET', SETTINGS)).json;
    expect((await admin().request('PUT', SETTINGS, { version: now.version, scarcityThreshold: 3, restockAutoSend: true })).status).toBe(200);
  });

  it('serves the studio page to the roles that manage products, with the currency, time zone and settings', async () => {
    const page = await admin().request('GET', '/config/inventory');
    expect(page.status).toBe(200);
    expect(page.body).toContain('"page":"inventory"');
    expect(page.body).toContain('"restockAutoSend":true');
    const nobody = await new Visitor(site.app).request('GET', '/config/inventory');
    expect(nobody.headers.location).toBe('/config/login?next=%2Fconfig%2Finventory');
  });
});
