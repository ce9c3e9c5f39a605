import { addBillingPeriod } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionToken } from '../../src/modules/subscriptions/tokens.js';
import { ACCEPTED_CARD, DECLINED_CARD, stockOf } from '../commerce/helpers.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { DIALECTS } from '../helpers/store.js';
import { ADDRESS, Visitor, WEBSITE_ID, anonymous, itemId, ordersShop, signIn, withoutCrumb, type OrdersShop } from '../owner-orders/helpers.js';

const DAY = 86_400_000;

describe.each(DIALECTS)('subscription renewals on %s', (dialect) => {
  let shop: OrdersShop;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await ordersShop(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.stop();
  });

  const db = () => shop.store.db;
  const subOf = (orderId: string) => db().selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const renewalsOf = (subId: string) =>
    db().selectFrom('orders').selectAll().where('subscription_id', '=', subId).orderBy('created_on').orderBy('order_number').execute();
  async function mailsTo(address: string) {
    await shop.app.mail.deliverDue();
    await shop.app.mail.idle();
    // One per message: a delivery the SMTP server took twice (a retried connection) counts once.
    const seen = new Set<string>();
    return smtp.messages.filter((m) => {
      const id = m.headers.get('message-id') ?? m.raw;
      if (!m.to.includes(address) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }
  const token = (id: string) => subscriptionToken(shop.app.commerce.signer, WEBSITE_ID, id);

  /** Subscribes to a product with the test card; answers the first order and its subscription row. */
  async function subscribe(item: string, sku: string | undefined, email: string, qty = 1) {
    const v = new Visitor(shop.app);
    const cart = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId(item), sku, qty });
    const placed = await v.checkout({
      email,
      cartToken: cart.json.cartToken,
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    });
    expect(placed.status).toBe(201);
    return { order: placed.json.order, sub: await subOf(placed.json.order.id), visitor: v };
  }

  it('refuses a subscription paid with a provider that cannot charge a kept payment method', async () => {
    const v = new Visitor(shop.app);
    const cart = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('coffee-club'), qty: 1 });
    const refused = await v.checkout({ email: 'offline@example.com', cartToken: cart.json.cartToken });
    expect(refused).toMatchObject({
      status: 400,
      json: { code: 'SUBSCRIPTION_PROVIDER_UNSUPPORTED', error: 'This payment method cannot pay for a subscription: choose a card.' },
    });
  });

  it('renews monthly for 3 cycles: one renewal declined, the card updated from the mailed link, retried at once and paid, the next cycle on schedule', async () => {
    const { sub, order } = await subscribe('coffee-club', undefined, 'club@example.com');
    expect(sub).toMatchObject({ status: 'active', payment_provider: 'test', cycles_billed: 1 });
    expect(JSON.parse(sub.saved_method!)).toMatchObject({ provider: 'test', label: 'Card ending 4242' });
    const start = sub.started_on;
    const month = (n: number) => addBillingPeriod(start, { value: n, unit: 'MONTH' });

    // Cycle 2: paid with the kept card; the receipt is mailed.
    shop.clock.now = month(1);
    expect(await shop.app.subscriptions.renewDue()).toEqual({ paid: 1, failed: 0 });
    const [second] = await renewalsOf(sub.id);
    expect(second).toMatchObject({ payment_status: 'paid', subscription_cycle: 2, kind: 'subscription', coupons: '[]', gift_card_cents: 0 });
    expect(second!.grand_total_cents).toBe(order.grandTotalCents);
    expect(await subOf(order.id)).toMatchObject({ cycles_billed: 2, next_billing_on: month(2), status: 'active' });
    const clubMails = await mailsTo('club@example.com');
    expect(clubMails.map((m) => m.subject)).toContain(`Your order #${second!.order_number} from Fixture Store`);
    expect(clubMails.find((m) => m.subject === 'Your subscription to Coffee Club')!.text).toMatch(
      /Manage it: http:\/\/store\.test\/commerce\/subscription\?token=[0-9a-f]{24}\.[\w-]{43}/,
    );
    // The studio's order page names the subscription it renews.
    const detail = await (await signIn(shop.app, 'shop')).request('GET', `/api/owner/orders/${second!.id}`);
    expect(detail.json.order).toMatchObject({
      kind: 'subscription',
      paymentStatus: 'PAID',
      renewalOf: { subscriptionId: sub.id, title: 'Coffee Club', cycle: 2, customerUrl: '/config/customers/club%40example.com' },
    });

    // The customer keeps a card that will be declined; cycle 3 fails.
    const link = await token(sub.id);
    const saved = await anonymous(shop.app).request('POST', '/api/commerce/subscription/payment-method', {
      token: link,
      payment: { cardNumber: DECLINED_CARD },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ renewal: null, subscription: { paymentMethod: 'Card ending 0002', status: 'active' } });
    shop.clock.now = month(2);
    expect(await shop.app.subscriptions.renewDue()).toEqual({ paid: 0, failed: 1 });
    expect(await subOf(order.id)).toMatchObject({ status: 'past_due', failed_attempts: 1, retry_on: month(2) + DAY, cycles_billed: 2 });
    const failedMail = (await mailsTo('club@example.com')).find((m) => m.subject === 'Action needed: your subscription to Coffee Club')!;
    expect(failedMail.text).toContain('Your card was declined.');
    expect(failedMail.text).toContain('$18.00');
    const mailed = /(http:\/\/store\.test\/commerce\/subscription\?token=\S+)/.exec(failedMail.text)![1]!;
    const mailedToken = new URL(mailed).searchParams.get('token')!;
    const page = await anonymous(shop.app).request('GET', `/api/commerce/subscription?token=${encodeURIComponent(mailedToken)}`);
    expect(page.json.subscription).toMatchObject({ status: 'past_due', cyclesBilled: 2, paymentMethod: 'Card ending 0002' });
    expect(page.json.subscription.orders.map((o: { paymentStatus: string }) => o.paymentStatus)).toEqual(['DECLINED', 'PAID', 'PAID']);

    // The customer's page, by the mailed link; the order status page links to it.
    const html = await anonymous(shop.app).request('GET', `/commerce/subscription?token=${encodeURIComponent(mailedToken)}`);
    expect(html.status).toBe(200);
    expect(html.body).toContain('Payment failed: we will try again');
    const context = await anonymous(shop.app).page(`/commerce/subscription?token=${encodeURIComponent(mailedToken)}`);
    expect(context.json.subscription).toMatchObject({ token: mailedToken, paymentMethod: 'Card ending 0002', pastDue: true, cancelable: true });
    expect((await anonymous(shop.app).request('GET', `/commerce/subscription?token=${sub.id}.${'A'.repeat(43)}`)).status).toBe(404);
    const status = await anonymous(shop.app).page(order.orderStatusUrl);
    expect(status.json.order.subscriptions[0].manageUrl).toMatch(/^\/commerce\/subscription\?token=/);
    const renewalStatus = await anonymous(shop.app).page(`/commerce/order-status?token=${await shop.app.commerce.signer.orderToken(WEBSITE_ID, second!.id)}`);
    expect(renewalStatus.json.order.renewalOf).toEqual({ title: 'Coffee Club', manageUrl: expect.stringMatching(/^\/commerce\/subscription\?token=/) });

    // Bad input and a forged or foreign link are refused.
    const bad = await anonymous(shop.app).request('POST', '/api/commerce/subscription/payment-method', { token: mailedToken, payment: { cardNumber: '1234' } });
    expect(bad).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED', errors: { 'payment.cardNumber': expect.any(String) } } });
    const forged = `${sub.id}.${'A'.repeat(43)}`;
    expect((await anonymous(shop.app).request('GET', `/api/commerce/subscription?token=${forged}`)).json).toMatchObject({
      code: 'SUBSCRIPTION_LINK_INVALID',
      error: 'This subscription link is not valid.',
    });
    const orderToken = new URL(`http://x${order.orderStatusUrl ?? ''}`).searchParams.get('token') ?? `${order.id}.${'B'.repeat(43)}`;
    expect((await anonymous(shop.app).request('POST', '/api/commerce/subscription/cancel', { token: orderToken })).status).toBe(404);
    expect((await withoutCrumb(anonymous(shop.app), 'POST', '/api/commerce/subscription/cancel', { token: mailedToken })).status).toBe(403);

    // The accepted card: retried at once, paid; cycle 4 falls on its own date.
    shop.clock.now = month(2) + 3 * 3_600_000;
    const fixed = await anonymous(shop.app).request('POST', '/api/commerce/subscription/payment-method', {
      token: mailedToken,
      payment: { cardNumber: ACCEPTED_CARD },
    });
    expect(fixed.json).toMatchObject({
      renewal: 'paid',
      subscription: { status: 'active', cyclesBilled: 3, nextBillingDate: month(3), paymentMethod: 'Card ending 4242' },
    });
    const renewals = await renewalsOf(sub.id);
    expect(renewals.map((o) => [o.payment_status, o.subscription_cycle])).toEqual([
      ['paid', 2],
      ['declined', null],
      ['paid', 3],
    ]);
    expect(await shop.app.subscriptions.renewDue()).toEqual({ paid: 0, failed: 0 });
  });

  it('takes the stock of a renewal and gives it back when it fails; every retry declined ends the subscription, with a mail', async () => {
    const { sub, order } = await subscribe('beans', 'BEANS-250', 'beans@example.com');
    const link = await token(sub.id);
    await anonymous(shop.app).request('POST', '/api/commerce/subscription/payment-method', { token: link, payment: { cardNumber: DECLINED_CARD } });
    const before = await stockOf(shop.store, 'BEANS-250');
    const due = sub.next_billing_on!;
    shop.clock.now = due;
    expect(await shop.app.subscriptions.renewDue()).toEqual({ paid: 0, failed: 1 });
    expect(await stockOf(shop.store, 'BEANS-250')).toBe(before);
    for (const [days, status] of [
      [1, 'past_due'],
      [3, 'past_due'],
      [7, 'ended'],
    ] as const) {
      shop.clock.now = due + days * DAY;
      expect(await shop.app.subscriptions.renewDue()).toEqual({ paid: 0, failed: 1 });
      expect((await subOf(order.id)).status).toBe(status);
    }
    expect(await subOf(order.id)).toMatchObject({ ended_reason: 'payment_failed', next_billing_on: null, retry_on: null, failed_attempts: 4 });
    expect(await stockOf(shop.store, 'BEANS-250')).toBe(before);
    const subjects = (await mailsTo('beans@example.com')).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Action needed: your subscription to Bean Delivery')).toHaveLength(3);
    expect(subjects).toContain('Your subscription to Bean Delivery has ended');
    shop.clock.now = due + 40 * DAY;
    await shop.app.subscriptions.renewDue();
    expect(await renewalsOf(sub.id)).toHaveLength(4);
  });

  it('marks past due, with a mail, a subscription whose provider cannot renew; a card kept from the link moves it to one that can', async () => {
    const { sub, order } = await subscribe('coffee-club', undefined, 'no-method@example.com');
    // As a subscription sold before renewals were, through a provider without chargeSaved.
    await db().updateTable('subscriptions').set({ payment_provider: 'offline', saved_method: null }).where('id', '=', sub.id).execute();
    shop.clock.now = sub.next_billing_on!;
    await shop.app.subscriptions.renewDue();
    expect(await subOf(order.id)).toMatchObject({ status: 'past_due', failed_attempts: 1 });
    const mail = (await mailsTo('no-method@example.com')).find((m) => m.subject === 'Action needed: your subscription to Coffee Club')!;
    expect(mail.text).toContain('There is no payment method on file for this subscription.');
    const fixed = await anonymous(shop.app).request('POST', '/api/commerce/subscription/payment-method', {
      token: await token(sub.id),
      payment: { cardNumber: ACCEPTED_CARD },
    });
    expect(fixed.json).toMatchObject({ renewal: 'paid', subscription: { status: 'active', cyclesBilled: 2, paymentProvider: 'test' } });
  });

  it('tries a cycle declined before a pause again after the resume, under a new attempt key', async () => {
    const { sub } = await subscribe('coffee-club', undefined, 'paused-retry@example.com');
    await anonymous(shop.app).request('POST', '/api/commerce/subscription/payment-method', {
      token: await token(sub.id),
      payment: { cardNumber: DECLINED_CARD },
    });
    shop.clock.now = sub.next_billing_on!;
    await shop.app.subscriptions.renewDue();
    const admin = await signIn(shop.app, 'admin');
    expect((await admin.request('POST', `/api/owner/subscriptions/${sub.id}/pause`)).json.subscription.status).toBe('paused');
    const resumed = await admin.request('POST', `/api/owner/subscriptions/${sub.id}/resume`);
    shop.clock.now = resumed.json.subscription.nextBillingDate;
    await shop.app.subscriptions.renewDue();
    const orders = await renewalsOf(sub.id);
    expect(orders.map((o) => o.idempotency_key)).toEqual([`tessera-renewal-${sub.id}-2-1`, `tessera-renewal-${sub.id}-2-2`]);
    expect(orders.map((o) => o.payment_status)).toEqual(['declined', 'declined']);
  });

  it('takes up a renewal whose run died between its order and its charge, with the same key, once it is stale', async () => {
    const { sub, order } = await subscribe('coffee-club', undefined, 'crashed@example.com');
    shop.clock.now = sub.next_billing_on!;
    // What a run that died after step 1 leaves: the cycle's order, processing, no outcome.
    const first = await db().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const line = await db().selectFrom('order_lines').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const id = 'c0ffee00c0ffee00c0ffee00';
    const key = `tessera-renewal-${sub.id}-2-1`;
    await db()
      .insertInto('orders')
      .values({
        ...first,
        id,
        order_number: 99_001,
        idempotency_key: key,
        payment_status: 'processing',
        subscription_id: sub.id,
        subscription_cycle: 2,
        paid_on: null,
        answer: null,
        created_on: shop.clock.now,
        updated_on: shop.clock.now,
      })
      .execute();
    await db()
      .insertInto('order_lines')
      .values({ ...line, id: 'c0ffee00c0ffee00c0ffee01', order_id: id })
      .execute();
    // Fresh: another run may still be charging it; nothing happens.
    await shop.app.subscriptions.renewDue();
    expect((await renewalsOf(sub.id)).map((o) => o.payment_status)).toEqual(['processing']);
    shop.clock.now += 15 * 60_000;
    await shop.app.subscriptions.renewDue();
    const renewals = await renewalsOf(sub.id);
    expect(renewals.map((o) => [o.id, o.idempotency_key, o.payment_status])).toEqual([[id, key, 'paid']]);
    expect(await subOf(order.id)).toMatchObject({ cycles_billed: 2, status: 'active' });
  });

  it('bills a fixed-length plan to its last cycle, taking stock each time, then ends it; two runs at once make one order per cycle', async () => {
    const { sub, order } = await subscribe('beans', 'BEANS-250', 'six@example.com');
    const stock = await stockOf(shop.store, 'BEANS-250');
    for (let cycle = 2; cycle <= 6; cycle++) {
      shop.clock.now = (await subOf(order.id)).next_billing_on!;
      await Promise.all([shop.app.subscriptions.renewDue(), shop.app.subscriptions.renewDue(), shop.app.jobs.runDue()]);
      expect((await renewalsOf(sub.id)).length).toBe(cycle - 1);
    }
    expect(await stockOf(shop.store, 'BEANS-250')).toBe(stock - 5);
    expect(await subOf(order.id)).toMatchObject({ status: 'ended', ended_reason: 'completed', cycles_billed: 6, next_billing_on: null });
    shop.clock.now += 60 * DAY;
    await shop.app.subscriptions.renewDue();
    expect(await renewalsOf(sub.id)).toHaveLength(5);
  });

  it('lets the owner pause, resume and cancel (manageOrders), recorded and shown; the customer cancels from the link', async () => {
    const { sub, order } = await subscribe('coffee-club', undefined, 'owner-side@example.com');
    // The test clock moved on by months: the staff sign in again.
    const staff = { shop: await signIn(shop.app, 'shop'), reporting: await signIn(shop.app, 'reporting'), editor: await signIn(shop.app, 'editor') };
    const url = (action: string) => `/api/owner/subscriptions/${sub.id}/${action}`;
    expect((await staff.reporting.request('POST', url('pause'))).status).toBe(403);
    expect((await anonymous(shop.app).request('POST', url('pause'))).status).toBe(401);
    expect((await withoutCrumb(staff.shop, 'POST', url('pause'))).status).toBe(403);
    const paused = await staff.shop.request('POST', url('pause'));
    expect(paused.json.subscription).toMatchObject({ status: 'paused', paused: { on: shop.clock.now, by: 'shop@store.test' }, nextBillingDate: null });
    expect((await staff.shop.request('POST', url('pause'))).json.code).toBe('SUBSCRIPTION_NOT_CHANGEABLE');

    // Nothing renews while paused; resuming bills the next date of the schedule after the resume.
    shop.clock.now = addBillingPeriod(sub.started_on, { value: 2, unit: 'MONTH' }) + DAY;
    await shop.app.subscriptions.renewDue();
    expect(await renewalsOf(sub.id)).toHaveLength(0);
    const admin = await signIn(shop.app, 'admin');
    Object.assign(staff, { reporting: await signIn(shop.app, 'reporting'), editor: await signIn(shop.app, 'editor') });
    const resumed = await admin.request('POST', url('resume'));
    expect(resumed.json.subscription).toMatchObject({
      status: 'active',
      resumed: { by: 'admin@store.test' },
      nextBillingDate: addBillingPeriod(sub.started_on, { value: 3, unit: 'MONTH' }),
    });
    await shop.app.subscriptions.renewDue();
    expect(await renewalsOf(sub.id)).toHaveLength(0);

    const list = await staff.reporting.request('GET', '/api/owner/customers/owner-side@example.com/subscriptions');
    expect(list.json.subscriptions).toEqual([expect.objectContaining({ id: sub.id, status: 'active', paymentMethod: 'Card ending 4242', cyclesBilled: 1 })]);
    expect((await staff.editor.request('GET', '/api/owner/customers/owner-side@example.com/subscriptions')).status).toBe(403);

    const canceled = await admin.request('POST', url('cancel'));
    expect(canceled.json.subscription).toMatchObject({ status: 'canceled', canceled: { by: 'admin@store.test' } });
    expect((await mailsTo('owner-side@example.com')).map((m) => m.subject)).toContain('Your subscription to Coffee Club is canceled');

    const other = await subscribe('coffee-club', undefined, 'self-cancel@example.com');
    const mine = await anonymous(shop.app).request('POST', '/api/commerce/subscription/cancel', { token: await token(other.sub.id) });
    expect(mine.json.subscription).toMatchObject({ status: 'canceled', canceled: { by: 'customer:self-cancel@example.com' } });
    shop.clock.now = other.sub.next_billing_on! + DAY;
    await shop.app.subscriptions.renewDue();
    expect(await renewalsOf(other.sub.id)).toHaveLength(0);
    expect(order.id).not.toBe(other.order.id);
  });
});
