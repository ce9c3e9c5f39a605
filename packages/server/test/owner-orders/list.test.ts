import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuery } from '../../src/modules/order-admin/list.js';
import { ListQuery, type OrderFilters } from '../../src/modules/order-admin/schemas.js';
import { DIALECTS } from '../helpers/store.js';
import { ADDRESS, Visitor, WEBSITE_ID, anonymous, itemId, offline, ordersShop, paid, placeOrder, withoutCrumb, type OrdersShop, type Role } from './helpers.js';

const HOUR = 3_600_000;
const LIST = '/api/owner/orders';

describe.each(DIALECTS)("the owner's order list on %s", (dialect) => {
  let shop: OrdersShop;
  /** Order numbers by what the test made of them. */
  const n: Record<string, number> = {};
  const ids: Record<string, string> = {};
  const admin = () => shop.staff.admin;
  const numbers = (answer: { json: { orders: { orderNumber: number }[] } }) => answer.json.orders.map((o) => o.orderNumber);

  beforeAll(async () => {
    shop = await ordersShop(dialect);
    const place = async (name: string, items: Parameters<typeof placeOrder>[1], body: Record<string, unknown>) => {
      const { order } = await placeOrder(shop.app, items, body);
      n[name] = order.orderNumber;
      ids[name] = order.id;
      shop.clock.advance(HOUR);
      return order;
    };
    await place(
      'pending',
      [['mug', 'MUG-12', 2]],
      offline({ email: 'Grace.Hopper@Example.com', shippingAddress: { ...ADDRESS, firstName: 'Grace', lastName: 'Hopper' } }),
    );
    await place(
      'paid',
      [
        ['print', 'PRINT-1', 1],
        ['guide', undefined, 1],
      ],
      paid({ email: 'ada@example.com' }),
    );
    await place(
      'partial',
      [['beans', 'BEANS-250', 3]],
      paid({ email: 'linus@example.org', shippingAddress: { ...ADDRESS, firstName: 'Linus', lastName: 'Torvalds' } }),
    );
    await place(
      'refunded',
      [['mug', 'MUG-12', 1]],
      paid({ email: 'ken@example.org', shippingAddress: { ...ADDRESS, firstName: 'Ken', lastName: 'Thompson' } }),
    );
    await place(
      'formula',
      [['mug', 'MUG-12', 1]],
      offline({ email: 'mallory@example.net', shippingAddress: { ...ADDRESS, firstName: '=HYPERLINK("x")', lastName: '100%_sure' } }),
    );
    // A declined payment, and a pending order canceled by its hold's end.
    const declined = await new Visitor(shop.app).checkout(
      paid({
        email: 'decline@example.com',
        expressCheckout: { itemId: itemId('mug'), sku: 'MUG-12' },
        payment: { provider: 'test', cardNumber: '4000 0000 0000 0002' },
      }),
    );
    expect(declined.status).toBe(402);
    shop.clock.advance(HOUR);
    // Partly and wholly refunded, through the API itself.
    const partial = await admin().request('GET', `/api/owner/orders/${ids.partial}`);
    const refund = (id: string, body: object, key: string) => admin().request('POST', `/api/owner/orders/${id}/refund`, body, { 'idempotency-key': key });
    expect((await refund(ids.partial!, { lines: [{ lineId: partial.json.order.lines[0].id, quantity: 1 }] }, 'list-refund-1')).status).toBe(200);
    expect(
      (
        await refund(
          ids.refunded!,
          { amountCents: (await admin().request('GET', `/api/owner/orders/${ids.refunded}`)).json.order.refundableCents },
          'list-refund-2',
        )
      ).status,
    ).toBe(200);
  });
  afterAll(async () => shop?.close());

  it('lists the newest first with the buyer, states, item count and total in the store currency; every read role may, others may not', async () => {
    const res = await admin().request('GET', LIST);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.currency).toBe('USD');
    expect(res.json.nextCursor).toBeNull();
    expect(res.json.orders).toHaveLength(6);
    expect(numbers(res)).toEqual([...numbers(res)].sort((a, b) => b - a));
    const pending = res.json.orders.find((o: { id: string }) => o.id === ids.pending);
    expect(pending).toMatchObject({
      orderNumber: n.pending,
      customerEmail: 'Grace.Hopper@Example.com',
      customerName: 'Grace Hopper',
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'PENDING',
      paymentProvider: 'offline',
      itemCount: 2,
      refundedCents: 0,
    });
    expect(pending.grandTotalMoney).toMatchObject({ currencyCode: 'USD', value: (pending.grandTotalCents / 100).toFixed(2) });
    const byId = (id: string) => res.json.orders.find((o: { id: string }) => o.id === id);
    expect(byId(ids.paid!)).toMatchObject({ paymentStatus: 'PAID', itemCount: 2, paymentProvider: 'test' });
    expect(byId(ids.partial!)).toMatchObject({ paymentStatus: 'PARTIALLY_REFUNDED', itemCount: 3 });
    expect(byId(ids.refunded!).paymentStatus).toBe('REFUNDED');
    expect(res.json.orders.find((o: { paymentStatus: string }) => o.paymentStatus === 'DECLINED')).toMatchObject({
      customerEmail: 'decline@example.com',
      fulfillmentStatus: 'CANCELED',
    });

    for (const role of ['shop', 'reporting', 'billing'] as Role[]) expect((await shop.staff[role].request('GET', LIST)).status, role).toBe(200);
    for (const role of ['editor', 'viewer'] as Role[]) {
      const denied = await shop.staff[role].request('GET', LIST);
      expect(denied.status, role).toBe(403);
      expect(denied.json).toMatchObject({ code: 'PERMISSION_DENIED', error: 'You do not have permission to do this.' });
    }
    const nobody = await anonymous(shop.app).request('GET', LIST);
    expect(nobody.status).toBe(401);
    expect(nobody.json).toMatchObject({ code: 'OWNER_SIGN_IN_REQUIRED', error: "Sign in as the site's owner to continue." });
    // A read needs no crumb.
    expect((await withoutCrumb(admin(), 'GET', LIST)).status).toBe(200);
  });

  it('searches by order number (with or without #), part of an email or name in any case, and a SKU as typed or upper-cased', async () => {
    const q = async (text: string) => numbers(await admin().request('GET', `${LIST}?q=${encodeURIComponent(text)}`));
    expect(await q(String(n.paid))).toEqual([n.paid]);
    expect(await q(`#${n.paid}`)).toEqual([n.paid]);
    expect(await q('grace.hopper@example')).toEqual([n.pending]);
    expect(await q('EXAMPLE.ORG')).toEqual([n.refunded, n.partial]);
    expect(await q('torval')).toEqual([n.partial]);
    expect(await q('beans-250')).toEqual([n.partial]);
    expect(await q('PRINT-1')).toEqual([n.paid]);
    // % and _ are plain characters in a search.
    expect(await q('100%_')).toEqual([n.formula]);
    expect(await q('%')).toEqual([n.formula]);
    expect(await q('nobody@nowhere')).toEqual([]);
    expect(await q('#12345678901234')).toEqual([]);
  });

  it('filters by payment (refunds derived), fulfilment, dates and product', async () => {
    const f = async (query: string) => numbers(await admin().request('GET', `${LIST}?${query}`));
    expect(await f('payment=pending')).toEqual([n.formula, n.pending]);
    expect(await f('payment=paid')).toEqual([n.paid]);
    expect(await f('payment=partially_refunded')).toEqual([n.partial]);
    expect(await f('payment=refunded')).toEqual([n.refunded]);
    expect((await f('payment=declined')).length).toBe(1);
    expect(await f('payment=canceled')).toEqual([]);
    // The paid order of a download and a print is not fulfilled until the print leaves.
    expect(await f('fulfillment=canceled')).toHaveLength(1);
    expect((await f('fulfillment=unfulfilled')).length).toBe(5);
    expect(await f('fulfillment=fulfilled')).toEqual([]);
    const start = Date.parse('2025-01-31T15:00:00.000Z');
    expect(await f(`from=${start + HOUR}&to=${start + 3 * HOUR}`)).toEqual([n.partial, n.paid]);
    expect(await f(`product=${itemId('mug')}&payment=pending`)).toEqual([n.formula, n.pending]);
    expect(await f(`product=${itemId('mug')}&q=mallory`)).toEqual([n.formula]);
  });

  it('sorts by date, total or number, and pages with a cursor that never repeats nor skips an order', async () => {
    const all = async (sort: string) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; json: { orders: { orderNumber: number }[]; nextCursor: string | null } } = await admin().request(
          'GET',
          `${LIST}?sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.json.orders.length).toBeLessThanOrEqual(2);
        seen.push(...res.json.orders.map((o) => o.orderNumber));
        cursor = res.json.nextCursor;
      } while (cursor);
      return seen;
    };
    const everyone = numbers(await admin().request('GET', LIST));
    expect(await all('newest')).toEqual(everyone);
    expect(await all('oldest')).toEqual([...everyone].reverse());
    expect(await all('number_asc')).toEqual([...everyone].sort((a, b) => a - b));
    expect(await all('number_desc')).toEqual([...everyone].sort((a, b) => b - a));
    const totals = (await admin().request('GET', `${LIST}?sort=total_desc`)).json.orders.map((o: { grandTotalCents: number }) => o.grandTotalCents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect((await all('total_desc')).length).toBe(6);
    expect(await all('total_asc')).toEqual((await all('total_desc')).reverse());
  });

  it('refuses bad input with the field and its message, and a cursor of another sort or none at all', async () => {
    const bad = async (query: string) => {
      const res = await admin().request('GET', `${LIST}?${query}`);
      expect(res.status, query).toBe(400);
      return res.json;
    };
    expect(await bad('limit=0')).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'One or more fields is invalid, please check your entries.',
      errors: { limit: 'Enter a whole number from 1 to 100.' },
    });
    expect((await bad('limit=101')).errors).toEqual({ limit: 'Enter a whole number from 1 to 100.' });
    expect((await bad('payment=lost')).errors).toEqual({
      payment: 'Choose one of pending, paid, partially_refunded, refunded, canceled, declined, processing.',
    });
    expect((await bad('fulfillment=shipped')).errors).toEqual({ fulfillment: 'Choose one of unfulfilled, partially_fulfilled, fulfilled, canceled.' });
    expect((await bad('sort=random')).errors).toEqual({ sort: 'Choose one of newest, oldest, total_desc, total_asc, number_desc, number_asc.' });
    expect((await bad('from=yesterday')).errors).toEqual({ from: 'Enter a time in epoch milliseconds.' });
    expect((await bad(`q=${'x'.repeat(201)}`)).errors).toEqual({ q: 'Enter at most 200 characters.' });
    const page = await admin().request('GET', `${LIST}?limit=1`);
    expect(await bad(`sort=oldest&cursor=${page.json.nextCursor}`)).toEqual({
      code: 'CURSOR_INVALID',
      error: 'The cursor is not valid: start again from the first page.',
    });
    expect((await bad('cursor=not-a-cursor')).code).toBe('CURSOR_INVALID');
    // The permission comes first: a role without it learns nothing of the schema.
    expect((await shop.staff.viewer.request('GET', `${LIST}?limit=0`)).status).toBe(403);
    expect(ListQuery.properties.limit).toBeDefined();
  });

  it('exports the filtered list as CSV, one row per line, with formulas defused; for the read roles only', async () => {
    const res = await admin().request('GET', `${LIST}/export.csv?payment=pending`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2025-01-31.csv"');
    expect(res.body).toMatch(/\r\n$/);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Order number,Placed,Email,Name,Payment status,Fulfillment status,Item,SKU,Variant,Quantity,Unit price,Line total,Subtotal,Discount,Shipping,Tax,Gift card,Total,Refunded,Currency,Shipping option,Coupons,Address,City,Region,Postal code,Country,Phone',
    );
    expect(rows).toHaveLength(3);
    // The order placed at 15:00 UTC is written in the site's zone (New York), with its offset.
    expect(rows[2]).toMatch(new RegExp(`^${n.pending},2025-01-31T10:00:00-05:00,Grace.Hopper@Example.com,Grace Hopper,PENDING,PENDING,`));
    expect(rows[2]).toContain(',MUG-12,');
    expect(rows[2]).toContain(',USD,Standard,,1 Main St,Hudson,NY,12534,US,');
    // A name a spreadsheet would run is written as text.
    expect(rows[1]).toContain(`,"'=HYPERLINK(""x"") 100%_sure",`);
    const lines = (await admin().request('GET', `${LIST}/export.csv?q=${n.paid}`)).body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => l.split(',')[7])).toEqual(['PRINT-1', 'GUIDE-PDF']);
    expect((await shop.staff.billing.request('GET', `${LIST}/export.csv`)).status).toBe(200);
    expect((await shop.staff.editor.request('GET', `${LIST}/export.csv`)).status).toBe(403);
    expect((await anonymous(shop.app).request('GET', `${LIST}/export.csv`)).status).toBe(401);
    expect((await admin().request('GET', `${LIST}/export.csv?limit=5`)).status).toBe(200);
    expect((await admin().request('GET', `${LIST}/export.csv?sort=x`)).json.errors).toEqual({
      sort: 'Choose one of newest, oldest, total_desc, total_asc, number_desc, number_asc.',
    });
  });

  it.runIf(dialect === 'sqlite')('finds the page of the list and of an email search in an index, in its order, never scanning the orders', async () => {
    const plan = async (filters: OrderFilters) => {
      const compiled = listQuery(shop.store, shop.store.db, WEBSITE_ID, filters, null, 51).compile();
      const rows = await shop.store.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
      return rows.rows.map((r) => r.detail).join(' | ');
    };
    for (const filters of [{}, { payment: 'pending' }] as OrderFilters[]) {
      const detail = await plan(filters);
      expect(detail, JSON.stringify(filters)).toMatch(/SEARCH orders USING (COVERING )?INDEX orders_(list|search|payment) \(website_id=/);
      expect(detail, JSON.stringify(filters)).not.toContain('SCAN orders');
    }
    // A search reads the narrow index that holds the searched columns, never the orders' rows.
    expect(await plan({ q: 'grace@example' })).toMatch(/SEARCH orders USING COVERING INDEX orders_search \(website_id=\?\)/);
    expect(await plan({})).toMatch(/SEARCH orders USING COVERING INDEX orders_(list|search) \(website_id=\?\)/);
    // The orders of the page are then read by id (at most `limit` of them, sorted as they come).
    expect(await plan({})).toContain('SEARCH orders USING INDEX sqlite_autoindex_orders_1 (id=?)');
  });
});
