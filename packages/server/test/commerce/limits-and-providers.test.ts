import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider, PaymentRequest } from '../../src/modules/commerce/payments.js';
import { offlineProvider, testProvider } from '../../src/modules/commerce/payments.js';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, WEBSITE_ID, paid, setStock, stockOf, storeApp, updateStoreSettings, type StoreSite } from './helpers.js';

/** A stand-in for an external card provider (the one kind of double the tests allow): it records what it was asked. */
function externalProvider(outcome: 'paid' | 'throws') {
  const requests: PaymentRequest[] = [];
  const provider: PaymentProvider = {
    id: 'acme',
    validate: (details): Record<string, string> => (typeof details.paymentMethodId === 'string' ? {} : { 'payment.paymentMethodId': 'Required' }),
    async authorize(request) {
      requests.push(request);
      if (outcome === 'throws') throw new Error('connection reset by acme');
      return { status: 'paid', reference: `acme_${requests.length}` };
    },
  };
  return { provider, requests };
}

describe.each(DIALECTS)('rate limits and payment providers on %s', (dialect) => {
  let site: StoreSite;
  const paidAcme = externalProvider('paid');
  const failingAcme = { ...externalProvider('throws').provider, id: 'flaky' };
  beforeAll(async () => {
    site = await storeApp(dialect, {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 3, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 1000, windowMs: 60_000 },
      },
      paymentProviders: [offlineProvider, testProvider, paidAcme.provider, failingAcme],
    });
    await updateStoreSettings(site.store, (s) => {
      s.paymentProviders = ['offline', 'test', 'acme', 'flaky'];
    });
  });
  afterAll(async () => {
    await site.close();
  });

  it('answers 429 with Retry-After after too many cart writes from one visitor, and counts again in the next window', async () => {
    site.clock.now = Math.ceil(site.clock.now / 60_000) * 60_000 + 45_000; // 15 s before the window ends
    const v = new Visitor(site.app);
    for (let i = 0; i < 3; i++) expect((await v.add('sticker', 'STICKER')).status).toBe(200);
    const limited = await v.add('sticker', 'STICKER');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('15');
    expect(limited.json).toEqual({ code: 'RATE_LIMITED', error: 'Please try again in a few seconds.' });
    expect((await v.request('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'standard' })).status).toBe(429);
    // Another visitor has its own count; reads are never limited.
    expect((await new Visitor(site.app).add('sticker', 'STICKER')).status).toBe(200);
    expect((await v.cart()).json.totalQuantity).toBe(3);
    site.clock.advance(15_000);
    expect((await v.add('sticker', 'STICKER')).status).toBe(200);
  });

  it('counts a refused cart write too, and keeps the counts in the store', async () => {
    site.clock.advance(60_000);
    const v = new Visitor(site.app);
    // Refused writes (an unknown item, a bad quantity) count against the visitor like any other.
    expect((await v.add('lamp', 'LAMP-1')).json.code).toBe('ITEM_UNAVAILABLE');
    expect((await v.add('sticker', 'STICKER', 'x')).json.code).toBe('QUANTITY_NOT_A_NUMBER');
    expect((await v.add('sticker', 'STICKER')).status).toBe(200);
    expect((await v.add('sticker', 'STICKER')).status).toBe(429);
    // The counter of this visitor's window holds the three writes that were allowed (and, on
    // PostgreSQL where it is counted outside the cart's transaction, the refused fourth).
    const counters = await site.store.db
      .selectFrom('rate_limit_counters')
      .select(['counter_key', 'hits'])
      .where('counter_key', 'like', 'cart-write:visitor|%')
      .where('hits', '>=', 3)
      .execute();
    expect(counters.length).toBeGreaterThanOrEqual(1);
  });

  it('pays through a provider given to the app: the interface gets the amount due, the key and the details', async () => {
    site.clock.advance(60_000);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 1);
    const missing = await v.checkout(paid({ payment: { provider: 'acme' } }));
    expect(missing.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'payment.paymentMethodId': 'Required' } });
    const placed = await v.checkout(paid({ payment: { provider: 'acme', paymentMethodId: 'pm_1' } }), 'acme-key-000001');
    expect(placed.status).toBe(201);
    expect(placed.json.order.paymentStatus).toBe('PAID');
    expect(paidAcme.requests).toHaveLength(1);
    expect(paidAcme.requests[0]).toMatchObject({
      websiteId: WEBSITE_ID,
      orderId: placed.json.order.id,
      orderNumber: placed.json.order.orderNumber,
      amountCents: placed.json.order.amountDueCents,
      currency: 'USD',
      customerEmail: 'ada@example.com',
      idempotencyKey: 'acme-key-000001',
      details: { paymentMethodId: 'pm_1' },
    });
    expect(paidAcme.requests[0]!.details).not.toHaveProperty('provider');
  });

  it('turns a provider failure into a 502 with everything given back, never a 500', async () => {
    site.clock.advance(60_000);
    await setStock(site.store, 'PRINT-1', 4);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 2);
    const failed = await v.checkout(paid({ payment: { provider: 'flaky', paymentMethodId: 'pm_1' } }));
    expect(failed).toMatchObject({ status: 502, json: { code: 'PAYMENT_FAILED', error: 'The payment could not be processed. Please try again.' } });
    expect(await stockOf(site.store, 'PRINT-1')).toBe(4);
    expect((await v.cart()).json).toMatchObject({ totalQuantity: 2, isPurchased: false });
    // A provider the site does not list is refused (a new window: this visitor may write 3 times a minute).
    site.clock.advance(60_000);
    await updateStoreSettings(site.store, (s) => {
      s.paymentProviders = ['offline'];
    });
    expect((await v.checkout(paid())).json.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await v.checkout({ ...paid(), payment: undefined })).status).toBe(201);
  });
});
