// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderActions, OrderAnswer, OrderDetail } from '../../src/pages/order/calls.js';
import OrderPage, { type OrderContext } from '../../src/pages/order/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const PATH = '/api/owner/orders/ord-1';
const MANAGER = ['openConfig', 'viewOrders', 'manageOrders', 'viewCustomers'];
const READER = ['openConfig', 'viewOrders', 'viewAnalytics'];
const contextFor = (permissions: string[]): OrderContext => ({
  page: 'order',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'shop@shop.test',
  permissions,
  orderId: 'ord-1',
  timeZone: 'America/New_York',
  currency: 'USD',
});
const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currencyCode: 'USD' });
const T = Date.parse('2026-11-26T02:30:00Z'); // Nov 25, 9:30 PM in New York

function order(extra: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 'ord-1',
    orderNumber: 1042,
    kind: 'order',
    customerEmail: 'ada@example.com',
    customerName: 'Ada Lovelace',
    created: T,
    currency: 'USD',
    paymentStatus: 'PAID',
    fulfillmentStatus: 'PENDING',
    holdExpiresOn: null,
    lines: [
      {
        id: 'l1',
        itemId: 'item-mug',
        title: 'Blue Mug',
        productType: 1,
        quantity: 2,
        chosenVariant: { sku: 'MUG-BLUE-12', attributes: { Size: '12 oz' } },
        additionalFields: '{"Engraving":"For Ada"}',
        unitPriceCents: 1500,
        subTotalCents: 3000,
        giftCards: [],
        download: null,
        fulfilledQuantity: 0,
        refundedQuantity: 0,
      },
      {
        id: 'l2',
        itemId: 'item-gift',
        title: 'Gift Card',
        productType: 4,
        quantity: 1,
        chosenVariant: { sku: null, attributes: {} },
        additionalFields: null,
        unitPriceCents: 1000,
        subTotalCents: 1000,
        giftCards: [{ code: 'ABCD-EFGH-IJKL', amountCents: 1000 }],
        download: null,
        fulfilledQuantity: 0,
        refundedQuantity: 0,
      },
      {
        id: 'l3',
        itemId: 'item-guide',
        title: 'Field Guide (PDF)',
        productType: 2,
        quantity: 1,
        chosenVariant: { sku: 'GUIDE', attributes: {} },
        additionalFields: null,
        unitPriceCents: 500,
        subTotalCents: 500,
        giftCards: [],
        download: { url: '/api/commerce/downloads/d1?token=sig', expiresOn: T + 86_400_000 },
        fulfilledQuantity: 0,
        refundedQuantity: 0,
      },
    ],
    subtotalCents: 4500,
    discountCents: 500,
    shippingCostCents: 700,
    taxCents: 300,
    giftCardCents: 0,
    grandTotalCents: 5000,
    amountDueCents: 5000,
    grandTotalMoney: money(5000),
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
    shippingOption: { id: 'std', name: 'Standard', priceCents: 700 },
    coupons: ['SAVE5'],
    subscriptions: [],
    orderStatusUrl: '/commerce/order-status?token=t',
    paymentProvider: 'test',
    paymentReference: 'pi_123',
    paidOn: T + 60_000,
    canceledOn: null,
    refundedCents: 0,
    refundableCents: 5000,
    fulfillments: [],
    refunds: [],
    timeline: [
      { id: 'e1', type: 'placed', created: T, actor: { kind: 'customer', email: 'ada@example.com' }, data: {} },
      { id: 'e3', type: 'note', created: T + 120_000, actor: { kind: 'staff', email: 'owner@shop.test' }, data: { text: 'Gift wrap it' } },
      { id: 'e2', type: 'paid', created: T + 60_000, actor: { kind: 'system' }, data: {} },
    ],
    member: null,
    ...extra,
  };
}
const ALL: OrderActions = { markPaid: false, fulfill: true, cancel: true, refund: true };
const answer = (o: Partial<OrderDetail> = {}, actions: Partial<OrderActions> = {}): OrderAnswer => ({ order: order(o), actions: { ...ALL, ...actions } });
const ok = (a: OrderAnswer) => () => json(200, a);

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
async function show(server: ReturnType<typeof fakeServer>, permissions = MANAGER) {
  document.cookie = 'crumb=crumb-7';
  render(<OrderPage context={contextFor(permissions)} api={createApi({ fetch: server.fetch })} />);
  await settle();
}
const actionButtons = () =>
  screen.queryByRole('group', { name: 'Order actions' })
    ? within(screen.getByRole('group', { name: 'Order actions' }))
        .getAllByRole('button')
        .map((b) => b.textContent)
    : [];
const dialog = () => screen.getByRole('dialog');
/** An answer held back until released: the page is mid-call meanwhile. */
function held(response: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const handler = async () => {
    await gate;
    return response();
  };
  return { handler, release: () => release() };
}

describe("the owner's order page", () => {
  it('shows the items with their variant, SKU, fields, gift card codes and download links, the totals, the customer, shipping, payment and the timeline newest first', async () => {
    await show(fakeServer().once(PATH, ok(answer())));
    expect(screen.getByRole('heading', { level: 2, name: 'Order #1042' })).toBeDefined();
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('Blue Mug')).toBeDefined();
    expect(items.getByText('Size: 12 oz')).toBeDefined();
    expect(items.getByText('SKU MUG-BLUE-12')).toBeDefined();
    expect(items.getByText('Engraving')).toBeDefined();
    expect(items.getByText('For Ada')).toBeDefined();
    expect(items.getByText('2 × $15.00')).toBeDefined();
    expect(items.getByText('ABCD-EFGH-IJKL')).toBeDefined();
    expect(items.getByRole('link', { name: 'Download link' }).getAttribute('href')).toBe('/api/commerce/downloads/d1?token=sig');
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Discount (SAVE5)')).toBeDefined();
    expect(totals.getByText('−$5.00')).toBeDefined();
    expect(totals.getByText('$50.00')).toBeDefined();
    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText('Ada Lovelace')).toBeDefined();
    expect(customer.getByRole('link', { name: 'View customer' }).getAttribute('href')).toBe('/config/customers/ada%40example.com');
    expect(within(screen.getByRole('region', { name: 'Shipping' })).getByText('Standard · $7.00')).toBeDefined();
    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Test payments')).toBeDefined();
    expect(payment.getByText('pi_123')).toBeDefined();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((li) => li.querySelector('.timeline-what')!.textContent)).toEqual(['Note', 'Payment received', 'Order placed']);
    expect(timeline[0]!.textContent).toContain('Gift wrap it');
    expect(timeline[0]!.textContent).toMatch(/by owner@shop\.test · Nov 25, 2026, 9:32\sPM/);
    expect(timeline[2]!.textContent).toContain('by the customer (ada@example.com)');
    expect(document.title).toBe('Order #1042 · Tessera Supply Co.');
  });

  it('offers the actions the order allows to an account that manages orders, and none to one that only reads them', async () => {
    await show(
      fakeServer().once(
        PATH,
        ok(answer({ paymentStatus: 'PENDING', paymentProvider: 'offline' }, { markPaid: true, fulfill: false, refund: false, cancel: true })),
      ),
    );
    expect(actionButtons()).toEqual(['Mark as paid', 'Cancel order']);
    expect(screen.getByLabelText('Add a note')).toBeDefined();
    cleanup();
    await show(fakeServer().once(PATH, ok(answer())), READER);
    expect(actionButtons()).toEqual([]);
    expect(screen.queryByLabelText('Add a note')).toBeNull();
    // Without viewCustomers the customer's page would not open: no link to it.
    expect(screen.queryByRole('link', { name: 'View customer' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Items' })).toBeDefined();
  });

  it('asks before marking an order paid, sends once however often the button is pressed, and says how it ended', async () => {
    const pending = answer(
      { paymentStatus: 'PENDING', paymentProvider: 'offline', paidOn: null, paymentReference: null },
      { markPaid: true, fulfill: false, refund: false },
    );
    const paid = held(ok(answer({ paymentProvider: 'offline', paymentReference: 'bank 77' }, { markPaid: false })));
    const server = fakeServer().once(PATH, ok(pending)).once(`${PATH}/mark-paid`, paid.handler);
    await show(server);
    const opener = screen.getByRole('button', { name: 'Mark as paid' });
    opener.focus();
    fireEvent.click(opener);
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(dialog()).getByRole('heading', { name: 'Mark order #1042 as paid?' })).toBeDefined();
    // Asking is not doing.
    expect(server.to(`${PATH}/mark-paid`)).toHaveLength(0);
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('Payment reference (optional)'));
    fireEvent.change(within(dialog()).getByLabelText('Payment reference (optional)'), { target: { value: ' bank 77 ' } });
    const confirm = within(dialog()).getByRole('button', { name: 'Mark as paid' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await settle();
    expect(within(dialog()).getByRole('button', { name: 'Marking as paid…' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Marking as paid…' }));
    paid.release();
    await settle();
    expect(server.to(`${PATH}/mark-paid`)).toHaveLength(1);
    expect(server.to(`${PATH}/mark-paid`)[0]!.body).toEqual({ reference: 'bank 77' });
    expect(server.to(`${PATH}/mark-paid`)[0]!.headers['x-csrf-token']).toBe('crumb-7');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Order #1042 is marked as paid.');
    expect(actionButtons()).toEqual(['Fulfil items', 'Refund', 'Cancel order']);
  });

  it('fulfils what is left of the shipped items by default, with the carrier and tracking, and emails the customer', async () => {
    const after = answer({ fulfillmentStatus: 'FULFILLED' }, { fulfill: false, cancel: false });
    const server = fakeServer()
      .once(PATH, ok(answer({ lines: order().lines.map((l) => (l.id === 'l1' ? { ...l, quantity: 3, fulfilledQuantity: 1 } : l)) })))
      .once(`${PATH}/fulfill`, ok(after));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Fulfil items' }));
    const d = within(dialog());
    // The gift card and the download were delivered with the payment: only the mug is shipped.
    expect((d.getByLabelText(/Blue Mug/) as HTMLInputElement).value).toBe('2');
    expect(d.queryByLabelText(/Gift Card/)).toBeNull();
    fireEvent.change(d.getByLabelText('Carrier'), { target: { value: 'UPS' } });
    fireEvent.change(d.getByLabelText('Tracking number'), { target: { value: '1Z999' } });
    fireEvent.change(d.getByLabelText('Tracking link'), { target: { value: 'ups.com/1Z999' } });
    fireEvent.click(d.getByRole('button', { name: 'Fulfil 2 items' }));
    expect(d.getByRole('alert').textContent).toBe('Enter the tracking link as a web address, starting with https://.');
    expect(server.to(`${PATH}/fulfill`)).toHaveLength(0);
    fireEvent.change(d.getByLabelText('Tracking link'), { target: { value: 'https://ups.com/1Z999' } });
    fireEvent.click(d.getByRole('button', { name: 'Fulfil 2 items' }));
    await settle();
    expect(server.to(`${PATH}/fulfill`)[0]!.body).toEqual({
      lines: [{ lineId: 'l1', quantity: 2 }],
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://ups.com/1Z999',
      notify: true,
    });
    expect(screen.getByRole('status').textContent).toBe('Fulfilled 2 items. The customer is emailed that they are on their way.');
  });

  it('says what canceling does before it happens, and cancels without an email when asked', async () => {
    const server = fakeServer()
      .once(PATH, ok(answer()))
      .once(
        `${PATH}/cancel`,
        ok(
          answer(
            { paymentStatus: 'REFUNDED', fulfillmentStatus: 'CANCELED', refundedCents: 5000, refundableCents: 0 },
            { cancel: false, fulfill: false, refund: false },
          ),
        ),
      );
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const d = within(dialog());
    expect(d.getByText('Its items go back in stock.')).toBeDefined();
    expect(d.getByText('Its coupons (SAVE5) can be used again.')).toBeDefined();
    expect(d.getByText(/is refunded in full through Test payments/).textContent).toBe('$50.00 is refunded in full through Test payments.');
    // Focus starts on the safe choice.
    expect(document.activeElement).toBe(d.getByRole('button', { name: 'Keep order' }));
    fireEvent.click(d.getByLabelText('Email the customer'));
    expect(d.getByText('The customer gets no email.')).toBeDefined();
    fireEvent.click(d.getByRole('button', { name: 'Cancel order' }));
    await settle();
    expect(server.to(`${PATH}/cancel`)[0]!.body).toEqual({ notify: false });
    expect(screen.getByRole('status').textContent).toBe('Order #1042 is canceled. $50.00 refunded.');
    expect(actionButtons()).toEqual([]);
  });

  it('refunds by items with one Idempotency-Key per opening, shows the amount and the most, and refuses more than is left', async () => {
    const refunded = held(ok(answer({ paymentStatus: 'PARTIALLY_REFUNDED', refundedCents: 1500, refundableCents: 3500 })));
    const server = fakeServer()
      .once(PATH, ok(answer({ refundableCents: 2000 })))
      .once(`${PATH}/refund`, refunded.handler);
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    let d = within(dialog());
    expect(d.getByText('At most $20.00 can be refunded.')).toBeDefined();
    fireEvent.change(d.getByLabelText(/Blue Mug/), { target: { value: '2' } });
    expect(d.getByText('$30.00')).toBeDefined();
    fireEvent.click(d.getByRole('button', { name: 'Refund $30.00' }));
    expect(d.getByRole('alert').textContent).toBe('At most $20.00 can be refunded.');
    expect(server.to(`${PATH}/refund`)).toHaveLength(0);
    fireEvent.change(d.getByLabelText(/Blue Mug/), { target: { value: '1' } });
    fireEvent.click(d.getByLabelText('Put the refunded items back in stock'));
    fireEvent.change(d.getByLabelText('Reason (optional, for staff)'), { target: { value: 'Chipped' } });
    const confirm = d.getByRole('button', { name: 'Refund $15.00' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    refunded.release();
    await settle();
    const sent = server.to(`${PATH}/refund`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ lines: [{ lineId: 'l1', quantity: 1 }], restock: true, reason: 'Chipped' });
    const firstKey = sent[0]!.headers['idempotency-key']!;
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByRole('status').textContent).toBe('Refunded $15.00.');
    // A new opening is a new refund: a new key.
    server.once(`${PATH}/refund`, ok(answer({ refundedCents: 2500, refundableCents: 2500 })));
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    d = within(dialog());
    fireEvent.click(d.getByLabelText('Amount'));
    fireEvent.change(d.getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(d.getByRole('button', { name: 'Refund $10.00' }));
    await settle();
    expect(server.to(`${PATH}/refund`)[1]!.body).toEqual({ amountCents: 1000 });
    expect(server.to(`${PATH}/refund`)[1]!.headers['idempotency-key']).not.toBe(firstKey);
  });

  it("keeps the refund dialog open with the server's message, and retries with the same key", async () => {
    const server = fakeServer()
      .once(PATH, ok(answer()))
      .once(`${PATH}/refund`, () => json(400, { error: 'Choose the items or the amount to refund.', code: 'REFUND_INVALID' }))
      .once(`${PATH}/refund`, () => 'network-error')
      .once(`${PATH}/refund`, ok(answer({ refundedCents: 700, refundableCents: 4300 })));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const d = within(dialog());
    fireEvent.click(d.getByLabelText('Amount'));
    fireEvent.change(d.getByLabelText('Amount (USD)'), { target: { value: '7.00' } });
    fireEvent.click(d.getByRole('button', { name: 'Refund $7.00' }));
    await settle();
    expect(d.getByRole('alert').textContent).toBe('Choose the items or the amount to refund.');
    fireEvent.click(d.getByRole('button', { name: 'Refund $7.00' }));
    await settle();
    expect(screen.getByRole('dialog')).toBeDefined();
    fireEvent.click(d.getByRole('button', { name: 'Refund $7.00' }));
    await settle();
    const keys = server.to(`${PATH}/refund`).map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(screen.getByRole('status').textContent).toBe('Refunded $7.00.');
  });

  it('says so and shows the order as it is now when someone else changed it at the same time', async () => {
    const server = fakeServer()
      .once(PATH, ok(answer()))
      .once(`${PATH}/cancel`, () =>
        json(409, { error: 'This order was changed by someone else at the same time. Reload it to see what changed.', code: 'ORDER_CHANGED' }),
      )
      .once(PATH, ok(answer({ fulfillmentStatus: 'FULFILLED' }, { cancel: false, fulfill: false })));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel order' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.to(PATH)).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(
      'Someone else changed this order at the same time, so nothing was done. It is shown as it is now: check it and try again.',
    );
    expect(screen.getAllByText('Fulfilled').length).toBeGreaterThan(0);
    expect(actionButtons()).toEqual(['Refund']);
  });

  it("shows another state's refusal in the server's words, and the order as it is now", async () => {
    const server = fakeServer()
      .once(PATH, ok(answer({ paymentStatus: 'PENDING' }, { markPaid: true })))
      .once(`${PATH}/mark-paid`, () =>
        json(409, { error: 'This order was held until its payment was due; it can no longer be paid.', code: 'ORDER_HOLD_EXPIRED' }),
      )
      .once(PATH, ok(answer({ paymentStatus: 'CANCELED', fulfillmentStatus: 'CANCELED' }, { markPaid: false, fulfill: false, cancel: false, refund: false })));
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mark as paid' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(
      'This order was held until its payment was due; it can no longer be paid. The order is shown as it is now.',
    );
    expect(actionButtons()).toEqual([]);
  });

  it('closes a dialog with Escape and gives focus back to the button that opened it', async () => {
    await show(fakeServer().once(PATH, ok(answer())));
    const opener = screen.getByRole('button', { name: 'Refund' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(within(dialog()).getByLabelText(/Blue Mug/), { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('adds a staff note to the timeline', async () => {
    const noted = order();
    const server = fakeServer()
      .once(PATH, ok(answer()))
      .once(
        `${PATH}/notes`,
        ok({
          order: {
            ...noted,
            timeline: [
              ...noted.timeline,
              { id: 'e9', type: 'note', created: T + 600_000, actor: { kind: 'staff', email: 'shop@shop.test' }, data: { text: 'Called Ada' } },
            ],
          },
          actions: ALL,
        }),
      );
    await show(server);
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write the note first.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Add a note'), { target: { value: 'Called Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await settle();
    expect(server.to(`${PATH}/notes`)[0]!.body).toEqual({ text: 'Called Ada' });
    expect(screen.getByRole('status').textContent).toBe('Note added.');
    expect((screen.getByLabelText('Add a note') as HTMLTextAreaElement).value).toBe('');
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem')[0]!.textContent).toContain('Called Ada');
  });

  it("names the subscription a renewal order bills, linked to the customer's page", async () => {
    const renewalOf = { subscriptionId: 'sub-1', title: 'Coffee Club', cycle: 3, customerUrl: '/config/customers/ada%40example.com' };
    await show(fakeServer().once(PATH, ok(answer({ kind: 'subscription', renewalOf }))));
    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText(/Renewal of/).textContent).toBe('Renewal of Coffee Club, payment 3');
    expect(customer.getByRole('link', { name: 'Coffee Club' }).getAttribute('href')).toBe('/config/customers/ada%40example.com');
  });

  it("says what Stripe's events did, in words", async () => {
    const sys = { kind: 'system' } as const;
    const timeline = [
      { id: 's1', type: 'payment_failed', created: T + 1, actor: sys, data: { message: 'Your card has insufficient funds.', reference: 'pi_1' } },
      { id: 's2', type: 'disputed', created: T + 2, actor: sys, data: { amountCents: 5000, reason: 'product_not_received' } },
      { id: 's3', type: 'mail', created: T + 3, actor: sys, data: { kind: 'dispute', to: 'owner@shop.test' } },
      { id: 's4', type: 'dispute_closed', created: T + 4, actor: sys, data: { status: 'won' } },
      { id: 's5', type: 'refund_failed', created: T + 5, actor: sys, data: { refundId: 'r1', amountCents: 1200 } },
      { id: 's6', type: 'late_payment_refunded', created: T + 6, actor: sys, data: { amountCents: 5000, refund: 're_1' } },
    ];
    await show(fakeServer().once(PATH, ok(answer({ timeline }))));
    const said = within(screen.getByRole('region', { name: 'Timeline' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.timeline-what')!.textContent);
    expect(said).toEqual([
      'A payment of $50.00 arrived after the order was canceled, and was refunded at once',
      'Refund of $12.00 failed at the payment provider: nothing was given back',
      'Dispute won: the payment stays',
      'Dispute email sent to owner@shop.test',
      'The customer disputed the payment of $50.00 (reason: product not received): answer it in Stripe',
      'A payment attempt failed: Your card has insufficient funds. (the order waits for another until its hold ends)',
    ]);
  });

  it('says when there is no such order', async () => {
    await show(fakeServer().once(PATH, () => json(404, { error: 'Not found.', code: 'NOT_FOUND' })));
    expect(screen.getByRole('alert').textContent).toBe('There is no such order on this site.');
    expect(screen.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe('/config/orders');
  });
});
