import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineProvider, testProvider, type PaymentProvider } from '../../src/modules/commerce/payments.js';
import { setStock, stockOf } from '../commerce/helpers.js';
import { DIALECTS } from '../helpers/store.js';
import { ordersShop, paid, placeOrder, type OrdersShop } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The test provider, answering refunds slowly (a real provider takes its time): a double click lands while the first is under way. */
let refundCalls = 0;
let refusing = false;
const slowProvider: PaymentProvider = {
  ...testProvider,
  async refund(request) {
    refundCalls++;
    await sleep(40);
    if (refusing) throw new Error('the provider is down');
    return testProvider.refund!(request);
  },
};

const url = (id: string, action: string) => `/api/owner/orders/${id}/${action}`;

describe.each(DIALECTS)('two staff members acting on one order at once on %s', (dialect) => {
  let shop: OrdersShop;
  beforeAll(async () => {
    shop = await ordersShop(dialect, { commerce: { paymentProviders: [offlineProvider, slowProvider] } });
  });
  afterAll(async () => shop?.close());
  const db = () => shop.store.db;
  const orderRow = (id: string) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('marks an order paid once: one 200, one 409, one paid entry and one set of mails', async () => {
    for (let i = 0; i < 3; i++) {
      const { order } = await placeOrder(shop.app, [['guide', undefined, 1]]);
      const answers = await Promise.all([
        shop.staff.admin.request('POST', url(order.id, 'mark-paid'), {}),
        shop.staff.shop.request('POST', url(order.id, 'mark-paid'), {}),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.json.code).toBe('ORDER_NOT_PENDING');
      const paidEntries = await db().selectFrom('order_events').select('id').where('order_id', '=', order.id).where('type', '=', 'paid').execute();
      expect(paidEntries).toHaveLength(1);
      expect(await db().selectFrom('order_downloads').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    }
  });

  it('refunds once for two requests with the same Idempotency-Key (a double click)', async () => {
    const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 2]], paid({ email: 'double@example.com' }));
    const calls = refundCalls;
    const body = { lines: [{ lineId: order.lines[0].id, quantity: 1 }], restock: true };
    const stock = await stockOf(shop.store, 'PRINT-1');
    const answers = await Promise.all(
      [shop.staff.admin, shop.staff.admin].map((who) => who.request('POST', url(order.id, 'refund'), body, { 'idempotency-key': 'double-click-0001' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.json.refund.id).toBe(answers[1]!.json.refund.id);
    expect(answers.map((a) => a.json.refund.state)).toEqual(['succeeded', 'succeeded']);
    expect(refundCalls - calls).toBe(1);
    expect(await db().selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    expect((await orderRow(order.id)).refunded_cents).toBe(order.lines[0].unitPriceCents);
    expect(await stockOf(shop.store, 'PRINT-1')).toBe(stock + 1);
  });

  it('lets only one of two refunds that together exceed the payment through: the other is REFUND_TOO_LARGE', async () => {
    const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], paid({ email: 'twice@example.com' }));
    const most = order.amountDueCents - 100;
    const answers = await Promise.all([
      shop.staff.admin.request('POST', url(order.id, 'refund'), { amountCents: most }, { 'idempotency-key': 'first-refund-0001' }),
      shop.staff.shop.request('POST', url(order.id, 'refund'), { amountCents: most }, { 'idempotency-key': 'other-refund-0001' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.json.code).toBe('REFUND_TOO_LARGE');
    expect((await orderRow(order.id)).refunded_cents).toBe(most);
    expect(await db().selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  it('lets one of a fulfilment and a cancellation racing for a paid order win, and only one', async () => {
    await setStock(shop.store, 'PRINT-1', 50);
    for (let i = 0; i < 4; i++) {
      const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], paid({ email: 'race@example.com' }));
      const racers = [
        () => shop.staff.admin.request('POST', url(order.id, 'fulfill'), { carrier: 'DHL', trackingNumber: `JD${i}` }),
        () => shop.staff.shop.request('POST', url(order.id, 'cancel'), {}),
      ];
      const [fulfil, cancel] = i % 2 === 0 ? await Promise.all([racers[0]!(), racers[1]!()]) : (await Promise.all([racers[1]!(), racers[0]!()])).reverse();
      expect([fulfil!.status, cancel!.status].sort(), `round ${i}`).toEqual([200, 409]);
      const row = await orderRow(order.id);
      const fulfilments = await db().selectFrom('order_fulfillments').select('id').where('order_id', '=', order.id).execute();
      if (fulfil!.status === 200) {
        expect(cancel!.json.code).toBe('ORDER_NOT_CANCELABLE');
        expect(row).toMatchObject({ fulfillment_status: 'FULFILLED', refunded_cents: 0, canceled_on: null });
        expect(fulfilments).toHaveLength(1);
      } else {
        expect(fulfil!.json.code).toBe('ORDER_CHANGED');
        expect(row).toMatchObject({ fulfillment_status: 'CANCELED', refunded_cents: order.amountDueCents });
        expect(fulfilments).toHaveLength(0);
      }
    }
  });

  it('leaves nothing half done when the provider refuses a refund or a cancellation; the same key may try again', async () => {
    const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 2]], paid({ email: 'down@example.com' }));
    const stock = await stockOf(shop.store, 'PRINT-1');
    refusing = true;
    try {
      const failed = await shop.staff.admin.request(
        'POST',
        url(order.id, 'refund'),
        { lines: [{ lineId: order.lines[0].id, quantity: 1 }], restock: true },
        { 'idempotency-key': 'provider-down-01' },
      );
      expect(failed.status).toBe(502);
      expect(failed.json).toEqual({ code: 'PAYMENT_FAILED', error: 'The payment could not be processed. Please try again.' });
      const canceled = await shop.staff.admin.request('POST', url(order.id, 'cancel'), {});
      expect(canceled.status).toBe(502);
      expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 0, fulfillment_status: 'PENDING', canceled_on: null, payment_status: 'paid' });
      expect(await db().selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
      expect(
        (await db().selectFrom('order_lines').select('refunded_quantity').where('order_id', '=', order.id).execute()).map((l) => l.refunded_quantity),
      ).toEqual([0]);
      expect(await stockOf(shop.store, 'PRINT-1')).toBe(stock);
    } finally {
      refusing = false;
    }
    const retried = await shop.staff.admin.request(
      'POST',
      url(order.id, 'refund'),
      { lines: [{ lineId: order.lines[0].id, quantity: 1 }] },
      { 'idempotency-key': 'provider-down-01' },
    );
    expect(retried.status).toBe(200);
    expect(retried.json.order.refundedCents).toBe(order.lines[0].unitPriceCents);
  });
});
