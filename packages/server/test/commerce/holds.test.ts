import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer } from '../../src/modules/commerce/signing.js';
import { reviewToken } from '../../src/modules/reviews/request.js';
import { DIALECTS } from '../helpers/store.js';
import { ACCEPTED_CARD, ADDRESS, Visitor, WEBSITE_ID, itemId, paid, setStock, stockOf, storeApp, updateStoreSettings, type StoreSite } from './helpers.js';

const HOUR = 3_600_000;
const HOLD = 72 * HOUR;

/** An offline checkout (the site's default provider): the order is placed with its payment pending. */
const offline = (extra: Record<string, unknown> = {}) => ({ email: 'ada@example.com', shippingAddress: ADDRESS, shippingOptionId: 'standard', ...extra });

describe.each(DIALECTS)('order holds on %s', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
    // Reviews on, so that a paid order earns a review request (mailed at once).
    await updateStoreSettings(site.store, (s) => {
      s.merchandising = { reviewsEnabled: true, reviewRequestDelayHours: 0 };
    });
  });
  afterAll(async () => {
    await site.close();
  });

  const db = () => site.store.db;
  const orderRow = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const balanceOf = async (code: string) =>
    (await db().selectFrom('gift_cards').select('balance_cents').where('code', '=', code.replace(/-/g, '')).executeTakeFirstOrThrow()).balance_cents;
  /** The commerce mails to an address (an account's own mails, such as its email check, left out). */
  const mailKinds = async (to: string) =>
    (await db().selectFrom('outbox').select('kind').where('recipient', '=', to).where('kind', 'not like', 'account-%').execute()).map((m) => m.kind).sort();
  const events = async (orderId: string, type: string) =>
    (await db().selectFrom('commerce_events').select('id').where('order_id', '=', orderId).where('type', '=', type).execute()).length;

  async function buyGiftCard(sku: string) {
    const bought = await new Visitor(site.app).checkout({
      email: 'giver@example.com',
      expressCheckout: { itemId: itemId('gift-card'), sku },
      payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    });
    return bought.json.order.lines[0].giftCards[0].code as string;
  }

  it("holds a pending order's stock until the hold expires; the job then cancels it and gives stock and gift card balance back once, even run twice at once", async () => {
    await setStock(site.store, 'PRINT-1', 3);
    const code = await buyGiftCard('GIFT-25');
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 2);
    await v.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'WELCOME10' });
    const placed = await v.checkout(offline({ giftCardCode: code }));
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    expect(order).toMatchObject({
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'PENDING',
      giftCardCents: 2500,
      coupons: ['WELCOME10'],
      holdExpiresOn: site.clock.now + HOLD,
    });
    expect(order.amountDueCents).toBeGreaterThan(0);
    // The stock is held: two of three are taken, and another shopper cannot have two.
    expect(await stockOf(site.store, 'PRINT-1')).toBe(1);
    expect(await balanceOf(code)).toBe(0);
    const other = new Visitor(site.app);
    expect(
      (await other.checkout(offline({ email: 'grace@example.com', expressCheckout: { itemId: itemId('print'), sku: 'PRINT-1', quantity: 2 } }))).json.code,
    ).toBe('OUT_OF_STOCK');

    site.clock.advance(HOLD - 1);
    expect(await site.app.orders.expireHolds()).toBe(0);
    expect((await orderRow(order.id)).payment_status).toBe('pending');

    site.clock.advance(1);
    const [a, b] = await Promise.all([site.app.orders.expireHolds(), site.app.orders.expireHolds(), site.app.jobs.runDue()]);
    expect(await stockOf(site.store, 'PRINT-1')).toBe(3);
    expect(await balanceOf(code)).toBe(2500);
    expect(a + b).toBeLessThanOrEqual(1);
    expect(await events(order.id, 'orders.canceled')).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'canceled', fulfillment_status: 'CANCELED', hold_expires_on: null });
    expect(await db().selectFrom('gift_card_redemptions').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect((await db().selectFrom('order_lines').select('stock_taken').where('order_id', '=', order.id).execute()).map((l) => l.stock_taken)).toEqual([0]);

    // Run again (the job's next interval): nothing more goes back.
    site.clock.advance(HOUR);
    expect(await site.app.jobs.runDue()).toContain('order-holds');
    expect(await site.app.orders.expireHolds()).toBe(0);
    expect(await stockOf(site.store, 'PRINT-1')).toBe(3);
    expect(await balanceOf(code)).toBe(2500);
    // The order's pages show it canceled.
    const status = await v.page(placed.json.orderStatusUrl);
    expect(status.json.order).toMatchObject({ paymentStatus: 'CANCELED', fulfillmentStatus: 'CANCELED', holdExpiresOn: null });
  });

  it('never cancels a paid order', async () => {
    await setStock(site.store, 'MUG-12', 3);
    const v = new Visitor(site.app);
    await v.add('mug', 'MUG-12', 2);
    const placed = await v.checkout(paid());
    expect(placed.json.order).toMatchObject({ paymentStatus: 'PAID', holdExpiresOn: null });
    site.clock.advance(HOLD * 10);
    await site.app.jobs.runDue();
    expect(await site.app.orders.expireHolds()).toBe(0);
    expect(await orderRow(placed.json.order.id)).toMatchObject({ payment_status: 'paid', fulfillment_status: 'PENDING' });
    expect(await stockOf(site.store, 'MUG-12')).toBe(1);
    expect(await site.app.orders.cancel(WEBSITE_ID, placed.json.order.id)).toEqual({ ok: false, code: 'ORDER_NOT_PENDING' });
  });

  it('refuses to mark paid an order whose hold expired, before and after the job canceled it', async () => {
    await setStock(site.store, 'BEANS-250', 2);
    const v = new Visitor(site.app);
    await v.add('beans', 'BEANS-250', 1);
    await v.add('guide', undefined);
    const placed = await v.checkout(offline({ email: 'late@example.com' }));
    expect(placed.json.order.paymentStatus).toBe('PENDING');
    const id = placed.json.order.id;
    expect(await stockOf(site.store, 'BEANS-250')).toBe(1);
    site.clock.advance(HOLD);
    expect(await site.app.orders.markPaid(WEBSITE_ID, id)).toEqual({ ok: false, code: 'ORDER_HOLD_EXPIRED' });
    expect((await orderRow(id)).payment_status).toBe('pending');
    await site.app.orders.expireHolds();
    expect(await site.app.orders.markPaid(WEBSITE_ID, id)).toEqual({ ok: false, code: 'ORDER_NOT_PENDING' });
    expect(await site.app.orders.cancel(WEBSITE_ID, id)).toEqual({ ok: false, code: 'ORDER_NOT_PENDING' });
    expect(await site.app.orders.markPaid(WEBSITE_ID, '0'.repeat(24))).toEqual({ ok: false, code: 'NOT_FOUND' });
    // Nothing was issued, and the stock is back.
    expect(await db().selectFrom('order_downloads').select('id').where('order_id', '=', id).execute()).toEqual([]);
    expect(await mailKinds('late@example.com')).toEqual(['order-confirmation']);
    expect(await stockOf(site.store, 'BEANS-250')).toBe(2);
  });

  it('lets exactly one of a payment and a cancellation racing for a pending order happen', async () => {
    await setStock(site.store, 'MUG-12', 20);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const v = new Visitor(site.app);
      await v.add('mug', 'MUG-12', 2);
      const id = (await v.checkout(offline())).json.order.id;
      const racers = [() => site.app.orders.markPaid(WEBSITE_ID, id), () => site.app.orders.cancel(WEBSITE_ID, id)];
      const [first, second] = i % 2 === 0 ? racers : [...racers].reverse();
      const results = await Promise.all([first!(), second!()]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, code: 'ORDER_NOT_PENDING' });
      outcomes.push((await orderRow(id)).payment_status);
    }
    const paidOrders = outcomes.filter((o) => o === 'paid').length;
    expect(paidOrders + outcomes.filter((o) => o === 'canceled').length).toBe(6);
    // Each paid order keeps its two mugs; each canceled one gave them back.
    expect(await stockOf(site.store, 'MUG-12')).toBe(20 - 2 * paidOrders);
  });

  it('gives a pending order no download, gift card code, review request or membership; markOrderPaid issues them, once', async () => {
    const member = new Visitor(site.app);
    const signUp = await member.request('POST', '/api/site-users/account', { email: 'member@example.com', password: 'correct horse' });
    expect(signUp.status).toBe(201);
    const memberId = (await db().selectFrom('site_users').select('id').where('email', '=', 'member@example.com').executeTakeFirstOrThrow()).id;
    await setStock(site.store, 'BEANS-250', 10);
    await member.add('guide', undefined);
    await member.add('gift-card', 'GIFT-25');
    await member.add('beans', 'BEANS-250');
    await member.add('pass', undefined);
    const placed = await member.checkout(offline({ email: 'member@example.com' }));
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    expect(order.paymentStatus).toBe('PENDING');
    expect(order.lines.map((l: { download: unknown; giftCards: unknown[] }) => [l.download, l.giftCards.length])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    const issued = async () => ({
      giftCards: (await db().selectFrom('gift_cards').select('id').where('order_id', '=', order.id).execute()).length,
      downloads: (await db().selectFrom('order_downloads').select('id').where('order_id', '=', order.id).execute()).length,
      grants: (await db().selectFrom('member_grants').select('id').where('site_user_id', '=', memberId).execute()).length,
      mails: await mailKinds('member@example.com'),
    });
    expect(await issued()).toEqual({ giftCards: 0, downloads: 0, grants: 0, mails: ['order-confirmation'] });
    // The confirmation went out at once: payment awaited, the hold's end, no code or link.
    const confirmation = await db()
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', 'member@example.com')
      .where('kind', '=', 'order-confirmation')
      .executeTakeFirstOrThrow();
    expect(order.holdExpiresOn).toBe(site.clock.now + HOLD);
    expect(confirmation.text_body).toMatch(
      /Your payment is pending: we will go ahead once we receive it\. We hold your order until \w+ \d+, \d{4}.*; without payment by then it is canceled\./,
    );
    expect(confirmation.text_body).not.toContain('Gift card code');
    expect(confirmation.text_body).not.toContain('Download:');
    // The order's review link (as its request mail would carry it) opens nothing while unpaid.
    const reviewUrl = `/commerce/reviews-request?token=${await reviewToken(new Signer(site.store), WEBSITE_ID, order.id)}`;
    expect((await member.page(reviewUrl)).status).toBe(404);

    site.clock.advance(HOUR);
    const result = await site.app.orders.markPaid(WEBSITE_ID, order.id, { reference: 'bank transfer 42' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({ paymentStatus: 'PAID', fulfillmentStatus: 'PENDING', holdExpiresOn: null });
    const download = result.order.lines[0]!.download!;
    expect(download.expiresOn).toBe(site.clock.now + 24 * HOUR);
    expect(result.order.lines[1]!.giftCards).toHaveLength(1);
    expect(await issued()).toEqual({
      giftCards: 1,
      downloads: 1,
      grants: 1,
      mails: ['digital-download', 'gift-card-code', 'order-confirmation', 'review-request'],
    });
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid', payment_reference: 'bank transfer 42', hold_expires_on: null });
    expect(await events(order.id, 'orders.paid')).toBe(1);
    const file = await site.app.inject({ url: download.url, headers: { host: 'store.test' } });
    expect(file.statusCode).toBe(200);
    expect((await member.page(reviewUrl)).json).toMatchObject({ pageType: 209 });
    // The mails link to the address the order was placed from.
    const codeMail = await db()
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', 'member@example.com')
      .where('kind', '=', 'gift-card-code')
      .executeTakeFirstOrThrow();
    expect(codeMail.text_body).toContain('http://store.test/');

    // Once: a second payment is refused and issues nothing more; the job leaves the order alone.
    expect(await site.app.orders.markPaid(WEBSITE_ID, order.id)).toEqual({ ok: false, code: 'ORDER_NOT_PENDING' });
    site.clock.advance(HOLD);
    expect(await site.app.orders.expireHolds()).toBe(0);
    expect(await issued()).toEqual({
      giftCards: 1,
      downloads: 1,
      grants: 1,
      mails: ['digital-download', 'gift-card-code', 'order-confirmation', 'review-request'],
    });
    expect(await stockOf(site.store, 'BEANS-250')).toBe(9);
  });
});
