import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { HOST, Visitor, WEBSITE_ID, itemId, setStock, storeApp, type StoreSite } from './helpers.js';

const CART_FIELDS = [
  'id',
  'websiteId',
  'orderId',
  'created',
  'isPurchased',
  'entries',
  'shippingOptions',
  'selectedShippingOption',
  'shippingLocation',
  'applicableTaxRules',
  'coupons',
  'validCoupons',
  'invalidCoupons',
  'subtotalCents',
  'taxCents',
  'shippingCostCents',
  'discountCents',
  'grandTotalCents',
  'totalQuantity',
  'hasDigital',
  'purelyDigital',
  'requiresShipping',
];
const ENTRY_FIELDS = ['id', 'itemId', 'quantity', 'chosenVariant', 'title', 'subTotal', 'purchasePriceCents'];

describe.each(DIALECTS)('the cart API on %s', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('answers the empty cart with every field of the spec, without creating one', async () => {
    const v = new Visitor(site.app);
    const { status, json, headers } = await v.cart('?mock=false&timecode=123&calculateSubtotal=true');
    expect(status).toBe(200);
    for (const field of CART_FIELDS) expect(json, field).toHaveProperty(field);
    expect(json).toMatchObject({
      id: null,
      websiteId: WEBSITE_ID,
      isPurchased: false,
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      grandTotalCents: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      coupons: [],
      selectedShippingOption: null,
      shippingLocation: null,
    });
    expect(json.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['standard', 'express']);
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['set-cookie']).toBeUndefined();
    expect(v.cartCookie).toBeUndefined();
  });

  it('adds an entry: {shoppingCart, newlyAdded}, sets the HttpOnly cart cookie, merges the same variant', async () => {
    const v = new Visitor(site.app);
    const first = await v.add('mug', 'MUG-12', 2);
    expect(first.status).toBe(200);
    const cookie = String(([] as string[]).concat(first.headers['set-cookie'] as string[])[0]);
    expect(cookie).toMatch(/^cart=[A-Za-z0-9_-]{32}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const { shoppingCart, newlyAdded } = first.json;
    for (const field of CART_FIELDS) expect(shoppingCart, field).toHaveProperty(field);
    for (const field of ENTRY_FIELDS) expect(newlyAdded, field).toHaveProperty(field);
    expect(newlyAdded).toMatchObject({
      itemId: itemId('mug'),
      quantity: 2,
      title: 'Blue Mug',
      purchasePriceCents: 1900,
      subTotalCents: 3800,
      chosenVariant: { sku: 'MUG-12', attributes: { Size: '12 oz' }, optionValues: [{ optionName: 'Size', value: '12 oz' }] },
      subTotal: { value: '38.00', currency: 'USD' },
      fullUrl: '/shop/mug',
      image: { altText: 'A blue mug', systemDataVariants: '' },
    });
    expect(shoppingCart).toMatchObject({ totalQuantity: 2, subtotalCents: 3800, grandTotalCents: 3800, requiresShipping: true, purelyDigital: false });
    expect(typeof shoppingCart.id).toBe('string');
    expect(typeof shoppingCart.created).toBe('number');

    const again = await v.add('mug', 'MUG-12', '1');
    expect(again.json.newlyAdded).toMatchObject({ id: newlyAdded.id, quantity: 3 });
    expect(again.json.shoppingCart.entries).toHaveLength(1);
    expect(again.headers['set-cookie']).toBeUndefined(); // the same cart

    const guide = await v.add('guide', undefined);
    expect(guide.json.newlyAdded).toMatchObject({ title: 'Field Guide (PDF)', quantity: 1, chosenVariant: { sku: 'GUIDE-PDF' } });
    expect(guide.json.shoppingCart).toMatchObject({ totalQuantity: 4, subtotalCents: 5700 + 1200, hasDigital: true, purelyDigital: false });
    const read = await v.cart();
    expect(read.json).toEqual(guide.json.shoppingCart);
  });

  it('changes quantities and removes entries; totals always agree with the entries', async () => {
    const v = new Visitor(site.app);
    const added = await v.add('sticker', 'STICKER', 2);
    await v.add('print', 'PRINT-1', 1);
    const entryId = added.json.newlyAdded.id;
    const changed = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/quantity`, { quantity: 5 });
    expect(changed.status).toBe(200);
    expect(changed.json.updatedEntry).toMatchObject({ id: entryId, quantity: 5, subTotalCents: 1500 });
    expect(changed.json.shoppingCart).toMatchObject({ totalQuantity: 6, subtotalCents: 3000 });
    const bad = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/quantity`, { quantity: 'lots' });
    expect(bad).toMatchObject({ status: 400, json: { code: 'QUANTITY_NOT_A_NUMBER', error: 'Quantity must be a number.' } });
    const removed = await v.request('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`);
    expect(removed.status).toBe(200);
    expect(removed.json.shoppingCart).toMatchObject({ totalQuantity: 1, subtotalCents: 1500 });
    expect((await v.request('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`)).json.code).toBe('ENTRY_NOT_FOUND');
    // Another visitor cannot touch this cart's entries.
    const other = new Visitor(site.app);
    await other.add('sticker', 'STICKER');
    const printEntry = removed.json.shoppingCart.entries[0].id;
    expect((await other.request('DELETE', `/api/commerce/shopping-cart/entries/${printEntry}`)).status).toBe(404);
    expect((await v.cart()).json.totalQuantity).toBe(1);
  });

  it('keeps additional-fields answers as JSON text, checks required fields, and edits them', async () => {
    const v = new Visitor(site.app);
    const missing = await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: '' }));
    expect(missing).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED', errors: { text: 'Required' } } });
    const unparsable = await v.add('pen', 'PEN-1', 1, '{not json');
    expect(unparsable.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { additionalFields: 'Could not parse the form fields, please check your entries.' },
    });
    const a = await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: 'Ada' }));
    const b = await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: 'Grace' }));
    expect(b.json.shoppingCart.entries).toHaveLength(2); // different answers: separate entries
    const entry = a.json.newlyAdded;
    expect(JSON.parse(entry.additionalFields)).toEqual({ text: 'Ada' });
    const edited = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`, {
      itemId: itemId('pen'),
      sku: 'PEN-1',
      additionalFields: JSON.stringify({ text: 'Augusta' }),
    });
    expect(edited.status).toBe(200);
    expect(JSON.parse(edited.json.updatedEntry.additionalFields)).toEqual({ text: 'Augusta' });
    expect(edited.json.shoppingCart.entries).toHaveLength(2);
    const refused = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`, { additionalFields: '{"text":""}' });
    expect(refused.json.errors).toEqual({ text: 'Required' });
  });

  it('answers every add-to-cart rule with its code and the spec message, never a 500', async () => {
    const v = new Visitor(site.app);
    const cases: [string, string | undefined, unknown, number, string, string][] = [
      ['mug', 'NOPE', 1, 400, 'VARIANT_UNAVAILABLE', 'Sorry, that item variant is unavailable. Please select another variant.'],
      ['mug', undefined, 1, 400, 'VARIANT_UNAVAILABLE', 'Sorry, that item variant is unavailable. Please select another variant.'],
      ['mug', 'MUG-16', 1, 409, 'OUT_OF_STOCK', 'Sorry, we do not have enough of that item available.'],
      ['mug', 'MUG-12', 8, 409, 'OUT_OF_STOCK', 'Sorry, we do not have enough of that item available.'],
      ['mug', 'MUG-12', 'two', 400, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
      ['mug', 'MUG-12', null, 400, 'QUANTITY_NOT_A_NUMBER', 'Quantity must be a number.'],
      ['mug', 'MUG-12', 1.5, 400, 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number.'],
      ['mug', 'MUG-12', '2.5', 400, 'QUANTITY_NOT_WHOLE', 'Quantity must be a whole number.'],
      ['mug', 'MUG-12', 0, 400, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
      ['sticker', 'STICKER', 10000, 400, 'QUANTITY_OUT_OF_RANGE', 'Quantity must be between 1 and 9999.'],
      ['gift-card', undefined, 1, 400, 'GIFT_CARD_DENOMINATION_REQUIRED', 'Select a denomination for the Gift Card.'],
      ['gift-card', '', 1, 400, 'GIFT_CARD_DENOMINATION_REQUIRED', 'Select a denomination for the Gift Card.'],
      ['lamp', 'LAMP-1', 1, 404, 'ITEM_UNAVAILABLE', 'Sorry, that item is unavailable.'],
    ];
    for (const [item, sku, quantity, status, code, message] of cases) {
      const res = await v.add(item, sku, quantity);
      expect({ item, sku, quantity, status: res.status, body: res.json }).toEqual({ item, sku, quantity, status, body: { code, error: message } });
    }
    expect((await v.request('POST', '/api/commerce/shopping-cart/entries', { itemId: 'x'.repeat(24), quantity: 1 })).json.code).toBe('ITEM_UNAVAILABLE');
    expect((await v.request('POST', '/api/commerce/shopping-cart/entries', { sku: 'MUG-12' })).json.code).toBe('VALIDATION_FAILED');
    expect((await v.cart()).json.totalQuantity).toBe(0);
  });

  it('counts what the cart already holds of that item and variant against the stock', async () => {
    await setStock(site.store, 'PEN-1', 3);
    const v = new Visitor(site.app);
    expect((await v.add('mug', 'MUG-12', 5)).status).toBe(200);
    expect((await v.add('mug', 'MUG-12', 2)).status).toBe(200);
    expect((await v.add('mug', 'MUG-12', 1)).json).toEqual({ code: 'OUT_OF_STOCK', error: 'Sorry, we do not have enough of that item available.' });
    // Entries of one variant with different form answers count together.
    expect((await v.add('pen', 'PEN-1', 2, '{"text":"a"}')).status).toBe(200);
    expect((await v.add('pen', 'PEN-1', 2, '{"text":"b"}')).json.code).toBe('OUT_OF_STOCK');
    const cart = (await v.cart()).json;
    const penEntry = cart.entries.find((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku === 'PEN-1');
    expect((await v.request('PUT', `/api/commerce/shopping-cart/entries/${penEntry.id}/quantity`, { quantity: 4 })).json.code).toBe('OUT_OF_STOCK');
    expect((await v.request('PUT', `/api/commerce/shopping-cart/entries/${penEntry.id}/quantity`, { quantity: 3 })).status).toBe(200);
  });

  it('applies and removes coupons; a coupon whose minimum is not met is listed as invalid', async () => {
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 2); // 3000
    const unknown = await v.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'NOPE' });
    expect(unknown).toMatchObject({ status: 400, json: { code: 'INVALID_COUPON', error: 'That coupon code is not valid.' } });
    const applied = await v.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'welcome10' });
    expect(applied.json.shoppingCart).toMatchObject({
      coupons: ['WELCOME10'],
      discountCents: 300,
      grandTotalCents: 2700,
      validCoupons: [{ code: 'WELCOME10', percentOff: 10, amountOffCents: null, minSubtotalCents: null }],
      invalidCoupons: [],
    });
    const under = await v.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'FIVEOFF' });
    expect(under.json.shoppingCart).toMatchObject({ discountCents: 300, invalidCoupons: [{ code: 'FIVEOFF', minSubtotalCents: 5000 }] });
    await v.add('print', 'PRINT-1', 2); // 6000: FIVEOFF applies now
    expect((await v.cart()).json).toMatchObject({ discountCents: 600 + 500, grandTotalCents: 4900, invalidCoupons: [] });
    const removed = await v.request('DELETE', '/api/commerce/shopping-cart/coupons/welcome10');
    expect(removed.json.shoppingCart).toMatchObject({ coupons: ['FIVEOFF'], discountCents: 500, grandTotalCents: 5500 });
  });

  it('chooses a shipping location and option: tax by location, free shipping over the threshold', async () => {
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 2); // 3000
    const located = await v.request('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'us', region: 'ny', postalCode: '12534' });
    expect(located.json.shoppingCart).toMatchObject({
      shippingLocation: { country: 'US', region: 'NY', postalCode: '12534' },
      applicableTaxRules: [{ country: 'US', region: 'NY', rateBasisPoints: 887, appliesToShipping: false }],
      taxCents: 266,
      grandTotalCents: 3266,
    });
    const unknown = await v.request('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'teleport' });
    expect(unknown.json).toMatchObject({ code: 'SHIPPING_OPTION_UNAVAILABLE' });
    const chosen = await v.request('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'standard' });
    expect(chosen.json.shoppingCart).toMatchObject({
      selectedShippingOption: { id: 'standard', priceCents: 600, costCents: 600 },
      shippingCostCents: 600,
      grandTotalCents: 3000 + 600 + 266,
    });
    await v.add('print', 'PRINT-1', 3); // 7500: standard is free
    expect((await v.cart()).json).toMatchObject({ shippingCostCents: 0, taxCents: 665, grandTotalCents: 8165, selectedShippingOption: { costCents: 0 } });
    const elsewhere = await v.request('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'CA' });
    expect(elsewhere.json.shoppingCart).toMatchObject({ applicableTaxRules: [], taxCents: 0 });
    expect((await v.request('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'Canada' })).json.code).toBe('VALIDATION_FAILED');
  });

  it('knows purely digital carts need no shipping, and gives the installment badge from core', async () => {
    const v = new Visitor(site.app);
    const res = await v.add('gift-card', 'GIFT-50');
    expect(res.json.shoppingCart).toMatchObject({ purelyDigital: true, requiresShipping: false, hasDigital: false });
    expect(res.json.shoppingCart.installments).toMatchObject({ eligible: false, inRange: true, amountCents: 1250 });
    const w = new Visitor(site.app);
    const physical = await w.add('print', 'PRINT-1', 1);
    expect(physical.json.shoppingCart.installments).toEqual({ provider: 'afterpay', eligible: true, inRange: true, numInstallments: 4, amountCents: 375 });
  });

  it('answers the stock of every variant, live, under commerce/inventory/stock/', async () => {
    await setStock(site.store, 'MUG-12', 7);
    const res = await site.app.inject({ url: `/api/commerce/inventory/stock/?itemId=${itemId('mug')}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { itemId: itemId('mug'), variantId: expect.any(String), sku: 'MUG-12', attributes: { Size: '12 oz' }, unlimited: false, qtyInStock: 7 },
      { itemId: itemId('mug'), variantId: expect.any(String), sku: 'MUG-16', attributes: { Size: '16 oz' }, unlimited: false, qtyInStock: 0 },
    ]);
    await setStock(site.store, 'MUG-12', 3);
    const both = await site.app.inject({
      url: `/api/commerce/inventory/stock?itemId=${itemId('guide')}&itemId=${itemId('mug')}&itemId=${itemId('lamp')}`,
      headers: { host: HOST },
    });
    expect(both.json().results.map((r: { sku: string; unlimited: boolean; qtyInStock: number }) => [r.sku, r.unlimited, r.qtyInStock])).toEqual([
      ['GUIDE-PDF', true, 0],
      ['MUG-12', false, 3],
      ['MUG-16', false, 0],
    ]);
    const none = await site.app.inject({ url: '/api/commerce/inventory/stock/', headers: { host: HOST } });
    expect(none.statusCode).toBe(400);
  });

  it('refuses state changes without the crumb (403, crumbFail)', async () => {
    const res = await site.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      headers: { host: HOST, cookie: 'crumb=abcdefghijklmnopqrstuv' },
      payload: { itemId: itemId('sticker'), sku: 'STICKER', quantity: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
  });

  it("puts the visitor's cart into every page's context and the cart page", async () => {
    const v = new Visitor(site.app);
    expect((await v.page('/cart')).json.shoppingCart).toBeUndefined();
    await v.add('print', 'PRINT-1', 2);
    const cartPage = await v.page('/cart');
    expect(cartPage.json.pageType).toBe(200);
    expect(cartPage.json.shoppingCart).toMatchObject({ totalQuantity: 2, subtotalMoney: { value: '30.00' }, entries: [{ title: 'Limited Print' }] });
    const html = await v.request('GET', '/cart');
    expect(html.body).toContain('<li class="cart-entry">2 x Limited Print 30.00</li>');
    expect(html.body).toContain('<span class="cart-quantity">2</span>');
  });
});
