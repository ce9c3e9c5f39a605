import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_CARD } from '../commerce/helpers.js';
import { startSmtp, type TestSmtp } from '../forms/smtp.js';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, emailOf, itemId, mailsOf, offline, ordersShop, paid, placeOrder, type OrdersShop } from './helpers.js';

describe.each(DIALECTS)('the mails of orders on %s', (dialect) => {
  let smtp: TestSmtp;
  let shop: OrdersShop;
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await ordersShop(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.stop();
  });
  const delivered = async (to: string, subject: RegExp) => {
    await shop.app.mail.deliverDue();
    const until = Date.now() + 5_000;
    for (;;) {
      const found = smtp.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
      if (found.length > 0 || Date.now() > until) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('mails the staff who ask for it about every new order, once, with a link to its page in the studio', async () => {
    const { order } = await placeOrder(shop.app, [['mug', 'MUG-12', 2]], offline({ email: 'buyer@example.com' }));
    const [mail] = await delivered(emailOf('admin'), new RegExp(`^New order #${order.orderNumber}: `));
    expect(mail!.subject).toBe(`New order #${order.orderNumber}: $${(order.grandTotalCents / 100).toFixed(2)}`);
    expect(mail!.text).toContain(`New order #${order.orderNumber} on Fixture Store from Ada Lovelace <buyer@example.com>.`);
    expect(mail!.text).toContain('2 x Blue Mug');
    expect(mail!.text).toContain('Payment: Payment pending (offline)');
    expect(mail!.text).toContain(`Open the order: http://store.test/config/orders/${order.id}`);
    expect(mail!.html).toContain(`href="http://store.test/config/orders/${order.id}"`);
    // The store manager did not ask for it; once asked, they get the next one.
    expect(smtp.messages.filter((m) => m.to.includes(emailOf('shop')))).toEqual([]);
    await shop.store.db.updateTable('owner_accounts').set({ notify_new_orders: 1 }).where('email', '=', emailOf('shop')).execute();
    const { order: paidOrder } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], paid({ email: 'payer@example.com' }));
    const [toShop] = await delivered(emailOf('shop'), new RegExp(`^New order #${paidOrder.orderNumber}: `));
    expect(toShop!.text).toContain('Payment: Paid');
    // Paid at once: still one mail per staff member for the order.
    const rows = (await mailsOf(shop.store, 'new-order')).filter((m) => m.subject.startsWith(`New order #${paidOrder.orderNumber}:`));
    expect(rows.map((m) => m.recipient).sort()).toEqual([emailOf('admin'), emailOf('shop')]);
    const timeline = (await shop.staff.admin.request('GET', `/api/owner/orders/${paidOrder.id}`)).json.order.timeline;
    expect(
      timeline
        .filter((e: { data: { kind?: string } }) => e.data.kind === 'new_order')
        .map((e: { data: { to: string } }) => e.data.to)
        .sort(),
    ).toEqual([emailOf('admin'), emailOf('shop')]);
    await shop.store.db.updateTable('owner_accounts').set({ notify_new_orders: 0 }).where('email', '=', emailOf('shop')).execute();
  });

  it('mails nobody about a declined payment; its timeline says declined', async () => {
    const v = new Visitor(shop.app);
    const declined = await v.checkout(
      paid({
        email: 'declined@example.com',
        expressCheckout: { itemId: itemId('mug'), sku: 'MUG-12' },
        payment: { provider: 'test', cardNumber: '4000 0000 0000 0002' },
      }),
    );
    expect(declined.status).toBe(402);
    const row = await shop.store.db.selectFrom('orders').select('id').where('customer_email', '=', 'declined@example.com').executeTakeFirstOrThrow();
    const detail = (await shop.staff.admin.request('GET', `/api/owner/orders/${row.id}`)).json;
    expect(detail.order.timeline.map((e: { type: string }) => e.type)).toEqual(['placed', 'payment_declined']);
    expect(detail.order).toMatchObject({ paymentStatus: 'DECLINED', fulfillmentStatus: 'CANCELED' });
    expect(detail.actions).toEqual({ markPaid: false, fulfill: false, cancel: false, refund: false });
    const newOrders = await mailsOf(shop.store, 'new-order');
    expect(newOrders.filter((m) => m.text_body.includes('declined@example.com'))).toEqual([]);
    expect(ACCEPTED_CARD).toBeTruthy();
  });

  it("delivers the shopper's shipped mail with the tracking link, and the canceled mail, to the real SMTP server", async () => {
    const { order } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], offline({ email: 'shopper@example.com' }));
    expect((await shop.staff.shop.request('POST', `/api/owner/orders/${order.id}/mark-paid`, {})).status).toBe(200);
    expect((await shop.staff.shop.request('POST', `/api/owner/orders/${order.id}/fulfill`, { carrier: 'USPS', trackingNumber: '9400 1000' })).status).toBe(200);
    const [shipped] = await delivered('shopper@example.com', /has shipped$/);
    expect(shipped!.subject).toBe(`Your order #${order.orderNumber} from Fixture Store has shipped`);
    expect(shipped!.text).toContain(`Your order #${order.orderNumber} is on its way.`);
    expect(shipped!.text).toContain('Carrier: USPS');
    expect(shipped!.text).toContain('Track it: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(shipped!.html).toContain('href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000"');

    const { order: other } = await placeOrder(shop.app, [['print', 'PRINT-1', 1]], offline({ email: 'changed-mind@example.com' }));
    expect((await shop.staff.admin.request('POST', `/api/owner/orders/${other.id}/cancel`, {})).status).toBe(200);
    const [canceled] = await delivered('changed-mind@example.com', /was canceled$/);
    expect(canceled!.text).toContain(`Your order #${other.orderNumber} at Fixture Store was canceled.`);
    expect(canceled!.text).toContain('http://store.test/commerce/order-status?token=');
  });
});
