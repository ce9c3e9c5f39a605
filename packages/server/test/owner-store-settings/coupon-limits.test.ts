import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { ADDRESS, DECLINED_CARD, Visitor, WEBSITE_ID, updateStoreSettings } from '../commerce/helpers.js';
import { SETTINGS, edited, settingsSite, type SettingsSite } from './helpers.js';

const HOUR = 3_600_000;
/** An offline checkout: the order is placed with its payment pending, holding its coupon's use. */
const offline = (email: string) => ({ email, shippingAddress: ADDRESS, shippingOptionId: 'standard' });

describe.each(DIALECTS)('coupon use limits on %s', (dialect) => {
  let site: SettingsSite;
  beforeAll(async () => {
    site = await settingsSite(dialect);
    const saved = await site.staff.admin.request(
      'PUT',
      SETTINGS,
      await edited(site.staff.admin, (s) => {
        s.store.coupons.push({ code: 'LAST', amountOffCents: 200, usageLimit: 1 });
        s.store.coupons.push({ code: 'LATER', percentOff: 5, startsOn: new Date(site.clock.now + 1000 * HOUR).toISOString() });
        s.store.coupons.push({ code: 'OVER', percentOff: 5, endsOn: new Date(site.clock.now - HOUR).toISOString() });
      }),
    );
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await site?.close();
  });

  /** The counts as the store holds them (the tests move the clock past the staff's sessions). */
  const uses = async () => {
    const rows = await site.store.db.selectFrom('coupon_uses').select(['code', 'uses']).where('website_id', '=', WEBSITE_ID).execute();
    return Object.fromEntries(rows.map((r) => [r.code, r.uses]));
  };
  /** A shopper with a print in the cart and the coupon applied. */
  async function shopperWith(code: string) {
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 1);
    const applied = await v.request('POST', '/api/commerce/shopping-cart/coupons', { code });
    return { v, applied };
  }

  it('gives the last use to one of two checkouts placed at once; the other is told the coupon is used up and nothing is taken', async () => {
    const [a, b] = await Promise.all([shopperWith('LAST'), shopperWith('LAST')]);
    expect(a.applied.json.shoppingCart.validCoupons).toMatchObject([{ code: 'LAST' }]);
    expect(b.applied.json.shoppingCart.validCoupons).toMatchObject([{ code: 'LAST' }]);
    const answers = await Promise.all([a.v.checkout(offline('a@example.com')), b.v.checkout(offline('b@example.com'))]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.json).toMatchObject({ code: 'COUPON_USAGE_LIMIT', error: 'This coupon has reached its usage limit.' });
    const won = answers.find((r) => r.status === 201)!;
    expect(won.json.order.coupons).toEqual(['LAST']);
    expect(await uses()).toEqual({ LAST: 1 });
    expect((await site.staff.admin.request('GET', SETTINGS)).json.couponUses).toEqual({ LAST: 1 });
    const orders = await site.store.db.selectFrom('orders').select('id').where('website_id', '=', WEBSITE_ID).where('coupons', 'like', '%LAST%').execute();
    expect(orders).toHaveLength(1);
    // A third shopper is told when applying it, before checking out.
    const late = await shopperWith('LAST');
    expect(late.applied).toMatchObject({ status: 409, json: { code: 'COUPON_USAGE_LIMIT' } });
  });

  it('gives the use back when the order that took it is canceled, once, and the coupon can be used again', async () => {
    const order = await site.store.db
      .selectFrom('orders')
      .select('id')
      .where('website_id', '=', WEBSITE_ID)
      .where('coupons', 'like', '%LAST%')
      .where('payment_status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const [first, second] = await Promise.all([site.app.orders.cancel(WEBSITE_ID, order.id), site.app.orders.cancel(WEBSITE_ID, order.id)]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await uses()).toEqual({ LAST: 0 });
    const again = await shopperWith('LAST');
    expect(again.applied.status).toBe(200);
    expect((await again.v.checkout(offline('c@example.com'))).status).toBe(201);
    expect(await uses()).toEqual({ LAST: 1 });
  });

  it('gives the use back when the payment is declined, and when an unpaid order’s hold expires', async () => {
    // The last use is held by the pending order of the test before; free it by its hold expiring.
    site.clock.advance(73 * HOUR);
    expect(await site.app.orders.expireHolds()).toBeGreaterThan(0);
    expect(await uses()).toEqual({ LAST: 0 });
    const { v } = await shopperWith('LAST');
    const declined = await v.checkout({ ...offline('d@example.com'), payment: { provider: 'test', cardNumber: DECLINED_CARD } });
    expect(declined.status).toBe(402);
    expect(await uses()).toEqual({ LAST: 0 });
  });

  it('counts the uses of coupons without a limit too, and refuses coupons outside their dates', async () => {
    const { v } = await shopperWith('WELCOME10');
    expect((await v.checkout(offline('e@example.com'))).status).toBe(201);
    expect((await uses()).WELCOME10).toBe(1);
    const later = await shopperWith('LATER');
    expect(later.applied).toMatchObject({ status: 400, json: { code: 'INVALID_COUPON' } });
    const over = await shopperWith('over');
    expect(over.applied).toMatchObject({ status: 400, json: { code: 'INVALID_COUPON' } });
  });

  it('lists a coupon applied before its end as not applying once it ended, and places the order without it', async () => {
    const ending = site.clock.now + HOUR;
    await updateStoreSettings(site.store, (s) => {
      (s.coupons as unknown[]).push({ code: 'HOUR', amountOffCents: 100, endsOn: new Date(ending).toISOString() });
    });
    const { v, applied } = await shopperWith('HOUR');
    expect(applied.json.shoppingCart).toMatchObject({ discountCents: 100 });
    site.clock.now = ending;
    expect((await v.cart()).json).toMatchObject({ discountCents: 0, invalidCoupons: [{ code: 'HOUR' }] });
    const placed = await v.checkout(offline('f@example.com'));
    expect(placed.status).toBe(201);
    expect(placed.json.order).toMatchObject({ discountCents: 0, coupons: [] });
    expect((await uses()).HOUR).toBeUndefined();
  });
});
