import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, itemId, paid, setStock, stockOf, storeApp, type StoreSite } from './helpers.js';

describe.each(DIALECTS)('commerce under concurrent requests on %s', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('40 concurrent checkouts racing for 10 units end with 10 orders, stock 0 and 30 out-of-stock answers', async () => {
    await setStock(site.store, 'PRINT-1', 10);
    const visitors = Array.from({ length: 40 }, () => new Visitor(site.app));
    // Every visitor may add one: the cart only checks stock, the order takes it.
    for (const added of await Promise.all(visitors.map((v) => v.add('print', 'PRINT-1', 1)))) expect(added.status).toBe(200);
    const answers = await Promise.all(visitors.map((v, i) => v.checkout(i % 2 ? paid() : { ...paid(), payment: undefined })));
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const r of refused)
      expect(r).toMatchObject({ status: 409, json: { code: 'OUT_OF_STOCK', error: 'Sorry, we do not have enough of that item available.' } });
    expect(await stockOf(site.store, 'PRINT-1')).toBe(0);
    const ids = placed.map((p) => p.json.order.id as string);
    const lines = await site.store.db.selectFrom('order_lines').select(['quantity']).where('order_id', 'in', ids).execute();
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(10);
    // Order numbers are unique and have no gaps among placed orders of this race.
    const numbers = placed.map((p) => p.json.order.orderNumber as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    // The refused visitors keep their carts.
    expect((await visitors[answers.indexOf(refused[0]!)]!.cart()).json.totalQuantity).toBe(1);
  });

  it('concurrent adds to one cart leave its entries and totals consistent, and never hold more than the stock', async () => {
    await setStock(site.store, 'PRINT-1', 7);
    const v = new Visitor(site.app);
    await v.add('sticker', 'STICKER', 1);
    const adds = [
      ...Array.from({ length: 10 }, () => v.add('sticker', 'STICKER', 1)),
      ...Array.from({ length: 10 }, () => v.add('print', 'PRINT-1', 1)),
      ...Array.from({ length: 5 }, () => v.add('guide', undefined, 2)),
    ];
    const answers = await Promise.all(adds);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(22);
    const cart = (await v.cart()).json;
    const quantity = (sku: string) =>
      cart.entries
        .filter((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku === sku)
        .reduce((n: number, e: { quantity: number }) => n + e.quantity, 0);
    expect(cart.entries).toHaveLength(3); // merged, never duplicated
    expect(quantity('STICKER')).toBe(11);
    expect(quantity('PRINT-1')).toBe(7);
    expect(quantity('GUIDE-PDF')).toBe(10);
    expect(cart.totalQuantity).toBe(28);
    expect(cart.subtotalCents).toBe(11 * 300 + 7 * 1500 + 10 * 1200);
    expect(cart.subtotalCents).toBe(cart.entries.reduce((n: number, e: { subTotalCents: number }) => n + e.subTotalCents, 0));
    // Each answer was a consistent snapshot too.
    for (const a of answers.filter((x) => x.status === 200)) {
      const c = a.json.shoppingCart;
      expect(c.totalQuantity).toBe(c.entries.reduce((n: number, e: { quantity: number }) => n + e.quantity, 0));
      expect(c.grandTotalCents).toBe(c.subtotalCents - c.discountCents + c.shippingCostCents + c.taxCents);
    }
  });

  it('the same idempotency key sent five times at once makes one order and gives all five the same answer', async () => {
    const v = new Visitor(site.app);
    await v.add('sticker', 'STICKER', 4);
    const answers = await Promise.all(Array.from({ length: 5 }, () => v.checkout(paid(), 'racing-key-0001')));
    for (const a of answers) expect(a.status).toBe(201);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const orders = await site.store.db.selectFrom('orders').select('id').where('idempotency_key', '=', 'racing-key-0001').execute();
    expect(orders).toHaveLength(1);
  });

  it('concurrent redemptions of one gift card never spend more than its balance', async () => {
    await setStock(site.store, 'PRINT-1', 100);
    const buyer = new Visitor(site.app);
    const bought = await buyer.checkout({
      email: 'ada@example.com',
      expressCheckout: { itemId: itemId('gift-card'), sku: 'GIFT-100' },
      payment: { provider: 'test', cardNumber: '4242424242424242' },
    });
    const code = bought.json.order.lines[0].giftCards[0].code as string;
    const shoppers = Array.from({ length: 6 }, () => new Visitor(site.app));
    for (const s of shoppers) await s.add('print', 'PRINT-1', 2); // 3866 each with shipping and tax
    const answers = await Promise.all(shoppers.map((s) => s.checkout(paid({ giftCardCode: code }))));
    const placed = answers.filter((a) => a.status === 201).map((a) => a.json.order);
    const spent = placed.reduce((n, o) => n + o.giftCardCents, 0);
    expect(spent).toBe(10000);
    for (const o of placed) expect(o.amountDueCents).toBe(o.grandTotalCents - o.giftCardCents);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.json.code).toBe('GIFT_CARD_EMPTY');
    const card = await site.store.db.selectFrom('gift_cards').select('balance_cents').where('code', '=', code.replace(/-/g, '')).executeTakeFirstOrThrow();
    expect(card.balance_cents).toBe(0);
  });
});
