import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, itemId } from '../commerce/helpers.js';
import { BAD_STORES } from './bad-stores.js';
import { SETTINGS, STAFF, edited, settingsSite, type SettingsSite, type StaffName } from './helpers.js';

const MAY = ['admin', 'store-manager', 'website-manager'] as const;
const MAY_NOT = ['reporting', 'editor', 'viewer'] as const;

describe.each(DIALECTS)('the owner API for the store settings on %s', (dialect) => {
  let site: SettingsSite;
  beforeAll(async () => {
    site = await settingsSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });
  const as = (name: StaffName) => site.staff[name];

  it('answers the currency, the store object as stored, the 27 currencies, the known providers and the coupon uses', async () => {
    const res = await as('admin').request('GET', SETTINGS);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toMatchObject({
      currency: 'USD',
      version: expect.any(String),
      paymentProviders: [
        { id: 'offline', name: expect.stringContaining('Offline') },
        { id: 'test', name: expect.stringContaining('Test card') },
        { id: 'stripe', name: 'Stripe: cards, Apple Pay, Google Pay, Afterpay/Clearpay, Klarna' },
      ],
      couponUses: {},
    });
    expect(res.json.store.coupons).toEqual([
      { code: 'WELCOME10', percentOff: 10 },
      { amountOffCents: 500, code: 'FIVEOFF', minSubtotalCents: 5000 },
    ]);
    expect(res.json.store.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['standard', 'express']);
    expect(res.json.currencies).toHaveLength(27);
    expect(res.json.currencies.find((c: { code: string }) => c.code === 'JPY')).toEqual({ code: 'JPY', name: 'Yen', fractionDigits: 0 });
    expect(res.json.currencies.filter((c: { fractionDigits: number }) => c.fractionDigits !== 2).map((c: { code: string }) => c.code)).toEqual(['JPY']);
  });

  it.each(MAY)('lets %s read and save', async (name) => {
    expect((await as(name).request('GET', SETTINGS)).status).toBe(200);
    const saved = await as(name).request(
      'PUT',
      SETTINGS,
      await edited(as(name), (s) => {
        s.store.merchandising = { ...s.store.merchandising, scarcityText: `Saved by ${name}` };
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.json.store.merchandising.scarcityText).toBe(`Saved by ${name}`);
  });

  it.each(MAY_NOT)('refuses %s with 403, reading and saving, and changes nothing', async (name) => {
    const before = (await as('admin').request('GET', SETTINGS)).json;
    const read = await as(name).request('GET', SETTINGS);
    expect(read.status).toBe(403);
    expect(read.json.code).toBe('PERMISSION_DENIED');
    const save = await as(name).request('PUT', SETTINGS, { version: before.version, store: { ...before.store, minimumOrderSubtotal: 99 } });
    expect(save.status).toBe(403);
    expect(save.json.code).toBe('PERMISSION_DENIED');
    expect((await as('admin').request('GET', SETTINGS)).json.version).toBe(before.version);
    expect(STAFF[name]).toBeGreaterThan(0);
  });

  it('answers 401 to someone not signed in, and 403 CRUMB_FAIL to a save without the crumb', async () => {
    const nobody = new Visitor(site.app);
    expect((await nobody.request('GET', SETTINGS)).json).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED' });
    expect((await nobody.request('PUT', SETTINGS, { version: 'x', store: {} })).status).toBe(401);
    const body = await edited(as('admin'), (s) => {
      s.store.minimumOrderSubtotal = 1;
    });
    const noCrumb = await as('admin').request('PUT', SETTINGS, body, { 'x-csrf-token': '' });
    expect(noCrumb.status).toBe(403);
    expect(noCrumb.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    expect((await as('admin').request('GET', SETTINGS)).json.store.minimumOrderSubtotal).toBe(0);
  });

  it.each(BAD_STORES)("refuses $name with the importer's message at its path", async ({ change, path, message }) => {
    const before = (await as('admin').request('GET', SETTINGS)).json;
    const site = { currency: before.currency, store: structuredClone(before.store) };
    change(site);
    const res = await as('admin').request('PUT', SETTINGS, { version: before.version, ...site });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_FAILED');
    expect(res.json.errors[path.replace(/\[(\d+)\]/g, '.$1')]).toBe(message);
    expect((await as('admin').request('GET', SETTINGS)).json.version).toBe(before.version);
  });

  it('refuses a payment provider this server does not know (which an import cannot tell), and a body without its version', async () => {
    const res = await as('admin').request(
      'PUT',
      SETTINGS,
      await edited(as('admin'), (s) => {
        s.store.paymentProviders = ['offline', 'paypal'];
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ 'store.paymentProviders.1': '"paypal" is not a payment provider of this server (offline, test, stripe)' });
    const noVersion = await as('admin').request('PUT', SETTINGS, { store: {} });
    expect(noVersion).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
  });

  it('refuses a save made from settings someone changed since (409), so nobody overwrites another without knowing', async () => {
    const mine = await edited(as('admin'), (s) => {
      s.store.minimumOrderSubtotal = 1000;
    });
    const theirs = await edited(as('store-manager'), (s) => {
      s.store.shippingOptions[0].priceCents = 650;
    });
    expect((await as('store-manager').request('PUT', SETTINGS, theirs)).status).toBe(200);
    const late = await as('admin').request('PUT', SETTINGS, mine);
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({
      code: 'STORE_SETTINGS_CHANGED',
      error: 'Someone else saved the store settings after you opened them. Reload the page to see their changes, then make yours again.',
    });
    const now = (await as('admin').request('GET', SETTINGS)).json;
    expect(now.store.shippingOptions[0].priceCents).toBe(650);
    expect(now.store.minimumOrderSubtotal).toBe(0);
  });

  it('lets one of two saves made at once from the same settings win; the other gets 409', async () => {
    const a = await edited(as('admin'), (s) => {
      s.store.merchandising.scarcityThreshold = 7;
    });
    const b = { ...a, store: { ...a.store, merchandising: { ...a.store.merchandising, scarcityThreshold: 9 } } };
    const answers = await Promise.all([as('admin').request('PUT', SETTINGS, a), as('store-manager').request('PUT', SETTINGS, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!.json.store.merchandising.scarcityThreshold;
    expect((await as('admin').request('GET', SETTINGS)).json.store.merchandising.scarcityThreshold).toBe(winner);
  });

  it("shows the storefront's cart new shipping prices and coupons at once, and keeps fields it does not edit", async () => {
    const shopper = new Visitor(site.app);
    await shopper.add('print', 'PRINT-1', 2); // 3000
    await shopper.request('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'express' });
    expect((await shopper.cart()).json.shippingCostCents).toBe(1800);
    const saved = await as('admin').request(
      'PUT',
      SETTINGS,
      await edited(as('admin'), (s) => {
        s.store.shippingOptions[1].priceCents = 2100;
        s.store.coupons.push({ code: 'SHIPFREE', freeShipping: true });
        s.store.coupons.push({ code: 'HALF', percentOff: 50, usageLimit: 100 });
        s.store.somethingNew = { kept: true };
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.json.store.somethingNew).toEqual({ kept: true });
    expect((await shopper.cart()).json).toMatchObject({ shippingCostCents: 2100 });
    const half = await shopper.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'half' });
    expect(half.json.shoppingCart).toMatchObject({ discountCents: 1500, validCoupons: [{ code: 'HALF', percentOff: 50, freeShipping: false }] });
    const free = await shopper.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'SHIPFREE' });
    expect(free.json.shoppingCart).toMatchObject({ shippingCostCents: 0, grandTotalCents: 1500 });
    expect(free.json.shoppingCart.shippingOptions.map((o: { costCents: number }) => o.costCents)).toEqual([0, 0]);
  });

  it('changes the currency: new carts are in it, orders placed before keep theirs', async () => {
    const before = new Visitor(site.app);
    await before.add('print', 'PRINT-1', 1);
    const order = await before.checkout({
      email: 'usd@example.com',
      shippingAddress: { firstName: 'A', lastName: 'B', address1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
      shippingOptionId: 'standard',
    });
    expect(order.status).toBe(201);
    const saved = await as('admin').request(
      'PUT',
      SETTINGS,
      await edited(as('admin'), (s) => {
        s.currency = 'JPY';
      }),
    );
    expect(saved.json.currency).toBe('JPY');
    const after = new Visitor(site.app);
    await after.add('print', 'PRINT-1', 1);
    expect((await after.cart()).json).toMatchObject({ currency: 'JPY', subtotalMoney: { currencyCode: 'JPY' } });
    const row = await site.store.db.selectFrom('orders').select('currency').where('id', '=', order.json.order.id).executeTakeFirstOrThrow();
    expect(row.currency).toBe('USD');
    expect((await after.page(`/shop/print`)).json.storeSettings.selectedCurrency).toBe('JPY');
    // Back to dollars for the tests that follow.
    await as('admin').request(
      'PUT',
      SETTINGS,
      await edited(as('admin'), (s) => {
        s.currency = 'USD';
      }),
    );
    expect(itemId('print')).toBeTruthy();
  });
});

describe('a save seen at once by the process that made it', () => {
  let site: SettingsSite;
  beforeAll(async () => {
    // A deployment's cache: the site's version is trusted for a minute before it is read again.
    site = await settingsSite('sqlite', { siteCacheMs: 60_000 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('prices the cart with the new shipping rate on the next request, without waiting for SITE_CACHE_MS', async () => {
    const shopper = new Visitor(site.app);
    await shopper.add('print', 'PRINT-1', 1);
    await shopper.request('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'express' });
    expect((await shopper.cart()).json.shippingCostCents).toBe(1800);
    const saved = await site.staff.admin.request(
      'PUT',
      SETTINGS,
      await edited(site.staff.admin, (s) => {
        s.store.shippingOptions[1].priceCents = 1990;
      }),
    );
    expect(saved.status).toBe(200);
    expect((await shopper.cart()).json.shippingCostCents).toBe(1990);
  });
});
