import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_PAYMENT_HOLD_MS } from '../../src/modules/checkout/finish.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { DIALECTS } from '../helpers/store.js';
import { LocalStripe, signedWebhook } from '../helpers/stripe-api.js';
import { SETTINGS, edited, settingsSite, type SettingsSite } from '../owner-store-settings/helpers.js';
import { ADDRESS, Visitor, WEBSITE_ID, itemId, setStock, stockOf } from './helpers.js';

const SECRET_KEY = 'sk_test_51TesseraLocalKey000000000001';
const WEBHOOK_SECRET = 'whsec_TesseraLocalWebhookSecret0001';
const LIVE_KEY = 'sk_live_51TesseraLocalKey000000000002';
const STRIPE_KEYS = '/api/owner/payments/stripe';
const WEBHOOK = '/api/commerce/webhooks/stripe';
const HOUR = BROWSER_PAYMENT_HOLD_MS;

/** A checkout body paying with Stripe (the browser confirms the payment afterwards). */
const stripeCheckout = (extra: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  shippingAddress: ADDRESS,
  shippingOptionId: 'standard',
  payment: { provider: 'stripe' },
  ...extra,
});

describe.each(DIALECTS)('payments through Stripe on %s', (dialect) => {
  let stripe: LocalStripe;
  let smtp: TestSmtp;
  let site: SettingsSite;
  beforeAll(async () => {
    stripe = await new LocalStripe().accept(SECRET_KEY).start();
    smtp = await startSmtp();
    site = await settingsSite(dialect, { stripeApi: stripe.url, smtpUrl: smtp.url });
    const admin = site.staff.admin;
    const keys = await admin.request('PUT', STRIPE_KEYS, { testSecretKey: SECRET_KEY, testWebhookSecret: WEBHOOK_SECRET });
    if (keys.status !== 200) throw new Error(keys.body);
    const saved = await admin.request(
      'PUT',
      SETTINGS,
      await edited(admin, (s) => {
        s.store.paymentProviders = ['stripe', 'test', 'offline'];
        s.store.stripe = {
          testMode: true,
          testPublishableKey: 'pk_test_51TesseraLocal0001',
          paymentMethods: ['afterpay_clearpay', 'klarna'],
          expressCheckout: true,
        };
      }),
    );
    if (saved.status !== 200) throw new Error(saved.body);
  });
  afterAll(async () => {
    await site?.close();
    await stripe?.close();
    await smtp?.stop();
  });

  const db = () => site.store.db;
  const orderRow = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const timeline = async (orderId: string) =>
    (await db().selectFrom('order_events').select(['type', 'data']).where('order_id', '=', orderId).orderBy('id').execute()).map((e) => ({
      type: e.type,
      data: JSON.parse(e.data) as Record<string, unknown>,
    }));
  const outbox = (kind: string, to?: string) =>
    db()
      .selectFrom('outbox')
      .select(['recipient', 'subject'])
      .where('kind', '=', kind)
      .$if(to !== undefined, (q) => q.where('recipient', '=', to!))
      .execute();
  const intentOf = (orderId: string) => [...stripe.intents.values()].find((pi) => pi.metadata.orderId === orderId)!;
  const webhook = (event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) => {
    const signed = signedWebhook(event, opts.secret ?? WEBHOOK_SECRET, opts);
    return site.app.inject({ method: 'POST', url: WEBHOOK, headers: { host: 'store.test', ...signed.headers }, payload: signed.payload });
  };
  /** The messages the SMTP server received for an address, once the outbox was delivered (waiting a little for them). */
  /** The messages delivered to `to`, once one whose subject starts with `subject` is among them (or after 5 s). */
  async function delivered(to: string, subject = '') {
    await site.app.mail.deliverDue();
    const until = Date.now() + 5_000;
    for (;;) {
      const found = smtp.messages.filter((m) => m.to.includes(to));
      if (found.some((m) => m.subject.startsWith(subject)) || Date.now() > until) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  async function buy(v: Visitor, items: [string, string, number][], body: Record<string, unknown> = {}) {
    for (const [item, sku, qty] of items) await v.add(item, sku, qty);
    const placed = await v.checkout(stripeCheckout(body));
    expect(placed.status, placed.body).toBe(201);
    return placed;
  }

  it('creates one PaymentIntent per order (a retried checkout creates no other), answers its client secret, and holds the order an hour without a receipt', async () => {
    await setStock(site.store, 'PRINT-1', 10);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 2);
    const key = 'stripe-checkout-retried-1';
    const placed = await v.checkout(stripeCheckout(), key);
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    const intent = intentOf(order.id);
    expect(placed.json.payment).toEqual({ provider: 'stripe', clientSecret: intent.client_secret });
    expect(order).toMatchObject({ paymentStatus: 'PENDING', holdExpiresOn: site.clock.now + HOUR });
    const [create] = stripe.made('POST', '/v1/payment_intents').filter((c) => c.params.metadata.orderId === order.id);
    expect(create).toMatchObject({
      idempotencyKey: `tessera-order-${order.id}-authorize`,
      params: {
        amount: String(order.amountDueCents),
        currency: 'usd',
        receipt_email: 'ada@example.com',
        metadata: { websiteId: WEBSITE_ID, orderId: order.id, orderNumber: String(order.orderNumber) },
        // A physical print to New York in dollars, within the store's range: every method the owner turned on.
        allowed_payment_method_types: ['card', 'afterpay_clearpay', 'klarna'],
      },
    });
    expect(create!.params.setup_future_usage).toBeUndefined();
    expect(await stockOf(site.store, 'PRINT-1')).toBe(8);
    expect(await outbox('order-confirmation', 'ada@example.com')).toHaveLength(0);

    const again = await v.checkout(stripeCheckout(), key);
    expect(again.json).toEqual(placed.json);
    expect(stripe.made('POST', '/v1/payment_intents').filter((c) => c.params.metadata.orderId === order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).payment_reference).toBe(intent.id);
  });

  it("offers the methods by the spec's eligibility rules: no Afterpay/Clearpay with a download, cards only for a subscription (kept on a customer)", async () => {
    const guide = await buy(new Visitor(site.app), [
      ['print', 'PRINT-1', 1],
      ['guide', 'GUIDE-PDF', 1],
    ]);
    expect(intentOf(guide.json.order.id).allowed_payment_method_types).toEqual(['card', 'klarna']);

    const v = new Visitor(site.app);
    const { cartToken } = (await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('beans'), sku: 'BEANS-250', qty: 1 })).json;
    const sub = await v.checkout(stripeCheckout({ cartToken }));
    expect(sub.status).toBe(201);
    const intent = intentOf(sub.json.order.id);
    expect(intent).toMatchObject({ allowed_payment_method_types: ['card'], setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });
    expect(stripe.customers.get(intent.customer)).toMatchObject({ email: 'ada@example.com', metadata: { orderId: sub.json.order.id } });
    // Paid: the card kept for the renewals is read from Stripe ("Visa ending 4242").
    expect((await webhook(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)))).json()).toEqual({ received: true, handled: true });
    expect(stripe.made('GET', '/v1/payment_methods/pm_card_visa').length).toBeGreaterThanOrEqual(1);
    expect((await orderRow(sub.json.order.id)).payment_status).toBe('paid');
  });

  it('marks the order paid from a signed payment_intent.succeeded, mails its receipt once (a replayed event changes nothing), and refuses bad signatures', async () => {
    const placed = await buy(new Visitor(site.app), [['print', 'PRINT-1', 1]], { email: 'paid-by-webhook@example.com' });
    const order = placed.json.order;
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intentOf(order.id).id));

    const missing = await site.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { host: 'store.test', 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'STRIPE_SIGNATURE_INVALID' });
    const wrong = await webhook(event, { secret: 'whsec_SomeoneElsesSecret000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('STRIPE_SIGNATURE_INVALID');
    const old = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('STRIPE_SIGNATURE_INVALID');
    expect((await orderRow(order.id)).payment_status).toBe('pending');

    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, handled: true });
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid', payment_reference: event.data.object.id, hold_expires_on: null });
    const replay = await webhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, handled: true, duplicate: true });
    expect((await timeline(order.id)).filter((e) => e.type === 'paid')).toHaveLength(1);

    const receipts = await delivered('paid-by-webhook@example.com');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain(String(order.orderNumber));
    expect(await outbox('order-confirmation', 'paid-by-webhook@example.com')).toHaveLength(1);
    // Two deliveries of one event at once: one of them pays the order, the other changes nothing.
    const other = await buy(new Visitor(site.app), [['print', 'PRINT-1', 1]], { email: 'twice-at-once@example.com' });
    const raced = stripe.event('payment_intent.succeeded', stripe.succeed(intentOf(other.json.order.id).id));
    const both = await Promise.all([webhook(raced), webhook(raced)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.filter((r) => r.json().duplicate).length).toBe(1);
    expect((await timeline(other.json.order.id)).filter((e) => e.type === 'paid')).toHaveLength(1);
    expect(await outbox('order-confirmation', 'twice-at-once@example.com')).toHaveLength(1);
    const unknown = await webhook(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(unknown.json()).toEqual({ received: true, handled: false });
  });

  it('records a failed attempt on the timeline and keeps the order pending; an abandoned payment is canceled at Stripe when its hold expires', async () => {
    await setStock(site.store, 'WORKSHOP', 5);
    const placed = await buy(new Visitor(site.app), [['workshop', 'WORKSHOP', 2]]);
    const order = placed.json.order;
    const intent = intentOf(order.id);
    const failed = await webhook(stripe.event('payment_intent.payment_failed', stripe.fail(intent.id, 'Your card has insufficient funds.')));
    expect(failed.json()).toEqual({ received: true, handled: true });
    expect((await orderRow(order.id)).payment_status).toBe('pending');
    expect((await timeline(order.id)).find((e) => e.type === 'payment_failed')?.data).toEqual({
      message: 'Your card has insufficient funds.',
      reference: intent.id,
    });
    expect(await stockOf(site.store, 'WORKSHOP')).toBe(3);

    site.clock.advance(HOUR);
    expect(await site.app.orders.expireHolds()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(site.store, 'WORKSHOP')).toBe(5);
    expect(stripe.intents.get(intent.id)!.status).toBe('canceled');
    expect(stripe.made('POST', `/v1/payment_intents/${intent.id}/cancel`)[0]!.idempotencyKey).toBe(`tessera-order-${order.id}-cancel`);
  });

  it('refunds at once a payment that succeeds after its order was canceled, and says so on the timeline', async () => {
    const placed = await buy(new Visitor(site.app), [['sticker', 'STICKER', 1]]);
    const order = placed.json.order;
    site.clock.advance(HOUR + 1);
    // The hold passed but the job has not run yet: the payment's event cancels the order first.
    const res = await webhook(stripe.event('payment_intent.succeeded', stripe.succeed(intentOf(order.id).id)));
    expect(res.json()).toEqual({ received: true, handled: true });
    expect((await orderRow(order.id)).payment_status).toBe('canceled');
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === intentOf(order.id).id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(order.amountDueCents);
    expect((await timeline(order.id)).find((e) => e.type === 'late_payment_refunded')?.data).toMatchObject({
      amountCents: order.amountDueCents,
      refund: refunds[0]!.id,
    });
  });

  it('marks a pending order paid when its confirmation page is opened and Stripe says it succeeded (the webhook later changes nothing)', async () => {
    const v = new Visitor(site.app);
    const placed = await buy(v, [['print', 'PRINT-1', 1]], { email: 'back-from-paying@example.com' });
    const order = placed.json.order;
    const before = await v.page(placed.json.confirmationUrl);
    expect(before.json.order.paymentStatus).toBe('PENDING');
    const intent = stripe.succeed(intentOf(order.id).id);
    // Asked a moment ago: not again within a few seconds.
    expect((await v.page(placed.json.confirmationUrl)).json.order.paymentStatus).toBe('PENDING');
    site.clock.advance(5_000);
    const after = await v.page(placed.json.orderStatusUrl);
    expect(after.json.order.paymentStatus).toBe('PAID');
    expect((await webhook(stripe.event('payment_intent.succeeded', intent))).json()).toEqual({ received: true, handled: true });
    expect((await timeline(order.id)).filter((e) => e.type === 'paid')).toHaveLength(1);
    expect(await outbox('order-confirmation', 'back-from-paying@example.com')).toHaveLength(1);
  });

  it('refunds through Stripe from the order page: by item, partial, in full, never more than was paid, a retried request once; a failed refund is taken back', async () => {
    const v = new Visitor(site.app);
    const placed = await buy(v, [['mug', 'MUG-12', 2]]);
    const order = placed.json.order;
    const intent = stripe.succeed(intentOf(order.id).id);
    await webhook(stripe.event('payment_intent.succeeded', intent));
    const detail = (await site.staff.admin.request('GET', `/api/owner/orders/${order.id}`)).json.order;
    const line = detail.lines[0];
    const refund = (body: Record<string, unknown>, key: string) =>
      site.staff.admin.request('POST', `/api/owner/orders/${order.id}/refund`, body, { 'idempotency-key': key });

    const byItem = await refund({ lines: [{ lineId: line.id, quantity: 1 }] }, 'refund-item-0001');
    expect(byItem.status, byItem.body).toBe(200);
    const again = await refund({ lines: [{ lineId: line.id, quantity: 1 }] }, 'refund-item-0001');
    expect(again.json.refund.id).toBe(byItem.json.refund.id);
    const atStripe = () => [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(atStripe()).toHaveLength(1);
    expect(atStripe()[0]).toMatchObject({ amount: line.unitPriceCents, metadata: { orderId: order.id, refundId: byItem.json.refund.id } });
    expect(stripe.made('POST', '/v1/refunds').find((c) => c.params.metadata.refundId === byItem.json.refund.id)!.idempotencyKey).toBe(
      `tessera-refund-${byItem.json.refund.id}`,
    );

    const partial = await refund({ amountCents: 100 }, 'refund-part-0001');
    expect(partial.status).toBe(200);
    const left = order.amountDueCents - line.unitPriceCents - 100;
    const tooMuch = await refund({ amountCents: left + 1 }, 'refund-much-0001');
    expect(tooMuch.json.code).toBe('REFUND_TOO_LARGE');
    const rest = await refund({ amountCents: left }, 'refund-rest-0001');
    expect(rest.status).toBe(200);
    expect(atStripe().reduce((n, r) => n + r.amount, 0)).toBe(order.amountDueCents);

    // The bank could not make the partial one after all: the order may refund that amount again.
    const failedRefund = stripe.event('refund.failed', stripe.failRefund(atStripe().find((r) => r.amount === 100)!.id));
    expect((await webhook(failedRefund)).json()).toEqual({ received: true, handled: true });
    expect((await webhook(failedRefund)).json().duplicate).toBe(true);
    // Stripe's confirmation of the others (a charge's refunds) changes nothing more.
    const full = atStripe().find((r) => r.amount === left)!;
    const charge = { id: intent.latest_charge, object: 'charge', payment_intent: intent.id, refunds: { object: 'list', data: [full] } };
    expect((await webhook(stripe.event('charge.refunded', charge))).json()).toEqual({ received: true, handled: true });
    const row = await db().selectFrom('order_refunds').select('state').where('id', '=', partial.json.refund.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('failed');
    expect((await orderRow(order.id)).refunded_cents).toBe(order.amountDueCents - 100);
    expect((await timeline(order.id)).filter((e) => e.type === 'refund_failed')).toHaveLength(1);
  });

  it('refunds a payment taken in test mode after the owner switched to live mode, with the test key', async () => {
    const placed = await buy(new Visitor(site.app), [['print', 'PRINT-1', 1]]);
    const order = placed.json.order;
    const intent = stripe.succeed(intentOf(order.id).id);
    await webhook(stripe.event('payment_intent.succeeded', intent));
    stripe.accept(LIVE_KEY);
    expect((await site.staff.admin.request('PUT', '/api/owner/payments/stripe', { liveSecretKey: LIVE_KEY })).status).toBe(200);
    const admin = site.staff.admin;
    const live = await admin.request(
      'PUT',
      SETTINGS,
      await edited(admin, (s) => {
        s.store.stripe = { ...s.store.stripe, testMode: false, livePublishableKey: 'pk_live_51TesseraLocal0001' };
      }),
    );
    expect(live.status, live.body).toBe(200);
    try {
      const res = await admin.request('POST', `/api/owner/orders/${order.id}/refund`, { amountCents: 100 }, { 'idempotency-key': 'refund-after-switch-1' });
      expect(res.status, res.body).toBe(200);
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id).map((r) => r.amount)).toEqual([100]);
    } finally {
      const back = await admin.request(
        'PUT',
        SETTINGS,
        await edited(admin, (s) => {
          s.store.stripe = { ...s.store.stripe, testMode: true };
        }),
      );
      expect(back.status).toBe(200);
    }
  });

  it('records a dispute and mails it to the staff who manage orders; its close is recorded with the outcome', async () => {
    const placed = await buy(new Visitor(site.app), [['print', 'PRINT-1', 1]]);
    const order = placed.json.order;
    const intent = stripe.succeed(intentOf(order.id).id);
    await webhook(stripe.event('payment_intent.succeeded', intent));
    const created = stripe.event('charge.dispute.created', stripe.dispute(intent.id, { disputeId: 'dp_test_1' }));
    expect((await webhook(created)).json()).toEqual({ received: true, handled: true });
    expect((await webhook(created)).json().duplicate).toBe(true);
    const disputed = (await timeline(order.id)).filter((e) => e.type === 'disputed');
    expect(disputed).toHaveLength(1);
    expect(disputed[0]!.data).toMatchObject({ amountCents: order.amountDueCents, reason: 'product_not_received' });
    const mails = await outbox('payment-dispute');
    expect(mails.map((m) => m.recipient).sort()).toEqual(['admin@store.test', 'store-manager@store.test', 'website-manager@store.test']);
    expect(mails[0]!.subject).toBe(`Payment disputed: order #${order.orderNumber} ($${(order.amountDueCents / 100).toFixed(2)})`);
    const toOwner = await delivered('admin@store.test', 'Payment disputed');
    expect(toOwner.filter((m) => m.subject.startsWith('Payment disputed'))).toHaveLength(1);
    expect(toOwner.find((m) => m.subject.startsWith('Payment disputed'))!.text).toContain(`http://store.test/config/orders/${order.id}`);

    await webhook(stripe.event('charge.dispute.closed', stripe.dispute(intent.id, { disputeId: 'dp_test_1', status: 'won' })));
    expect((await timeline(order.id)).find((e) => e.type === 'dispute_closed')?.data).toMatchObject({ status: 'won' });
  });

  it('charges a saved card off-session with the given key: paid once, a declined card and one needing authentication declined', async () => {
    const provider = site.app.commerce.payments.get('stripe')!;
    const charge = (reference: string, key: string) =>
      provider.chargeSaved!({
        websiteId: WEBSITE_ID,
        orderId: 'renewal-order-1',
        orderNumber: 9001,
        amountCents: 1600,
        currency: 'USD',
        customerEmail: 'ada@example.com',
        method: { provider: 'stripe', reference, label: 'Visa ending 4242' },
        idempotencyKey: key,
      });
    const paid = await charge('cus_1/pm_card_visa', 'renewal-sub1-cycle2-try1');
    expect(paid).toEqual({ status: 'paid', reference: expect.stringMatching(/^pi_/) });
    expect(await charge('cus_1/pm_card_visa', 'renewal-sub1-cycle2-try1')).toEqual(paid);
    expect(stripe.made('POST', '/v1/payment_intents').filter((c) => c.idempotencyKey === 'renewal-sub1-cycle2-try1')).toHaveLength(1);
    expect(stripe.intents.get(paid.status === 'paid' ? paid.reference : '')).toMatchObject({
      customer: 'cus_1',
      payment_method: 'pm_card_visa',
      status: 'succeeded',
    });
    expect(await charge('cus_1/pm_card_chargeCustomerFail', 'renewal-sub2')).toEqual({ status: 'declined', message: 'Your card was declined.' });
    expect(await charge('cus_1/pm_card_authenticationRequired', 'renewal-sub3')).toEqual({
      status: 'declined',
      message: 'The card needs its holder to confirm this payment. Update the payment method, then try again.',
    });
  });

  it('answers PAYMENT_FAILED and undoes the order when Stripe cannot be reached', async () => {
    await setStock(site.store, 'PRINT-1', 2);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 1);
    stripe.outage = true;
    try {
      const placed = await v.checkout(stripeCheckout());
      expect(placed.status).toBe(502);
      expect(placed.json.code).toBe('PAYMENT_FAILED');
    } finally {
      stripe.outage = false;
    }
    expect(await stockOf(site.store, 'PRINT-1')).toBe(2);
  });
});
