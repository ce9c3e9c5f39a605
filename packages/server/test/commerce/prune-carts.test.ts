import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_RETENTION_MS, MEMBER_CART_RETENTION_MS, pruneAbandonedCarts } from '../../src/modules/cart/store.js';
import { DIALECTS } from '../helpers/store.js';
import { DECLINED_CARD, Visitor, WEBSITE_ID, itemId, paid, storeApp, type StoreSite } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('pruning abandoned carts on %s', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  const db = () => site.store.db;
  const cartIds = async () => new Set((await db().selectFrom('carts').select('id').where('website_id', '=', WEBSITE_ID).execute()).map((r) => r.id));
  const entriesOf = async (cartId: string) => (await db().selectFrom('cart_entries').select('id').where('cart_id', '=', cartId).execute()).length;
  const orphanEntries = async () =>
    (
      await db()
        .selectFrom('cart_entries')
        .select('id')
        .where('cart_id', 'not in', (eb) => eb.selectFrom('carts').select('id'))
        .execute()
    ).length;

  /** A signed-in member's cart, as accounts/member-cart.ts keeps it, with one entry. */
  async function memberCart(memberId: string, at: number): Promise<string> {
    const id = `member-cart-${randomBytes(4).toString('hex')}`;
    await db()
      .insertInto('carts')
      .values({
        id,
        website_id: WEBSITE_ID,
        token_hash: randomBytes(32).toString('hex'),
        kind: 'cart',
        member_id: memberId,
        is_purchased: 0,
        order_id: null,
        coupons: '[]',
        shipping_location: null,
        shipping_option_id: null,
        created_on: at,
        updated_on: at,
      })
      .execute();
    await db()
      .insertInto('cart_entries')
      .values({
        id: `${id}-e`,
        website_id: WEBSITE_ID,
        cart_id: id,
        item_id: itemId('sticker'),
        sku: 'STICKER',
        quantity: 1,
        additional_fields: null,
        position: 1,
        created_on: at,
      })
      .execute();
    return id;
  }

  it('deletes old carts never bought, with their entries, in batches; keeps recent ones, written ones and those an order needs', async () => {
    const start = site.clock.now;
    // Five carts left alone from the start, each with entries (one with form answers).
    const abandoned: string[] = [];
    for (let i = 0; i < 5; i++) {
      const v = new Visitor(site.app);
      const added = await v.add('sticker', 'STICKER', 1);
      await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: `No. ${i}` }));
      abandoned.push(added.json.shoppingCart.id);
    }
    // Bought at the start: the order's cart. Its confirmation page must still answer afterwards.
    const buyer = new Visitor(site.app);
    const bought = (await buyer.add('mug', 'MUG-12', 1)).json.shoppingCart.id as string;
    const placed = await buyer.checkout(paid());
    expect(placed.status).toBe(201);
    // A declined payment: the cart is the visitor's again, but its order still names it.
    const declinedBuyer = new Visitor(site.app);
    const declined = (await declinedBuyer.add('mug', 'MUG-12', 1)).json.shoppingCart.id as string;
    const refused = await declinedBuyer.checkout(paid({ payment: { provider: 'test', cardNumber: DECLINED_CARD } }));
    expect(refused.status).toBe(402);
    expect(await db().selectFrom('orders').select('id').where('cart_id', '=', declined).execute()).toHaveLength(1);
    // Made at the start and written to three weeks later: not abandoned.
    const returning = new Visitor(site.app);
    const written = (await returning.add('sticker', 'STICKER', 1)).json.shoppingCart.id as string;
    const member = await memberCart('member-1', start);

    site.clock.advance(21 * DAY);
    const entryId = (await returning.cart()).json.entries[0].id;
    expect((await returning.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/quantity`, { quantity: 2 })).status).toBe(200);
    site.clock.advance(8 * DAY);
    const recent = (await new Visitor(site.app).add('sticker', 'STICKER', 1)).json.shoppingCart.id as string;

    // 31 days after the start: the five are past the 30-day retention.
    site.clock.advance(2 * DAY);
    const before = await cartIds();
    expect(await pruneAbandonedCarts(site.store, site.clock.now, { batchSize: 2 })).toBe(5);
    const after = await cartIds();
    expect([...before].filter((id) => !after.has(id)).sort()).toEqual([...abandoned].sort());
    for (const id of abandoned) expect(await entriesOf(id)).toBe(0);
    for (const id of [bought, declined, written, recent, member]) expect(after.has(id), id).toBe(true);
    expect(await entriesOf(member)).toBe(1);
    expect(await orphanEntries()).toBe(0);

    // What the order pages read still answers: the confirmation, and the visitors' carts.
    const confirmed = await buyer.page(placed.json.confirmationUrl);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ pageType: 202, order: { orderNumber: placed.json.order.orderNumber, lines: [{ title: 'Blue Mug' }] } });
    expect((await returning.cart()).json).toMatchObject({ id: written, totalQuantity: 2 });
    expect((await declinedBuyer.cart()).json).toMatchObject({ id: declined, totalQuantity: 1 });

    // Nothing more to do: a second run deletes nothing.
    expect(await pruneAbandonedCarts(site.store, site.clock.now)).toBe(0);

    // A member's cart is kept longer, then goes too; the bought cart and the declined order's never do.
    const later = start + MEMBER_CART_RETENTION_MS + DAY;
    expect(MEMBER_CART_RETENTION_MS).toBeGreaterThan(CART_RETENTION_MS);
    expect(await pruneAbandonedCarts(site.store, later)).toBe(3); // the member's, the returning visitor's and the recent one
    const last = await cartIds();
    expect([...last].sort()).toEqual([bought, declined].sort());
    expect(await orphanEntries()).toBe(0);
    expect((await buyer.page(placed.json.confirmationUrl)).status).toBe(200);
  });

  it('prunes as the abandoned-carts job of the job runner, in one process at a time', async () => {
    const v = new Visitor(site.app);
    const cart = (await v.add('sticker', 'STICKER', 1)).json.shoppingCart.id as string;
    site.clock.advance(CART_RETENTION_MS + DAY);
    expect(await site.app.jobs.runDue()).toContain('abandoned-carts');
    expect((await cartIds()).has(cart)).toBe(false);
    expect(await orphanEntries()).toBe(0);
  });
});
