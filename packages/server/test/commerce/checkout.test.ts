import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import {
  ACCEPTED_CARD,
  ADDRESS,
  DECLINED_CARD,
  HOST,
  Visitor,
  WEBSITE_ID,
  itemId,
  paid,
  setStock,
  stockOf,
  storeApp,
  updateStoreSettings,
  type StoreSite,
} from './helpers.js';

describe.each(DIALECTS)('checkout and orders on %s', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('places an order with the offline provider: payment pending, stock taken, cart purchased, confirmation page 202', async () => {
    await setStock(site.store, 'PRINT-1', 10);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 2);
    await v.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'WELCOME10' });
    const placed = await v.checkout({ email: 'ada@example.com', shippingAddress: ADDRESS, shippingOptionId: 'express' });
    expect(placed.status).toBe(201);
    const { order, confirmationUrl, orderStatusUrl } = placed.json;
    expect(order).toMatchObject({
      orderNumber: expect.any(Number),
      kind: 'order',
      customerEmail: 'ada@example.com',
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'PENDING',
      subtotalCents: 3000,
      discountCents: 300,
      shippingCostCents: 1800,
      taxCents: 239,
      grandTotalCents: 3000 - 300 + 1800 + 239,
      amountDueCents: 4739,
      coupons: ['WELCOME10'],
      shippingOption: { id: 'express', name: 'Express', priceCents: 1800 },
      shippingAddress: { firstName: 'Ada', country: 'US', region: 'NY' },
      lines: [{ title: 'Limited Print', quantity: 2, unitPriceCents: 1500, subTotalCents: 3000, chosenVariant: { sku: 'PRINT-1' } }],
    });
    expect(confirmationUrl).toMatch(/^\/checkout\/order-confirmed\?token=[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/);
    expect(orderStatusUrl).toMatch(/^\/commerce\/order-status\?token=/);
    expect(await stockOf(site.store, 'PRINT-1')).toBe(8);
    // The cart is bought: the cookie is dropped and the visitor's next cart is a new one.
    expect(v.cartCookie).toBeUndefined();
    expect((await v.cart()).json).toMatchObject({ id: null, totalQuantity: 0 });

    const confirmed = await v.page(confirmationUrl);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ pageType: 202, order: { orderNumber: order.orderNumber, lines: [{ title: 'Limited Print' }] } });
    const html = await v.request('GET', confirmationUrl);
    expect(html.body).toContain(`<p class="order-number">Order #${order.orderNumber}</p>`);
    expect(html.body).toContain('<li class="order-line">2 x Limited Print 30.00</li>');
    const event = await site.store.db.selectFrom('commerce_events').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(event.type).toBe('orders.placed');
    expect(JSON.parse(event.payload)).toMatchObject({ orderNumber: order.orderNumber, customerEmail: 'ada@example.com', paymentStatus: 'pending' });
  });

  it('checks the checkout fields: email, shipping address and option, payment details (400 with errors per field)', async () => {
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 1);
    const res = await v.checkout({ email: 'ada@', shippingAddress: { ...ADDRESS, city: '' }, payment: { provider: 'test', cardNumber: '1234' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'One or more fields is invalid, please check your entries.',
      errors: {
        email: 'Email is not valid. Email addresses should follow the format email@example.com.',
        'shippingAddress.city': 'Required',
        shippingOptionId: 'Choose a shipping option.',
        'payment.cardNumber': 'Enter a valid card number.',
      },
    });
    expect((await v.checkout({ ...paid(), payment: { provider: 'stripe' } })).json.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const noKey = await v.request('POST', '/api/commerce/checkout', paid());
    expect(noKey).toMatchObject({ status: 400, json: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    // Nothing was placed: the cart is still the visitor's.
    expect((await v.cart()).json.totalQuantity).toBe(1);
    expect((await new Visitor(site.app).checkout(paid())).json).toMatchObject({ code: 'CART_EMPTY', error: 'Your cart is empty.' });
  });

  it("pays with the test provider's card; a declined card gives the stock and the cart back", async () => {
    await setStock(site.store, 'PRINT-1', 5);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 3);
    const declined = await v.checkout(paid({ payment: { provider: 'test', cardNumber: DECLINED_CARD } }));
    expect(declined).toMatchObject({ status: 402, json: { code: 'PAYMENT_DECLINED', error: 'Your card was declined. Please use another card.' } });
    expect(await stockOf(site.store, 'PRINT-1')).toBe(5);
    expect((await v.cart()).json).toMatchObject({ totalQuantity: 3, isPurchased: false });
    const accepted = await v.checkout(paid());
    expect(accepted.status).toBe(201);
    expect(accepted.json.order).toMatchObject({ paymentStatus: 'PAID', fulfillmentStatus: 'PENDING' });
    expect(await stockOf(site.store, 'PRINT-1')).toBe(2);
    const row = await site.store.db
      .selectFrom('orders')
      .select(['payment_reference', 'payment_provider'])
      .where('id', '=', accepted.json.order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_provider: 'test', payment_reference: `test_${accepted.json.order.id}` });
  });

  it('answers the same key twice with one order and the same answer; another request under that key is refused', async () => {
    const v = new Visitor(site.app);
    await v.add('sticker', 'STICKER', 2);
    const first = await v.checkout(paid(), 'same-key-0001');
    const second = await v.checkout(paid(), 'same-key-0001');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const count = await site.store.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', '=', 'same-key-0001')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const other = await v.checkout(paid({ email: 'grace@example.com' }), 'same-key-0001');
    expect(other).toMatchObject({ status: 422, json: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    // Another visitor with the same key and body does not get this visitor's order.
    const w = new Visitor(site.app);
    await w.add('sticker', 'STICKER', 2);
    expect((await w.checkout(paid(), 'same-key-0001')).status).toBe(422);
    // A declined attempt's key answers its decline again.
    await w.checkout(paid({ payment: { provider: 'test', cardNumber: DECLINED_CARD } }), 'declined-key-01');
    const again = await w.checkout(paid({ payment: { provider: 'test', cardNumber: DECLINED_CARD } }), 'declined-key-01');
    expect(again).toMatchObject({ status: 402, json: { code: 'PAYMENT_DECLINED' } });
  });

  it('refuses a subtotal under the site minimum with the spec message', async () => {
    await updateStoreSettings(site.store, (s) => {
      s.minimumOrderSubtotal = 2500;
    });
    try {
      const v = new Visitor(site.app);
      await v.add('print', 'PRINT-1', 1);
      const res = await v.checkout(paid());
      expect(res).toMatchObject({ status: 400, json: { code: 'MINIMUM_SUBTOTAL', error: 'To check out, your order subtotal must be $25.00 or more.' } });
      await v.add('print', 'PRINT-1', 1);
      expect((await v.checkout(paid())).status).toBe(201);
    } finally {
      await updateStoreSettings(site.store, (s) => {
        s.minimumOrderSubtotal = 0;
      });
    }
  });

  it('sells gift cards: a code per card on the confirmation page, redeemed partially with the balance kept', async () => {
    await setStock(site.store, 'PRINT-1', 50);
    const buyer = new Visitor(site.app);
    const bought = await buyer.checkout({
      email: 'ada@example.com',
      expressCheckout: { itemId: itemId('gift-card'), sku: 'GIFT-50' },
      payment: { provider: 'test', cardNumber: '4242424242424242' },
    });
    expect(bought.status).toBe(201);
    const line = bought.json.order.lines[0];
    expect(line).toMatchObject({ title: 'Gift Card', quantity: 1, unitPriceCents: 5000 });
    expect(line.giftCards).toHaveLength(1);
    const code: string = line.giftCards[0].code;
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(bought.json.order).toMatchObject({ fulfillmentStatus: 'FULFILLED', paymentStatus: 'PAID' });
    const page = await buyer.request('GET', bought.json.confirmationUrl);
    expect(page.body).toContain(`<span class="gift-card-code">${code}</span>`);

    const shopper = new Visitor(site.app);
    await shopper.add('print', 'PRINT-1', 2); // 3000 + 600 shipping + 266 tax = 3866
    const first = await shopper.checkout(paid({ giftCardCode: code.toLowerCase().replace(/-/g, ' ') }));
    expect(first.json.code).toBeUndefined();
    expect(first.status).toBe(201);
    expect(first.json.order).toMatchObject({ grandTotalCents: 3866, giftCardCents: 3866, amountDueCents: 0, paymentStatus: 'PAID' });
    await shopper.add('print', 'PRINT-1', 2);
    const second = await shopper.checkout(paid({ giftCardCode: code }));
    expect(second.json.order).toMatchObject({ grandTotalCents: 3866, giftCardCents: 5000 - 3866, amountDueCents: 3866 - 1134 });
    const card = await site.store.db
      .selectFrom('gift_cards')
      .select('balance_cents')
      .where('website_id', '=', WEBSITE_ID)
      .where('code', '=', code.replace(/-/g, ''))
      .executeTakeFirstOrThrow();
    expect(card.balance_cents).toBe(0);
    await shopper.add('print', 'PRINT-1', 1);
    expect((await shopper.checkout(paid({ giftCardCode: code }))).json).toMatchObject({
      code: 'GIFT_CARD_EMPTY',
      error: 'That gift card has no balance left.',
    });
    expect((await shopper.checkout(paid({ giftCardCode: 'AAAA-BBBB-CCCC-DDDD' }))).json.code).toBe('GIFT_CARD_INVALID');
  });

  it("gives a declined order's gift card balance back", async () => {
    const buyer = new Visitor(site.app);
    const bought = await buyer.checkout({
      email: 'ada@example.com',
      expressCheckout: { itemId: itemId('gift-card'), sku: 'GIFT-25' },
      payment: { provider: 'test', cardNumber: '4242424242424242' },
    });
    const code = bought.json.order.lines[0].giftCards[0].code as string;
    const v = new Visitor(site.app);
    await v.add('mug', 'MUG-12', 2); // 3800: more than the card
    const declined = await v.checkout(paid({ giftCardCode: code, payment: { provider: 'test', cardNumber: DECLINED_CARD } }));
    expect(declined.status).toBe(402);
    const card = await site.store.db.selectFrom('gift_cards').select('balance_cents').where('code', '=', code.replace(/-/g, '')).executeTakeFirstOrThrow();
    expect(card.balance_cents).toBe(2500);
  });

  it('sells subscriptions: a cartToken, the subscription page with plan and price text, a subscription record with its next billing date', async () => {
    const v = new Visitor(site.app);
    const refused = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('guide'), sku: 'GUIDE-PDF', qty: 1 });
    expect(refused).toMatchObject({
      status: 400,
      json: { code: 'SUBSCRIPTION_NOT_ALLOWED', error: 'Subscriptions can be sold only for physical and service products.' },
    });
    expect((await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('print'), qty: 1 })).json.code).toBe('NOT_SUBSCRIBABLE');
    const res = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('beans'), sku: 'BEANS-250', qty: 2 });
    expect(res.status).toBe(200);
    const { cartToken } = res.json;
    expect(Object.keys(res.json)).toEqual(['cartToken']);
    expect(cartToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(v.cartCookie).toBeUndefined(); // the visitor's own cart is not touched

    const page = await v.page(`/checkout/subscription?cartToken=${cartToken}`);
    expect(page.json).toMatchObject({
      pageType: 201,
      subscription: {
        title: 'Bean Delivery',
        quantity: 2,
        cartToken,
        plan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 },
        priceText: '$32.00 every 2 weeks for 12 weeks',
      },
    });
    expect((await v.request('GET', `/checkout/subscription?cartToken=${cartToken}`)).body).toContain(
      '<p class="subscription-price">$32.00 every 2 weeks for 12 weeks</p>',
    );
    expect((await v.page('/checkout/subscription?cartToken=nope-nope-nope-nope')).status).toBe(404);

    const placed = await v.checkout(paid({ cartToken }));
    expect(placed.status).toBe(201);
    expect(placed.json.order).toMatchObject({ kind: 'subscription', subtotalCents: 3200 });
    expect(placed.json.order.subscriptions).toEqual([
      {
        id: expect.any(String),
        title: 'Bean Delivery',
        status: 'active',
        billingPeriod: { value: 2, unit: 'WEEK' },
        numBillingCycles: 6,
        nextBillingDate: site.clock.now + 14 * 86_400_000,
        priceText: '$32.00 every 2 weeks for 12 weeks',
      },
    ]);
    const record = await site.store.db.selectFrom('subscriptions').selectAll().where('order_id', '=', placed.json.order.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ item_id: itemId('beans'), quantity: 2, cycles_billed: 1, started_on: site.clock.now, customer_email: 'ada@example.com' });
    const after = await v.cart(`?cartToken=${cartToken}`);
    expect(after.json).toMatchObject({ isPurchased: true, orderId: placed.json.order.id });
    expect((await v.checkout(paid({ cartToken }))).json.code).toBe('CART_PURCHASED');

    const monthly = await v.request('POST', '/api/3/commerce/cart/subscription', { itemId: itemId('coffee-club'), qty: 1 });
    // Renewals charge a kept card: the site's default provider (offline) cannot sell a subscription.
    expect((await v.checkout({ email: 'ada@example.com', cartToken: monthly.json.cartToken })).json.code).toBe('SUBSCRIPTION_PROVIDER_UNSUPPORTED');
    const club = await v.checkout({ email: 'ada@example.com', cartToken: monthly.json.cartToken, payment: { provider: 'test', cardNumber: ACCEPTED_CARD } });
    expect(club.json.order.subscriptions[0]).toMatchObject({
      numBillingCycles: 0,
      nextBillingDate: Date.parse('2025-02-28T15:00:00.000Z'),
      priceText: '$18.00 every month',
    });
  });

  it('gives a paid digital product a download link bound to its order that expires', async () => {
    const a = new Visitor(site.app);
    await a.add('guide', undefined);
    const orderA = await a.checkout({ email: 'ada@example.com', payment: { provider: 'test', cardNumber: '4242424242424242' } });
    expect(orderA.status).toBe(201); // purely digital: no shipping address asked
    const download = orderA.json.order.lines[0].download;
    expect(download).toEqual({
      url: expect.stringMatching(/^\/api\/commerce\/downloads\/[0-9a-f]{24}\?token=[A-Za-z0-9_-]{43}$/),
      expiresOn: site.clock.now + 24 * 3_600_000,
    });
    expect(orderA.json.order).toMatchObject({ shippingAddress: null, fulfillmentStatus: 'FULFILLED' });
    expect((await a.request('GET', orderA.json.confirmationUrl)).body).toContain(`<a class="download" href="${download.url}">`);

    const file = await site.app.inject({ url: download.url, headers: { host: HOST } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="guide.pdf"');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // The file itself is never public.
    expect((await site.app.inject({ url: '/assets/downloads/guide.pdf', headers: { host: HOST } })).statusCode).toBe(404);

    const b = new Visitor(site.app);
    await b.add('guide', undefined);
    const orderB = await b.checkout({ email: 'grace@example.com', payment: { provider: 'test', cardNumber: '4242424242424242' } });
    const urlB: string = orderB.json.order.lines[0].download.url;
    const tokenA = download.url.split('token=')[1];
    const crossed = urlB.replace(/token=.*/, `token=${tokenA}`);
    expect((await site.app.inject({ url: crossed, headers: { host: HOST } })).statusCode).toBe(404);
    expect((await site.app.inject({ url: urlB.replace(/token=.*/, ''), headers: { host: HOST } })).statusCode).toBe(404);

    site.clock.advance(24 * 3_600_000 - 1);
    expect((await site.app.inject({ url: download.url, headers: { host: HOST } })).statusCode).toBe(200);
    site.clock.advance(1);
    const expired = await site.app.inject({ url: download.url, headers: { host: HOST } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ code: 'DOWNLOAD_EXPIRED', error: 'This download link has expired.' });

    // With payment pending (offline), no link is given yet.
    const c = new Visitor(site.app);
    await c.add('guide', undefined);
    const pending = await c.checkout({ email: 'ada@example.com' });
    expect(pending.json.order).toMatchObject({ paymentStatus: 'PENDING', fulfillmentStatus: 'PENDING', lines: [{ download: null }] });
  });

  it('mails the buyer the order with its gift card codes and download links (through the outbox, with the order)', async () => {
    const v = new Visitor(site.app);
    await v.add('guide', undefined);
    await v.add('gift-card', 'GIFT-25');
    const placed = await v.checkout({ email: 'mail-me@example.com', payment: { provider: 'test', cardNumber: '4242424242424242' } });
    expect(placed.status).toBe(201);
    const [guide, card] = placed.json.order.lines;
    const mails = await site.store.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'subject', 'text_body', 'html_body'])
      .where('recipient', '=', 'mail-me@example.com')
      .where('kind', '=', 'order-confirmation')
      .execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe('order-confirmation');
    expect(mail.subject).toBe(`Your order #${placed.json.order.orderNumber} from Fixture Store`);
    expect(mail.text_body).toContain(`Gift card code: ${card.giftCards[0].code}`);
    expect(mail.text_body).toContain(`Download: http://store.test${guide.download.url}`);
    expect(mail.text_body).toContain(`Order status: http://store.test${placed.json.order.orderStatusUrl}`);
    expect(mail.text_body).toContain('Total: $37.00');
    expect(mail.html_body).toContain(`<code>${card.giftCards[0].code}</code>`);
    // A declined payment mails nothing.
    const w = new Visitor(site.app);
    await w.add('guide', undefined);
    await w.checkout({ email: 'declined@example.com', payment: { provider: 'test', cardNumber: DECLINED_CARD } });
    expect(await site.store.db.selectFrom('outbox').select('id').where('recipient', '=', 'declined@example.com').execute()).toEqual([]);
  });

  it('takes donations of preset and custom amounts to the contribution-confirmed page (203 -> 204)', async () => {
    const v = new Visitor(site.app);
    const donate = await v.page('/commerce/donate');
    expect(donate.json).toMatchObject({
      pageType: 203,
      donation: {
        presetAmounts: [{ amountCents: 1000, text: '$10.00' }, { amountCents: 2500 }, { amountCents: 5000 }],
        min: { text: '$1.00' },
        max: { text: '$1,000.00' },
      },
    });
    expect((await v.request('GET', '/commerce/donate')).body).toContain('<button type="button" data-amount-cents="2500">$25.00</button>');
    const tooSmall = await v.checkout({ email: 'ada@example.com', donation: { amountCents: 50 } });
    expect(tooSmall.json).toEqual({ code: 'DONATION_AMOUNT_INVALID', error: 'Enter a donation amount from $1.00 to $1,000.00.' });
    const preset = await v.checkout({
      email: 'ada@example.com',
      donation: { amountCents: 2500 },
      payment: { provider: 'test', cardNumber: '4242424242424242' },
    });
    expect(preset.status).toBe(201);
    expect(preset.json.order).toMatchObject({ kind: 'donation', grandTotalCents: 2500, taxCents: 0, lines: [{ title: 'Donation', productType: null }] });
    expect(preset.json.confirmationUrl).toMatch(/^\/commerce\/contribution-confirmed\?token=/);
    const custom = await v.checkout({ email: 'ada@example.com', donation: { amountCents: 1234 } });
    const page = await v.page(custom.json.confirmationUrl);
    expect(page.json).toMatchObject({ pageType: 204, order: { kind: 'donation', grandTotalCents: 1234 } });
    expect((await v.request('GET', custom.json.confirmationUrl)).body).toContain('<p class="contribution">Contribution #');
  });

  it("shows the order status page (211) only with the order's link", async () => {
    const v = new Visitor(site.app);
    await v.add('sticker', 'STICKER', 3);
    const placed = await v.checkout(paid());
    const stranger = new Visitor(site.app);
    const status = await stranger.page(placed.json.orderStatusUrl);
    expect(status.json).toMatchObject({
      pageType: 211,
      order: { orderNumber: placed.json.order.orderNumber, fulfillmentStatus: 'PENDING', lines: [{ quantity: 3, title: 'Sticker' }] },
    });
    expect((await stranger.request('GET', placed.json.orderStatusUrl)).body).toContain('<p class="fulfillment">PENDING</p>');
    const without = await stranger.page('/commerce/order-status');
    expect(without).toMatchObject({ status: 404, json: { pageType: 100 } });
    const forged = placed.json.orderStatusUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await stranger.page(forged)).status).toBe(404);
    expect((await stranger.page(`/commerce/order-status?token=${placed.json.order.id}`)).status).toBe(404);
    // The confirmation page without a token shows no order; with a wrong one it is not found.
    expect((await stranger.page('/checkout/order-confirmed')).json).toMatchObject({ pageType: 202, order: null });
    expect((await stranger.page('/checkout/order-confirmed?token=x.y')).status).toBe(404);
  });

  it('renders the gift-card page for an item and a denomination', async () => {
    const v = new Visitor(site.app);
    const chosen = await v.page(`/checkout/gift-card?itemId=${itemId('gift-card')}&sku=GIFT-50`);
    expect(chosen.json).toMatchObject({
      pageType: 201,
      giftCard: { title: 'Gift Card', fullUrl: '/shop/gift-card', selected: { sku: 'GIFT-50', amountCents: 5000, text: '$50.00' }, message: null },
    });
    expect(chosen.json.giftCard.denominations.map((d: { text: string }) => d.text)).toEqual(['$25.00', '$50.00', '$100.00']);
    const none = await v.request('GET', `/checkout/gift-card?itemId=${itemId('gift-card')}`);
    expect(none.body).toContain('<p class="gift-card-message">Select a denomination for the Gift Card.</p>');
    expect((await v.page(`/checkout/gift-card?itemId=${itemId('mug')}`)).status).toBe(404);
  });

  it('leaves out of the cart and the order an entry whose product left the site, and refuses one no longer for sale', async () => {
    await setStock(site.store, 'PRINT-1', 50);
    const v = new Visitor(site.app);
    await v.add('print', 'PRINT-1', 1);
    await v.add('workshop', 'WORKSHOP', 1);
    // The workshop leaves the site (as a new import without it would do).
    await site.store.db.deleteFrom('product_variants').where('sku', '=', 'WORKSHOP').where('website_id', '=', WEBSITE_ID).execute();
    await updateStoreSettings(site.store, () => undefined);
    expect((await v.cart()).json.entries.map((e: { title: string }) => e.title)).toEqual(['Limited Print']);
    // The print is hidden: still in the cart, but the checkout refuses it.
    await site.store.db.updateTable('items').set({ status: 'draft' }).where('id', '=', itemId('print')).execute();
    await updateStoreSettings(site.store, () => undefined);
    expect((await v.checkout(paid())).json).toEqual({ code: 'ITEM_UNAVAILABLE', error: 'Sorry, that item is unavailable.' });
    await site.store.db.updateTable('items').set({ status: 'published' }).where('id', '=', itemId('print')).execute();
    await updateStoreSettings(site.store, () => undefined);
    const placed = await v.checkout(paid());
    expect(placed.status).toBe(201);
    expect(placed.json.order.lines.map((l: { title: string }) => l.title)).toEqual(['Limited Print']);
  });

  it('checks out one item by express checkout and leaves the cart alone', async () => {
    await setStock(site.store, 'MUG-12', 7);
    const v = new Visitor(site.app);
    await v.add('sticker', 'STICKER', 1);
    const express = await v.checkout(paid({ expressCheckout: { itemId: itemId('mug'), sku: 'MUG-12', quantity: 2 } }));
    expect(express.json.order).toMatchObject({ lines: [{ title: 'Blue Mug', quantity: 2, unitPriceCents: 1900 }], subtotalCents: 3800 });
    expect((await v.cart()).json.totalQuantity).toBe(1);
    expect(await stockOf(site.store, 'MUG-12')).toBe(5);
    const over = await v.checkout(paid({ expressCheckout: { itemId: itemId('mug'), sku: 'MUG-12', quantity: 6 } }));
    expect(over.json.code).toBe('OUT_OF_STOCK');
  });
});
