import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { setStock, stockOf } from '../commerce/helpers.js';
import {
  Visitor,
  WEBSITE_ID,
  buyGiftCard,
  emailOf,
  expectOnlyManagers,
  giftCardBalance,
  mailsOf,
  offline,
  ordersShop,
  paid,
  placeOrder,
  signIn,
  type OrdersShop,
} from './helpers.js';

const HOUR = 3_600_000;
const url = (id: string, action = '') => `/api/owner/orders/${id}${action ? `/${action}` : ''}`;

describe.each(DIALECTS)("the owner's order actions on %s", (dialect) => {
  let shop: OrdersShop;
  beforeAll(async () => {
    shop = await ordersShop(dialect);
  });
  afterAll(async () => shop?.close());
  const admin = () => shop.staff.admin;
  const db = () => shop.store.db;
  const refund = (id: string, body: object, key: string, who = admin()) => who.request('POST', url(id, 'refund'), body, { 'idempotency-key': key });

  it('shows an order with its lines, buyer, member, payment, timeline and the actions its state allows; 404 for none', async () => {
    const member = new Visitor(shop.app);
    expect((await member.request('POST', '/api/site-users/account', { email: 'member@example.com', password: 'correct horse' })).status).toBe(201);
    await member.add('mug', 'MUG-12', 1);
    await member.add('pass', undefined, 1);
    const placed = await member.checkout(offline({ email: 'member@example.com' }));
    const id = placed.json.order.id;
    const res = await admin().request('GET', url(id));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { order, actions } = res.json;
    expect(order).toMatchObject({
      id,
      orderNumber: placed.json.order.orderNumber,
      customerEmail: 'member@example.com',
      customerName: 'Ada Lovelace',
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'PENDING',
      paymentProvider: 'offline',
      paymentReference: null,
      paidOn: null,
      canceledOn: null,
      refundedCents: 0,
      refundableCents: 0,
      shippingOption: { id: 'standard', name: 'Standard' },
      fulfillments: [],
      refunds: [],
      member: { email: 'member@example.com' },
    });
    expect(order.grandTotalMoney.currencyCode).toBe('USD');
    expect(order.lines.map((l: { title: string; fulfilledQuantity: number; refundedQuantity: number }) => [l.fulfilledQuantity, l.refundedQuantity])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(order.timeline.map((e: { type: string; actor: { kind: string }; data: { kind?: string } }) => [e.type, e.actor.kind, e.data.kind ?? null])).toEqual([
      ['placed', 'customer', null],
      ['mail', 'system', 'receipt'],
      ['mail', 'system', 'new_order'],
    ]);
    expect(order.timeline[0].actor).toEqual({ kind: 'customer', email: 'member@example.com' });
    expect(actions).toEqual({ markPaid: true, fulfill: false, cancel: true, refund: false });
    for (const role of ['shop', 'reporting', 'billing'] as const) expect((await shop.staff[role].request('GET', url(id))).status).toBe(200);
    expect((await shop.staff.editor.request('GET', url(id))).status).toBe(403);
    expect((await new Visitor(shop.app).request('GET', url(id))).status).toBe(401);
    const none = await admin().request('GET', url('0'.repeat(24)));
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ code: 'NOT_FOUND', error: 'Not found.' });
  });

  it('marks a pending order paid: downloads issued, the membership opened, the mails sent, the timeline says who; once', async () => {
    const member = new Visitor(shop.app);
    expect((await member.request('POST', '/api/site-users/account', { email: 'joiner@example.com', password: 'correct horse' })).status).toBe(201);
    await member.add('guide', undefined, 1);
    await member.add('pass', undefined, 1);
    const id = (await member.checkout(offline({ email: 'joiner@example.com' }))).json.order.id;
    await expectOnlyManagers(shop, url(id, 'mark-paid'), { reference: 'x' });
    shop.clock.advance(HOUR);
    const res = await shop.staff.shop.request('POST', url(id, 'mark-paid'), { reference: 'transfer 42' });
    expect(res.status).toBe(200);
    expect(res.json.order).toMatchObject({ paymentStatus: 'PAID', paymentReference: 'transfer 42', paidOn: shop.clock.now, fulfillmentStatus: 'FULFILLED' });
    // Only delivered at once (a download, a membership): fulfilled as it is paid, nothing left to cancel.
    expect(res.json.actions).toEqual({ markPaid: false, fulfill: false, cancel: false, refund: true });
    expect(res.json.order.timeline.at(-1)).toMatchObject({
      type: 'paid',
      actor: { kind: 'staff', email: emailOf('shop') },
      data: { reference: 'transfer 42' },
    });
    const download = res.json.order.lines[0].download;
    expect((await member.request('GET', download.url)).status).toBe(200);
    const memberId = (await db().selectFrom('site_users').select('id').where('email', '=', 'joiner@example.com').executeTakeFirstOrThrow()).id;
    expect(await db().selectFrom('member_grants').select('area').where('site_user_id', '=', memberId).execute()).toHaveLength(1);
    expect((await mailsOf(shop.store, 'digital-download')).filter((m) => m.recipient === 'joiner@example.com')).toHaveLength(1);
    const again = await admin().request('POST', url(id, 'mark-paid'), {});
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: 'ORDER_NOT_PENDING', error: 'This order is not awaiting payment: it was paid or canceled already.' });
    expect((await admin().request('POST', url('0'.repeat(24), 'mark-paid'))).status).toBe(404);
    expect((await admin().request('POST', url(id, 'mark-paid'), { reference: '' })).json.errors).toEqual({
      reference: 'Enter a payment reference of 1 to 200 characters.',
    });
  });

  it('fulfils some items then the rest, with carrier and tracking; mails the customer the tracking link; refuses what is not left', async () => {
    await setStock(shop.store, 'MUG-12', 20);
    const { order } = await placeOrder(
      shop.app,
      [
        ['mug', 'MUG-12', 2],
        ['print', 'PRINT-1', 1],
        ['guide', undefined, 1],
      ],
      paid({ email: 'ship@example.com' }),
    );
    const [mug, print, guide] = order.lines;
    await expectOnlyManagers(shop, url(order.id, 'fulfill'), {});
    const tooMany = await admin().request('POST', url(order.id, 'fulfill'), { lines: [{ lineId: mug.id, quantity: 3 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toEqual({
      code: 'FULFILL_QUANTITY_INVALID',
      error: 'Choose a quantity of each item between 1 and what is left to fulfil.',
      errors: { 'lines.0.quantity': 'Enter a quantity from 1 to 2.' },
    });
    expect(
      (
        await admin().request('POST', url(order.id, 'fulfill'), {
          lines: [
            { lineId: guide.id, quantity: 1 },
            { lineId: 'nope', quantity: 1 },
          ],
        })
      ).json.errors,
    ).toEqual({
      'lines.0.quantity': 'This item has nothing left to fulfil.',
      'lines.1.lineId': 'Choose each item of this order once.',
    });
    expect((await admin().request('POST', url(order.id, 'fulfill'), { lines: [{ lineId: mug.id, quantity: 0 }] })).json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'lines.0.quantity': 'Enter a whole number of at least 1.' },
    });
    expect((await admin().request('POST', url(order.id, 'fulfill'), { trackingUrl: 'javascript:alert(1)' })).json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { trackingUrl: 'Enter a web address starting with https:// or http://.' },
    });

    const first = await shop.staff.shop.request('POST', url(order.id, 'fulfill'), {
      lines: [{ lineId: mug.id, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z 999',
    });
    expect(first.status).toBe(200);
    expect(first.json.order.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(first.json.order.fulfillments).toEqual([
      {
        id: expect.any(String),
        created: shop.clock.now,
        carrier: 'UPS',
        trackingNumber: '1Z 999',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
        lines: [{ lineId: mug.id, quantity: 1 }],
        by: emailOf('shop'),
      },
    ]);
    expect(first.json.order.lines.map((l: { fulfilledQuantity: number }) => l.fulfilledQuantity)).toEqual([1, 0, 0]);
    expect(first.json.actions).toMatchObject({ fulfill: true, cancel: false, refund: true });
    const shipped = (await mailsOf(shop.store, 'order-shipped')).filter((m) => m.recipient === 'ship@example.com');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.subject).toBe(`Your order #${order.orderNumber} from Fixture Store has shipped`);
    expect(shipped[0]!.text_body).toContain('Part of your order');
    expect(shipped[0]!.text_body).toContain('Track it: https://www.ups.com/track?tracknum=1Z%20999');
    expect(shipped[0]!.text_body).toContain('http://store.test/commerce/order-status?token=');

    const rest = await admin().request('POST', url(order.id, 'fulfill'), { carrier: 'Acme Freight', trackingUrl: 'https://acme.example/t/7', notify: false });
    expect(rest.json.order.fulfillmentStatus).toBe('FULFILLED');
    expect(rest.json.order.fulfillments[1]).toMatchObject({
      carrier: 'Acme Freight',
      trackingUrl: 'https://acme.example/t/7',
      lines: [
        { lineId: mug.id, quantity: 1 },
        { lineId: print.id, quantity: 1 },
      ],
    });
    expect((await mailsOf(shop.store, 'order-shipped')).filter((m) => m.recipient === 'ship@example.com')).toHaveLength(1);
    const done = await admin().request('POST', url(order.id, 'fulfill'), {});
    expect(done.status).toBe(409);
    expect(done.json).toEqual({ code: 'ORDER_ALREADY_FULFILLED', error: 'These items were fulfilled already.' });
    const types = rest.json.order.timeline.map((e: { type: string; data: { kind?: string } }) => (e.type === 'mail' ? `mail:${e.data.kind}` : e.type));
    expect(types).toEqual(['placed', 'paid', 'mail:receipt', 'mail:new_order', 'fulfilled', 'mail:shipped', 'fulfilled']);

    const pending = (await placeOrder(shop.app, [['mug', 'MUG-12', 1]])).order.id;
    const unpaid = await admin().request('POST', url(pending, 'fulfill'), {});
    expect(unpaid.json).toEqual({ code: 'ORDER_NOT_PAID', error: 'This order is not paid: only a paid order can be fulfilled or refunded.' });
  });

  it('cancels a pending order: stock and gift card balance back, the customer mailed; not twice', async () => {
    await setStock(shop.store, 'PRINT-1', 5);
    const code = await buyGiftCard(shop.app, 'GIFT-25');
    const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 2]], offline({ email: 'cancel@example.com', giftCardCode: code }));
    expect(await stockOf(shop.store, 'PRINT-1')).toBe(3);
    expect(await giftCardBalance(shop.store, code)).toBe(0);
    await expectOnlyManagers(shop, url(order.id, 'cancel'), {});
    const res = await shop.staff.shop.request('POST', url(order.id, 'cancel'));
    expect(res.status).toBe(200);
    expect(res.json.order).toMatchObject({ paymentStatus: 'CANCELED', fulfillmentStatus: 'CANCELED', canceledOn: shop.clock.now });
    expect(res.json.actions).toEqual({ markPaid: false, fulfill: false, cancel: false, refund: false });
    expect(await stockOf(shop.store, 'PRINT-1')).toBe(5);
    expect(await giftCardBalance(shop.store, code)).toBe(2500);
    expect(res.json.order.timeline.slice(-2).map((e: { type: string; actor: object; data: object }) => [e.type, e.actor, e.data])).toEqual([
      ['canceled', { kind: 'staff', email: emailOf('shop') }, { reason: 'staff' }],
      ['mail', { kind: 'staff', email: emailOf('shop') }, { kind: 'canceled', to: 'cancel@example.com' }],
    ]);
    const [mail] = (await mailsOf(shop.store, 'order-canceled')).filter((m) => m.recipient === 'cancel@example.com');
    expect(mail!.subject).toBe(`Your order #${order.orderNumber} from Fixture Store was canceled`);
    expect(mail!.text_body).toContain('The $25.00 paid with a gift card is back on the card.');
    expect(mail!.text_body).not.toContain('We refunded');
    const again = await admin().request('POST', url(order.id, 'cancel'), {});
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: 'ORDER_NOT_CANCELABLE',
      error: 'This order can no longer be canceled: it was fulfilled, refunded or canceled already.',
    });
    expect(await stockOf(shop.store, 'PRINT-1')).toBe(5);
  });

  it('cancels a paid order before it left: the payment refunded through its provider, stock and gift card back, links ended', async () => {
    await setStock(shop.store, 'PRINT-1', 5);
    const code = await buyGiftCard(shop.app, 'GIFT-25');
    const { order, visitor } = await placeOrder(
      shop.app,
      [
        ['print', 'PRINT-1', 2],
        ['guide', undefined, 1],
      ],
      paid({ email: 'refundme@example.com', giftCardCode: code }),
    );
    expect(order.paymentStatus).toBe('PAID');
    const download = order.lines[1].download.url;
    const res = await admin().request('POST', url(order.id, 'cancel'), {});
    expect(res.status).toBe(200);
    const after = res.json.order;
    expect(after).toMatchObject({
      paymentStatus: 'REFUNDED',
      fulfillmentStatus: 'CANCELED',
      canceledOn: shop.clock.now,
      refundedCents: order.amountDueCents,
      refundableCents: 0,
    });
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amountCents: order.amountDueCents,
        provider: 'test',
        providerReference: `test_refund_${after.refunds[0].id}`,
        state: 'succeeded',
        reason: 'canceled',
        by: emailOf('admin'),
      }),
    ]);
    expect(await stockOf(shop.store, 'PRINT-1')).toBe(5);
    expect(await giftCardBalance(shop.store, code)).toBe(2500);
    expect((await visitor.request('GET', download)).status).toBe(410);
    const [mail] = (await mailsOf(shop.store, 'order-canceled')).filter((m) => m.recipient === 'refundme@example.com');
    expect(mail!.text_body).toContain(`We refunded $${(order.amountDueCents / 100).toFixed(2)} to your payment method.`);
    // Fulfilled: too late to cancel.
    const { order: shipped } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], paid({ email: 'late@example.com' }));
    await admin().request('POST', url(shipped.id, 'fulfill'), {});
    expect((await admin().request('POST', url(shipped.id, 'cancel'), { notify: false })).json.code).toBe('ORDER_NOT_CANCELABLE');
    // notify: false sends no mail.
    const { order: quiet } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], paid({ email: 'quiet@example.com' }));
    expect((await admin().request('POST', url(quiet.id, 'cancel'), { notify: false })).status).toBe(200);
    expect((await mailsOf(shop.store, 'order-canceled')).filter((m) => m.recipient === 'quiet@example.com')).toEqual([]);
  });

  it('refunds by items (with restock) or by amount through the provider, never more than was paid, once per Idempotency-Key', async () => {
    await setStock(shop.store, 'MUG-12', 10);
    const { order } = await placeOrder(
      shop.app,
      [
        ['mug', 'MUG-12', 2],
        ['print', 'PRINT-1', 1],
      ],
      paid({ email: 'partial@example.com' }),
    );
    const [mug] = order.lines;
    expect(await stockOf(shop.store, 'MUG-12')).toBe(8);
    await expectOnlyManagers(shop, url(order.id, 'refund'), { amountCents: 100 }, { 'idempotency-key': 'roles-refund-key' });

    const noKey = await admin().request('POST', url(order.id, 'refund'), { amountCents: 100 });
    expect(noKey.status).toBe(400);
    expect(noKey.json).toEqual({ code: 'IDEMPOTENCY_KEY_REQUIRED', error: 'A refund needs an Idempotency-Key header of 8 to 200 characters.' });
    expect((await refund(order.id, { amountCents: 100 }, 'short')).json.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await refund(order.id, {}, 'refund-nothing')).json).toEqual({ code: 'REFUND_INVALID', error: 'Choose the items or the amount to refund.' });
    const bodiless = await admin().request('POST', url(order.id, 'refund'), undefined, { 'idempotency-key': 'refund-no-body' });
    expect(bodiless.json).toEqual({ code: 'REFUND_INVALID', error: 'Choose the items or the amount to refund.' });
    expect((await refund(order.id, { lines: [{ lineId: mug.id, quantity: 3 }] }, 'refund-too-many')).json).toEqual({
      code: 'REFUND_INVALID',
      error: 'Choose the items or the amount to refund.',
      errors: { 'lines.0.quantity': 'Enter a quantity from 1 to 2.' },
    });
    expect((await refund(order.id, { amountCents: 0 }, 'refund-zero')).json.errors).toEqual({ amountCents: 'Enter an amount in minor units of at least 1.' });
    const tooLarge = await refund(order.id, { amountCents: order.amountDueCents + 1 }, 'refund-too-large');
    expect(tooLarge.status).toBe(409);
    expect(tooLarge.json).toEqual({ code: 'REFUND_TOO_LARGE', error: 'A refund cannot be more than what is left of the payment.' });

    const first = await refund(order.id, { lines: [{ lineId: mug.id, quantity: 1 }], reason: 'chipped', restock: true }, 'refund-mug-0001', shop.staff.shop);
    expect(first.status).toBe(200);
    expect(first.json.refund).toEqual({
      id: expect.any(String),
      created: shop.clock.now,
      amountCents: mug.unitPriceCents,
      amountMoney: expect.objectContaining({ currencyCode: 'USD' }),
      lines: [{ lineId: mug.id, quantity: 1 }],
      reason: 'chipped',
      provider: 'test',
      providerReference: `test_refund_${first.json.refund.id}`,
      state: 'succeeded',
      by: emailOf('shop'),
    });
    expect(first.json.order).toMatchObject({
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundedCents: mug.unitPriceCents,
      refundableCents: order.amountDueCents - mug.unitPriceCents,
    });
    expect(first.json.order.lines[0].refundedQuantity).toBe(1);
    expect(first.json.order.timeline.at(-1)).toMatchObject({
      type: 'refunded',
      actor: { kind: 'staff', email: emailOf('shop') },
      data: { amountCents: mug.unitPriceCents, lines: [{ lineId: mug.id, quantity: 1 }], restocked: true },
    });
    expect(await stockOf(shop.store, 'MUG-12')).toBe(9);
    // The same key again: the first refund, nothing more refunded or restocked.
    const replay = await refund(order.id, { lines: [{ lineId: mug.id, quantity: 1 }], restock: true }, 'refund-mug-0001');
    expect(replay.status).toBe(200);
    expect(replay.json.refund.id).toBe(first.json.refund.id);
    expect(replay.json.order.refundedCents).toBe(mug.unitPriceCents);
    expect(await stockOf(shop.store, 'MUG-12')).toBe(9);

    const rest = await refund(order.id, { amountCents: first.json.order.refundableCents }, 'refund-rest-0001');
    expect(rest.json.order).toMatchObject({ paymentStatus: 'REFUNDED', refundableCents: 0 });
    expect(rest.json.actions.refund).toBe(false);
    expect((await refund(order.id, { amountCents: 1 }, 'refund-more-0001')).json.code).toBe('REFUND_TOO_LARGE');
    const rows = await db().selectFrom('order_refunds').select('amount_cents').where('order_id', '=', order.id).execute();
    expect(rows.reduce((n, r) => n + r.amount_cents, 0)).toBe(order.amountDueCents);
    // A refund after a restock and a cancellation would give nothing back twice: the order can no longer be canceled.
    expect((await admin().request('POST', url(order.id, 'cancel'), {})).json.code).toBe('ORDER_NOT_CANCELABLE');

    const pending = (await placeOrder(shop.app, [['mug', 'MUG-12', 1]])).order;
    expect((await refund(pending.id, { amountCents: 100 }, 'refund-pending')).json.code).toBe('ORDER_NOT_PAID');
    // Offline: recorded without a provider call, no reference.
    await admin().request('POST', url(pending.id, 'mark-paid'), {});
    const recorded = await refund(pending.id, { amountCents: 100 }, 'refund-offline');
    expect(recorded.json.refund).toMatchObject({ provider: 'offline', providerReference: null, state: 'succeeded', amountCents: 100 });
  });

  it('gives back only the pieces a refund did not restock when the order is canceled later', async () => {
    await setStock(shop.store, 'MUG-12', 10);
    const { order } = await placeOrder(shop.app, [['mug', 'MUG-12', 3]], paid({ email: 'restock@example.com' }));
    expect(await stockOf(shop.store, 'MUG-12')).toBe(7);
    await refund(order.id, { lines: [{ lineId: order.lines[0].id, quantity: 1 }], restock: true }, 'restock-then-cancel');
    expect(await stockOf(shop.store, 'MUG-12')).toBe(8);
    expect((await admin().request('POST', url(order.id, 'cancel'), {})).status).toBe(200);
    expect(await stockOf(shop.store, 'MUG-12')).toBe(10);
  });

  it('keeps staff notes on the timeline, checked for length', async () => {
    const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]]);
    await expectOnlyManagers(shop, url(order.id, 'notes'), { text: 'hi' });
    const res = await shop.staff.shop.request('POST', url(order.id, 'notes'), { text: '  Called the customer: pays on Friday.  ' });
    expect(res.status).toBe(200);
    expect(res.json.order.timeline.at(-1)).toMatchObject({
      type: 'note',
      actor: { kind: 'staff', email: emailOf('shop') },
      data: { text: 'Called the customer: pays on Friday.' },
    });
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const bad = await admin().request('POST', url(order.id, 'notes'), { text });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { text: 'Enter a note of 1 to 2000 characters.' } });
    }
    expect((await admin().request('POST', url(order.id, 'notes'), {})).json.errors).toEqual({ text: 'Enter a note of 1 to 2000 characters.' });
    expect((await admin().request('POST', url(order.id, 'notes'))).json.errors).toEqual({ text: 'Enter a note of 1 to 2000 characters.' });
    expect((await admin().request('POST', url('0'.repeat(24), 'notes'), { text: 'x' })).status).toBe(404);
    // The customer's pages never show it.
    const status = await new Visitor(shop.app).page(order.orderStatusUrl);
    expect(JSON.stringify(status.json)).not.toContain('pays on Friday');
    expect(WEBSITE_ID).toBeTruthy();
  });

  // Last: the clock moves past the hold (and past the staff's sessions).
  it('refuses to mark paid an order whose hold passed; the job cancels it, as the system', async () => {
    const late = (await placeOrder(shop.app, [['print', 'PRINT-1', 1]])).order.id;
    shop.clock.advance(72 * HOUR);
    const owner = await signIn(shop.app, 'admin');
    const expired = await owner.request('POST', url(late, 'mark-paid'));
    expect(expired.status).toBe(409);
    expect(expired.json.code).toBe('ORDER_HOLD_EXPIRED');
    await shop.app.orders.expireHolds();
    const timeline = (await owner.request('GET', url(late))).json.order.timeline;
    expect(timeline.at(-1)).toMatchObject({ type: 'canceled', actor: { kind: 'system' }, data: { reason: 'hold_expired' } });
  });
});
