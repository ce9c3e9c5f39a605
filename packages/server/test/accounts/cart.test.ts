import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { ACCEPTED_CARD, Browser, itemId, membersApp, type MembersSite } from './helpers.js';

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };
const lines = (cart: { entries: { chosenVariant: { sku: string }; quantity: number; additionalFields: string | null }[] }) =>
  cart.entries.map((e) => `${e.chosenVariant.sku}x${e.quantity}${e.additionalFields ? ` ${e.additionalFields}` : ''}`).sort();

describe.each(DIALECTS)("the signed-in shopper's cart on %s", (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp(dialect);
    await new Browser(site.app).signUp('shopper@example.com');
  });
  afterAll(async () => {
    await site?.close();
  });

  it("loads the member's cart on every device", async () => {
    const laptop = new Browser(site.app);
    await laptop.signIn('shopper@example.com');
    expect((await laptop.add('shop', 'mug', 'MUG-12', 2)).status).toBe(200);
    // The member's cart token never reaches the browser.
    expect(laptop.cookies.has('cart')).toBe(false);
    const phone = new Browser(site.app);
    await phone.signIn('shopper@example.com');
    expect(lines((await phone.cart()).json)).toEqual(['MUG-12x2']);
    await phone.add('shop', 'mug', 'MUG-16', 1);
    expect(lines((await laptop.cart()).json)).toEqual(['MUG-12x2', 'MUG-16x1']);
    // The page context shows it too.
    expect(lines((await laptop.page('/')).json.shoppingCart)).toEqual(['MUG-12x2', 'MUG-16x1']);
    const rows = await site.store.db
      .selectFrom('carts')
      .innerJoin('site_users', 'site_users.id', 'carts.member_id')
      .select(['carts.id'])
      .where('site_users.email', '=', 'shopper@example.com')
      .where('carts.is_purchased', '=', 0)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('merges the anonymous cart on sign-in without losing entries: quantities add up to the stock, form entries stay apart', async () => {
    const visitor = new Browser(site.app);
    await visitor.add('shop', 'mug', 'MUG-12', 2); // the member holds 2 already: 4 of 5 in stock
    await visitor.add('shop', 'mug', 'MUG-16', 2); // the member holds 1, stock 2: capped at 2
    await visitor.add('shop', 'tag', undefined, 1, JSON.stringify({ text: 'ADA' }));
    await visitor.request('POST', '/api/commerce/shopping-cart/coupons', { code: 'NOPE' });
    expect(visitor.cookies.has('cart')).toBe(true);
    const anonymousCart = (await visitor.cart()).json.id;
    await visitor.signIn('shopper@example.com');
    expect(visitor.cookies.has('cart')).toBe(false);
    const merged = (await visitor.cart()).json;
    expect(lines(merged)).toEqual(['MUG-12x4', 'MUG-16x2', 'TAG-1x1 {"text":"ADA"}']);
    expect(await site.store.db.selectFrom('carts').select('id').where('id', '=', anonymousCart).executeTakeFirst()).toBeUndefined();
    // A second form entry with other answers stays its own entry.
    const other = new Browser(site.app);
    await other.add('shop', 'tag', undefined, 1, JSON.stringify({ text: 'BOB' }));
    await other.signIn('shopper@example.com');
    expect(lines((await other.cart()).json)).toEqual(['MUG-12x4', 'MUG-16x2', 'TAG-1x1 {"text":"ADA"}', 'TAG-1x1 {"text":"BOB"}']);
  });

  it('signs out with cloneCart=true leaving a copy for the anonymous visitor, and with false leaving nothing', async () => {
    const b = new Browser(site.app);
    await b.signIn('shopper@example.com');
    const member = lines((await b.cart()).json);
    const out = await b.signOut(true);
    expect(out.status).toBe(200);
    expect(b.cookies.has('cart')).toBe(true);
    const copy = (await b.cart()).json;
    expect(lines(copy)).toEqual(member);
    // The copy is the visitor's own: changing it leaves the member's cart alone.
    await b.request('DELETE', `/api/commerce/shopping-cart/entries/${copy.entries[0].id}`);
    const again = new Browser(site.app);
    await again.signIn('shopper@example.com');
    expect(lines((await again.cart()).json)).toEqual(member);
    const out2 = await again.signOut(false);
    expect(out2.status).toBe(200);
    expect(again.cookies.has('cart')).toBe(false);
    expect((await again.cart()).json).toMatchObject({ id: null, entries: [] });
  });

  it("checks the member's cart out as the member's order, then starts a new member cart", async () => {
    const b = new Browser(site.app);
    await b.signUp('buyer@example.com');
    await b.add('shop', 'mug', 'MUG-12', 1);
    const order = await b.checkout({
      email: 'buyer@example.com',
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    });
    expect(order.status).toBe(201);
    const row = await site.store.db
      .selectFrom('orders')
      .innerJoin('site_users', 'site_users.id', 'orders.member_id')
      .select('site_users.email')
      .where('orders.id', '=', order.json.order.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('buyer@example.com');
    expect((await b.cart()).json.entries).toEqual([]);
    await b.add('shop', 'mug', 'MUG-12', 1);
    expect(lines((await b.cart()).json)).toEqual(['MUG-12x1']);
    // The account page lists the order.
    const orders = await b.request('GET', '/api/site-users/account/orders');
    expect(orders.json.orders).toHaveLength(1);
    expect(orders.json.orders[0]).toMatchObject({
      orderNumber: order.json.order.orderNumber,
      paymentStatus: 'PAID',
      lines: [{ title: 'Blue Mug', quantity: 1 }],
    });
    expect(orders.json.orders[0].orderStatusUrl).toMatch(/^\/commerce\/order-status\?token=/);
    expect((await b.request('GET', orders.json.orders[0].orderStatusUrl)).status).toBe(200);
  });

  it('lists orders placed with the email before signing up once the email is verified', async () => {
    const guest = new Browser(site.app);
    await guest.add('shop', 'mug', 'MUG-12', 1);
    const placed = await guest.checkout({
      email: 'Later@Example.com',
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    });
    expect(placed.status).toBe(201);
    const b = new Browser(site.app);
    await b.signUp('later@example.com');
    expect((await b.request('GET', '/api/site-users/account/orders')).json.orders).toEqual([]);
    const mail = await site.store.db
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', 'later@example.com')
      .where('kind', '=', 'account-verify-email')
      .executeTakeFirstOrThrow();
    await b.request('GET', /(\/account\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!);
    const orders = (await b.request('GET', '/api/site-users/account/orders')).json.orders;
    expect(orders.map((o: { id: string }) => o.id)).toEqual([placed.json.order.id]);
    // Another member never sees them.
    const other = new Browser(site.app);
    await other.signIn('shopper@example.com');
    expect((await other.request('GET', '/api/site-users/account/orders')).json.orders).toEqual([]);
  });

  it("keeps two members' carts apart", async () => {
    const a = new Browser(site.app);
    await a.signUp('first@example.com');
    const b = new Browser(site.app);
    await b.signUp('second@example.com');
    await a.add('shop', 'mug', 'MUG-12', 1);
    expect((await b.cart()).json.entries).toEqual([]);
    // A member cannot reach another's cart with an item id of theirs either.
    const entry = (await a.cart()).json.entries[0].id;
    expect((await b.request('DELETE', `/api/commerce/shopping-cart/entries/${entry}`)).status).toBe(404);
    expect(itemId('shop', 'mug')).toMatch(/^[0-9a-f]{24}$/);
  });

  it('makes one member cart when several devices of a new member ask at once', async () => {
    const devices = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const b = new Browser(site.app);
        return b;
      }),
    );
    await new Browser(site.app).signUp('racer@example.com');
    for (const d of devices) await d.signIn('racer@example.com');
    // The account was made and signed in above (its cart then too): a purchase ends that cart, so the
    // next requests of every device race to make the new one.
    await site.store.db
      .updateTable('carts')
      .set({ is_purchased: 1 })
      .where('member_id', 'is not', null)
      .where('member_id', 'in', site.store.db.selectFrom('site_users').select('id').where('email', '=', 'racer@example.com'))
      .execute();
    await site.store.db.updateTable('product_variants').set({ stock: 100 }).where('sku', '=', 'MUG-12').execute();
    const answers = await Promise.all(devices.map((d, i) => d.add('shop', 'mug', 'MUG-12', 1 + (i % 2))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const live = await site.store.db
      .selectFrom('carts')
      .innerJoin('site_users', 'site_users.id', 'carts.member_id')
      .select('carts.id')
      .where('site_users.email', '=', 'racer@example.com')
      .where('carts.is_purchased', '=', 0)
      .execute();
    expect(live).toHaveLength(1);
    expect((await devices[0]!.cart()).json.totalQuantity).toBe(7);
  });
});
