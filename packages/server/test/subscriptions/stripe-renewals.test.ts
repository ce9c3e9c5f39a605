import { addBillingPeriod } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionToken } from '../../src/modules/subscriptions/tokens.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { DIALECTS } from '../helpers/store.js';
import { LocalStripe, signedWebhook } from '../helpers/stripe-api.js';
import { SETTINGS, edited, settingsSite, type SettingsSite } from '../owner-store-settings/helpers.js';
import { ADDRESS, Visitor, WEBSITE_ID, itemId } from '../commerce/helpers.js';
import { withoutCrumb } from '../owner-orders/helpers.js';

const SECRET_KEY = 'sk_test_51TesseraLocalKey000000000003';
const WEBHOOK_SECRET = 'whsec_TesseraLocalWebhookSecret0003';
const WEBHOOK = '/api/commerce/webhooks/stripe';
const METHOD = '/api/commerce/subscription/payment-method';
const CONFIRM = '/api/commerce/subscription/payment-method/confirm';

describe.each(DIALECTS)('Stripe subscriptions that renew on %s', (dialect) => {
  let stripe: LocalStripe;
  let smtp: TestSmtp;
  let site: SettingsSite;
  beforeAll(async () => {
    stripe = await new LocalStripe().accept(SECRET_KEY).start();
    smtp = await startSmtp();
    site = await settingsSite(dialect, { stripeApi: stripe.url, smtpUrl: smtp.url });
    const admin = site.staff.admin;
    const keys = await admin.request('PUT', '/api/owner/payments/stripe', { testSecretKey: SECRET_KEY, testWebhookSecret: WEBHOOK_SECRET });
    if (keys.status !== 200) throw new Error(keys.body);
    const saved = await admin.request(
      'PUT',
      SETTINGS,
      await edited(admin, (s) => {
        s.store.paymentProviders = ['stripe', 'offline'];
        s.store.stripe = { testMode: true, testPublishableKey: 'pk_test_51TesseraLocal0003', paymentMethods: [], expressCheckout: false };
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
  const subOf = (orderId: string) => db().selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const renewalsOf = (subId: string) => db().selectFrom('orders').selectAll().where('subscription_id', '=', subId).orderBy('order_number').execute();
  const savedOf = async (orderId: string) => JSON.parse((await subOf(orderId)).saved_method ?? 'null');
  const webhook = (event: Record<string, unknown>) => {
    const signed = signedWebhook(event, WEBHOOK_SECRET);
    return site.app.inject({ method: 'POST', url: WEBHOOK, headers: { host: 'store.test', ...signed.headers }, payload: signed.payload });
  };
  const offSession = (subId: string) => stripe.made('POST', '/v1/payment_intents').filter((c) => c.idempotencyKey?.startsWith(`tessera-renewal-${subId}-`));
  async function mailsTo(address: string) {
    await site.app.mail.deliverDue();
    await site.app.mail.idle();
    return smtp.messages.filter((m) => m.to.includes(address));
  }

  /** Buys the monthly Coffee Club with Stripe and pays it with Stripe's test Visa (the webhook). */
  async function subscribe(email: string) {
    const v = new Visitor(site.app);
    const cart = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('coffee-club'), qty: 1 });
    const placed = await v.checkout({
      email,
      cartToken: cart.json.cartToken,
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'stripe' },
    });
    expect(placed.status, placed.body).toBe(201);
    const order = placed.json.order;
    const intent = [...stripe.intents.values()].find((pi) => pi.metadata.orderId === order.id)!;
    expect((await webhook(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id, 'pm_card_visa')))).json()).toEqual({
      received: true,
      handled: true,
    });
    const sub = await subOf(order.id);
    return { v, order, sub, customer: intent.customer as string, token: await subscriptionToken(site.app.commerce.signer, WEBSITE_ID, sub.id) };
  }

  /** The customer's "Update payment method": the route answers the SetupIntent's secret (its webhook or the confirm call keeps the card). */
  async function newSetup(v: Visitor, token: string) {
    const asked = await v.request('POST', METHOD, { token, payment: {} });
    expect(asked.status, asked.body).toBe(200);
    expect(asked.json.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    return stripe.setupOfSecret(asked.json.clientSecret);
  }

  it('keeps the card bought with, renews off-session, declines into past due, and retries at once with a card updated through a SetupIntent (webhook and confirm racing: one method, one retry)', async () => {
    const { v, order, sub, customer, token } = await subscribe('stripe-club@example.com');
    expect(customer).toMatch(/^cus_/);
    expect(sub).toMatchObject({ status: 'active', payment_provider: 'stripe', cycles_billed: 1 });
    expect(JSON.parse(sub.saved_method!)).toEqual({ provider: 'stripe', reference: `${customer}/pm_card_visa`, label: 'Visa ending 4242' });
    const month = (n: number) => addBillingPeriod(sub.started_on, { value: n, unit: 'MONTH' });

    // Cycle 2: the job charges the kept card off-session, once, with the renewal's key.
    site.clock.now = month(1);
    await site.app.jobs.runDue();
    const [second] = await renewalsOf(sub.id);
    expect(second).toMatchObject({ subscription_cycle: 2, payment_status: 'paid', payment_provider: 'stripe' });
    const charges = offSession(sub.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      idempotencyKey: `tessera-renewal-${sub.id}-2-1`,
      params: {
        customer,
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
        amount: String(second!.amount_due_cents),
        metadata: { orderId: second!.id },
      },
    });
    expect(second!.payment_reference).toBe([...stripe.intents.values()].find((pi) => pi.metadata.orderId === second!.id)!.id);

    // The customer keeps a card that attaches but fails later charges: a SetupIntent for their customer, kept by its webhook.
    const customers = stripe.customers.size;
    const setup = await newSetup(v, token);
    expect(stripe.customers.size).toBe(customers);
    expect(setup).toMatchObject({
      customer,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { websiteId: WEBSITE_ID, subscriptionId: sub.id },
    });
    expect(stripe.made('POST', '/v1/setup_intents').at(-1)!.idempotencyKey).toMatch(new RegExp(`^tessera-save-method-${sub.id}-[0-9a-f]{16}$`));
    // Not confirmed yet: the confirm call refuses, and nothing changes.
    const early = await v.request('POST', CONFIRM, { token, setupIntentId: setup.id });
    expect(early).toMatchObject({
      status: 409,
      json: { code: 'PAYMENT_METHOD_NOT_CONFIRMED', error: 'Your card is not confirmed yet. Try again, or use another card.' },
    });
    const event = stripe.event('setup_intent.succeeded', stripe.confirmSetup(setup.id, 'pm_card_chargeCustomerFail'));
    expect((await webhook(event)).json()).toEqual({ received: true, handled: true });
    expect((await webhook(event)).json()).toEqual({ received: true, handled: true, duplicate: true });
    expect(await savedOf(order.id)).toEqual({ provider: 'stripe', reference: `${customer}/pm_card_chargeCustomerFail`, label: 'Visa ending 0341' });
    expect(await subOf(order.id)).toMatchObject({ status: 'active', retry_on: null });

    // Cycle 3: that card is declined off-session: past due, and the customer is mailed the link.
    site.clock.now = month(2);
    await site.app.jobs.runDue();
    expect(await subOf(order.id)).toMatchObject({ status: 'past_due', failed_attempts: 1, cycles_billed: 2 });
    expect(offSession(sub.id).map((c) => c.idempotencyKey)).toEqual([`tessera-renewal-${sub.id}-2-1`, `tessera-renewal-${sub.id}-3-1`]);
    const mail = (await mailsTo('stripe-club@example.com')).find((m) => m.subject === 'Action needed: your subscription to Coffee Club');
    expect(mail!.text).toContain('Your card was declined.');
    expect(mail!.text).toContain(`/commerce/subscription?token=`);

    // The customer updates the card; the page's confirm call and the webhook race: one method kept, one retry, paid.
    const fix = await newSetup(v, token);
    const fixed = stripe.event('setup_intent.succeeded', stripe.confirmSetup(fix.id, 'pm_card_visa'));
    const [confirmed, hooked] = await Promise.all([v.request('POST', CONFIRM, { token, setupIntentId: fix.id }), webhook(fixed)]);
    expect(confirmed.status, confirmed.body).toBe(200);
    expect(hooked.statusCode).toBe(200);
    expect(confirmed.json.subscription).toMatchObject({ paymentMethod: 'Visa ending 4242' });
    expect(await savedOf(order.id)).toEqual({ provider: 'stripe', reference: `${customer}/pm_card_visa`, label: 'Visa ending 4242' });
    expect(offSession(sub.id).map((c) => c.idempotencyKey)).toEqual([
      `tessera-renewal-${sub.id}-2-1`,
      `tessera-renewal-${sub.id}-3-1`,
      `tessera-renewal-${sub.id}-3-2`,
    ]);
    // The declined attempt's order gives its cycle back (renewals' own rule); the retry's is cycle 3.
    expect((await renewalsOf(sub.id)).map((o) => [o.subscription_cycle, o.payment_status])).toEqual([
      [2, 'paid'],
      [null, 'declined'],
      [3, 'paid'],
    ]);
    expect(await subOf(order.id)).toMatchObject({ status: 'active', failed_attempts: 0, cycles_billed: 3, next_billing_on: month(3) });
    // Whichever came second changed nothing; a later confirm call answers the same state.
    const again = await v.request('POST', CONFIRM, { token, setupIntentId: fix.id });
    expect(again.json).toMatchObject({ renewal: null, subscription: { status: 'active', paymentMethod: 'Visa ending 4242' } });
    expect(offSession(sub.id)).toHaveLength(3);
  });

  it("makes a Stripe customer for a subscription that has none, and refuses a bad confirm call: its body, its link, another subscription's SetupIntent, no crumb", async () => {
    const first = await subscribe('stripe-one@example.com');
    const other = await subscribe('stripe-two@example.com');
    // Its page loads Stripe.js for the card form: Stripe's policy exceptions, as the checkout's; the order's status page keeps the strict one.
    const page = await first.v.request('GET', `/commerce/subscription?token=${first.token}`);
    expect((await first.v.request('GET', `/commerce/subscription?token=${first.token}&format=json`)).json.subscription.formProvider).toBe('stripe');
    expect(String(page.headers['content-security-policy'])).toContain('https://js.stripe.com');
    expect(String((await first.v.request('GET', first.order.orderStatusUrl)).headers['content-security-policy'])).not.toContain('stripe.com');
    await db().updateTable('subscriptions').set({ saved_method: null }).where('id', '=', first.sub.id).execute();
    const customers = stripe.customers.size;
    const setup = await newSetup(first.v, first.token);
    expect(stripe.customers.size).toBe(customers + 1);
    expect(stripe.customers.get(setup.customer)).toMatchObject({ email: 'stripe-one@example.com', metadata: { subscriptionId: first.sub.id } });
    stripe.confirmSetup(setup.id, 'pm_card_mastercard');

    expect(await first.v.request('POST', CONFIRM, { token: first.token })).toMatchObject({ status: 400, json: { code: 'VALIDATION_FAILED' } });
    expect(await first.v.request('POST', CONFIRM, { token: `${first.sub.id}.${'A'.repeat(43)}`, setupIntentId: setup.id })).toMatchObject({
      status: 404,
      json: { code: 'SUBSCRIPTION_LINK_INVALID', error: 'This subscription link is not valid.' },
    });
    expect(await other.v.request('POST', CONFIRM, { token: other.token, setupIntentId: setup.id })).toMatchObject({
      status: 409,
      json: { code: 'PAYMENT_METHOD_NOT_CONFIRMED' },
    });
    expect(await first.v.request('POST', CONFIRM, { token: first.token, setupIntentId: 'seti_unknown' })).toMatchObject({
      status: 409,
      json: { code: 'PAYMENT_METHOD_NOT_CONFIRMED' },
    });
    expect((await withoutCrumb(first.v, 'POST', CONFIRM, { token: first.token, setupIntentId: setup.id })).status).toBe(403);
    expect(await savedOf(other.order.id)).toMatchObject({ label: 'Visa ending 4242' });

    // Stripe out of reach: both calls say so, nothing is kept.
    stripe.outage = true;
    const down = { status: 502, json: { code: 'PAYMENT_FAILED', error: 'The payment could not be processed. Please try again.' } };
    expect(await first.v.request('POST', CONFIRM, { token: first.token, setupIntentId: setup.id })).toMatchObject(down);
    expect(await first.v.request('POST', METHOD, { token: first.token, payment: {} })).toMatchObject(down);
    stripe.outage = false;
    expect(await savedOf(first.order.id)).toBeNull();

    const kept = await first.v.request('POST', CONFIRM, { token: first.token, setupIntentId: setup.id });
    expect(kept).toMatchObject({ status: 200, json: { renewal: null, subscription: { paymentMethod: 'Mastercard ending 4444' } } });
    expect(await savedOf(first.order.id)).toEqual({ provider: 'stripe', reference: `${setup.customer}/pm_card_mastercard`, label: 'Mastercard ending 4444' });
  });
});
