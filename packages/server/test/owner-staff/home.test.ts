import { WebsiteRole } from '@tessera/core/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesPeriods, startOfDay } from '../../src/modules/home/periods.js';
import { newId } from '../../src/storage/ids.js';
import type { Store } from '../../src/storage/dialect.js';
import { DIALECTS } from '../helpers/store.js';
import { StaffBrowser, type StaffSite, signedIn, staffSite } from './helpers.js';

const DAY = 86_400_000;
/** A Wednesday, 11:00 in New York (the fixture's time zone, EDT since Sunday 8 March). */
const NOW = Date.parse('2026-03-11T15:00:00.000Z');

describe('the home periods in the site time zone', () => {
  it("start the day at the zone's midnight, across a change of offset", () => {
    expect(new Date(startOfDay('America/New_York', '2026-03-11')).toISOString()).toBe('2026-03-11T04:00:00.000Z');
    expect(new Date(startOfDay('America/New_York', '2026-03-04')).toISOString()).toBe('2026-03-04T05:00:00.000Z');
    expect(new Date(startOfDay('Asia/Tokyo', '2026-03-11')).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(new Date(startOfDay('UTC', '2026-03-11')).toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('compare today and this week (from Monday) with the same stretch of the week before', () => {
    const iso = (p: { from: number; to: number }) => [new Date(p.from).toISOString(), new Date(p.to).toISOString()];
    const p = salesPeriods('America/New_York', NOW);
    expect(iso(p.today)).toEqual(['2026-03-11T04:00:00.000Z', '2026-03-11T15:00:00.000Z']);
    // Eleven hours after last Wednesday's midnight, which was in EST.
    expect(iso(p.todayBefore)).toEqual(['2026-03-04T05:00:00.000Z', '2026-03-04T16:00:00.000Z']);
    expect(iso(p.week)).toEqual(['2026-03-09T04:00:00.000Z', '2026-03-11T15:00:00.000Z']);
    expect(iso(p.weekBefore)).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-04T16:00:00.000Z']);
    // 22:00 on Wednesday in New York is Thursday in UTC: still Wednesday's figures.
    expect(iso(salesPeriods('America/New_York', Date.parse('2026-03-12T02:00:00.000Z')).today)[0]).toBe('2026-03-11T04:00:00.000Z');
    // A Monday's week is that day.
    const monday = salesPeriods('America/New_York', Date.parse('2026-03-09T12:00:00.000Z'));
    expect(monday.week.from).toBe(monday.today.from);
  });
});

interface SeedOrder {
  at: string;
  payment: string;
  fulfillment?: string;
  total: number;
  refunded?: number;
  due?: number;
  currency?: string;
}

let orderNumber = 1000;
async function seedOrder(store: Store, websiteId: string, o: SeedOrder): Promise<string> {
  const id = newId();
  const created = Date.parse(o.at);
  await store.db
    .insertInto('orders')
    .values({
      id,
      website_id: websiteId,
      order_number: ++orderNumber,
      idempotency_key: id,
      request_fingerprint: id,
      kind: 'order',
      cart_id: null,
      member_id: null,
      customer_email: 'ada@example.com',
      currency: o.currency ?? 'USD',
      subtotal_cents: o.total,
      discount_cents: 0,
      shipping_cost_cents: 0,
      tax_cents: 0,
      gift_card_cents: 0,
      grand_total_cents: o.total,
      amount_due_cents: o.due ?? o.total,
      shipping_address: null,
      shipping_option: null,
      coupons: '[]',
      payment_provider: 'offline',
      payment_status: o.payment,
      payment_reference: null,
      fulfillment_status: o.fulfillment ?? 'PENDING',
      answer: null,
      hold_expires_on: null,
      refunded_cents: o.refunded ?? 0,
      created_on: created,
      updated_on: created,
    })
    .execute();
  return id;
}

describe.each(DIALECTS)("the studio's home page on %s", (dialect) => {
  let site: StaffSite;
  const people = new Map<string, StaffBrowser>();
  const ROLES = {
    admin: WebsiteRole.ADMIN,
    shop: WebsiteRole.STORE_MANAGER,
    reporting: WebsiteRole.REPORTING,
    billing: WebsiteRole.BILLING,
    editor: WebsiteRole.EDITOR,
    moderator: WebsiteRole.MODERATOR,
    scheduling: WebsiteRole.SCHEDULING,
    viewer: WebsiteRole.VIEWER,
  } as const;
  const home = async (who: keyof typeof ROLES) => people.get(who)!.request('GET', '/api/owner/home');

  beforeAll(async () => {
    site = await staffSite(dialect);
    site.clock.now = NOW;
    for (const [name, role] of Object.entries(ROLES)) people.set(name, await signedIn(site, `${name}@shop.test`, role));
    const seed = (o: SeedOrder) => seedOrder(site.store, site.websiteId, o);
    // Today in New York, from its midnight (04:00 UTC).
    const paidToday = await seed({ at: '2026-03-11T14:00:00Z', payment: 'paid', total: 5000 });
    await seed({ at: '2026-03-11T04:30:00Z', payment: 'pending', total: 2000 });
    await seed({ at: '2026-03-11T14:10:00Z', payment: 'partially_refunded', total: 2500, refunded: 500 });
    await seed({ at: '2026-03-11T14:20:00Z', payment: 'canceled', fulfillment: 'CANCELED', total: 800 });
    await seed({ at: '2026-03-11T14:30:00Z', payment: 'declined', fulfillment: 'CANCELED', total: 9999 });
    await seed({ at: '2026-03-11T14:40:00Z', payment: 'processing', total: 9999 });
    await seed({ at: '2026-03-11T14:50:00Z', payment: 'paid', total: 9999, currency: 'EUR' });
    // Tuesday 23:30 in New York: Wednesday in UTC, but this week's, not today's.
    await seed({ at: '2026-03-11T03:30:00Z', payment: 'paid', fulfillment: 'FULFILLED', total: 1000 });
    // Last Wednesday at 10:00 (EST), before the same hour; and at 11:30, after it.
    const lastWeek = await seed({ at: '2026-03-04T15:00:00Z', payment: 'paid', total: 3000 });
    await seed({ at: '2026-03-04T16:30:00Z', payment: 'paid', fulfillment: 'FULFILLED', total: 700 });
    // Last Monday at 01:00 (EST), and an old pending order.
    await seed({ at: '2026-03-02T06:00:00Z', payment: 'paid', total: 400 });
    await seed({ at: '2026-01-02T12:00:00Z', payment: 'pending', total: 1500 });

    // Stock: the mugs and tees (physical), a digital product with no stock that never runs out.
    await site.store.db.updateTable('product_variants').set({ stock: 50 }).where('website_id', '=', site.websiteId).execute();
    const stock = (sku: string, value: number, unlimited: 0 | 1 = 0) =>
      site.store.db.updateTable('product_variants').set({ stock: value, unlimited }).where('sku', '=', sku).where('website_id', '=', site.websiteId).execute();
    await stock('MUG-BLU-12', 4);
    await stock('MUG-BLU-16', 0);
    await stock('TEE-S', 2);
    await stock('TEE-M', 0, 1);
    const digital = await site.store.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.item_id', 'v.item_id')
      .select('v.sku')
      .where('p.product_type', '=', 2)
      .where('v.website_id', '=', site.websiteId)
      .executeTakeFirstOrThrow();
    await stock(digital.sku, 0);

    const item = await site.store.db.selectFrom('product_variants').select('item_id').where('sku', '=', 'MUG-BLU-12').executeTakeFirstOrThrow();
    for (const [order, at, body] of [
      [paidToday, NOW - 2 * DAY, 'Lovely mug, holds a lot of coffee.'],
      [lastWeek, NOW - 8 * DAY, 'An older review.'],
    ] as const) {
      await site.store.db
        .insertInto('product_reviews')
        .values({ id: newId(), website_id: site.websiteId, item_id: item.item_id, order_id: order, rating: 5, body, reviewer_name: 'Ada', created_on: at })
        .execute();
    }
    for (const [form, at] of [
      ['contact', NOW - DAY],
      ['contact', NOW - 3 * DAY],
      ['engraving', NOW - 6 * DAY],
      ['contact', NOW - 9 * DAY],
    ] as const) {
      await site.store.db
        .insertInto('form_submissions')
        .values({
          id: newId(),
          website_id: site.websiteId,
          form_key: form,
          form_name: form === 'contact' ? 'Contact us' : 'Engraving',
          fields: '[]',
          submitted_values: '{}',
          page_title: 'Contact',
          page_id: 'p1',
          content_source: 'c',
          page_path: '/contact',
          page_permission_type_value: '1',
          submitted_on: at,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await site?.close();
  });

  it("gives today's and this week's orders and sales against the same stretch of the week before, in the store currency", async () => {
    const res = await home('admin');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toMatchObject({ now: NOW, timeZone: 'America/New_York', currency: 'USD' });
    const { sales } = res.json.cards;
    // Today: the paid, pending, partly refunded and canceled orders (not the declined, the one being paid, the euro one).
    expect(sales.today.current).toMatchObject({ orders: 4, salesCents: 7000, salesMoney: { value: '70.00', currency: 'USD' } });
    expect(sales.today.current.from).toBe(Date.parse('2026-03-11T04:00:00Z'));
    expect(sales.today.previous).toMatchObject({
      orders: 1,
      salesCents: 3000,
      from: Date.parse('2026-03-04T05:00:00Z'),
      to: Date.parse('2026-03-04T16:00:00Z'),
    });
    expect(sales.week.current).toMatchObject({ orders: 5, salesCents: 8000 });
    expect(sales.week.previous).toMatchObject({ orders: 2, salesCents: 3400 });
    expect(sales.today.link).toBe('/config/orders?from=2026-03-11');
    expect(sales.week.link).toBe('/config/orders?from=2026-03-09');
  });

  it('counts the paid orders to fulfil and the offline payments waiting, each with the list it opens', async () => {
    const { cards } = (await home('admin')).json;
    // Paid and not sent: today's, the euro one, last Wednesday's and last Monday's.
    expect(cards.toFulfill).toEqual({ count: 4, link: '/config/orders?fulfillment=unfulfilled&payment=paid' });
    expect(cards.pendingPayments).toEqual({
      count: 2,
      amountCents: 3500,
      amountMoney: { value: '35.00', currency: 'USD', decimalValue: '35.00', currencyCode: 'USD' },
      link: '/config/orders?payment=pending',
    });
  });

  it("lists the stocked variants at or under the site's scarcity threshold, fewest first, else under 3", async () => {
    const { lowStock } = (await home('admin')).json.cards;
    expect(lowStock).toMatchObject({ threshold: 5, count: 3, link: '/config/inventory?stock=low' });
    expect(lowStock.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([
      ['MUG-BLU-16', 0],
      ['TEE-S', 2],
      ['MUG-BLU-12', 4],
    ]);
    expect(lowStock.variants[0]).toMatchObject({
      productTitle: 'Blue Mug',
      variantText: 'Size: 16 oz',
      itemId: expect.any(String),
      variantId: expect.any(String),
    });
    const row = await site.store.db.selectFrom('site_settings').select('store_settings').where('website_id', '=', site.websiteId).executeTakeFirstOrThrow();
    const settings = JSON.parse(row.store_settings);
    delete settings.merchandising.scarcityThreshold;
    await site.store.db
      .updateTable('site_settings')
      .set({ store_settings: JSON.stringify(settings) })
      .where('website_id', '=', site.websiteId)
      .execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', site.websiteId)
      .execute();
    const fallback = (await home('admin')).json.cards.lowStock;
    expect(fallback).toMatchObject({ threshold: 3, count: 2 });
  });

  it('shows the reviews and the form submissions of the last 7 days', async () => {
    const { reviews, formSubmissions } = (await home('admin')).json.cards;
    // Reviews publish at once on this site: the card shows the recent ones and opens the reviews page.
    expect(reviews).toMatchObject({ waiting: false, since: NOW - 7 * DAY, count: 1, link: '/config/reviews' });
    expect(reviews.latest).toEqual([
      {
        id: expect.any(String),
        itemId: expect.any(String),
        productTitle: 'Blue Mug',
        rating: 5,
        reviewerName: 'Ada',
        excerpt: 'Lovely mug, holds a lot of coffee.',
        created: NOW - 2 * DAY,
      },
    ]);
    expect(formSubmissions).toEqual({
      since: NOW - 7 * DAY,
      count: 3,
      forms: [
        // The form's name as the site has it now, whatever it was called when the visitor wrote.
        { formKey: 'contact', formName: 'Contact', count: 2 },
        { formKey: 'engraving', formName: 'Engraving', count: 1 },
      ],
      link: '/config/forms',
    });
  });

  it("answers only the cards the account's role may see; a viewer and a visitor get none", async () => {
    const cards = async (who: keyof typeof ROLES) => Object.keys((await home(who)).json.cards).sort();
    const all = ['formSubmissions', 'lowStock', 'pendingPayments', 'reviews', 'sales', 'toFulfill'];
    expect(await cards('admin')).toEqual(all);
    expect(await cards('shop')).toEqual(all);
    // Submissions hold what visitors wrote about themselves: reporting sees figures, not them.
    expect(await cards('reporting')).toEqual(['lowStock', 'pendingPayments', 'sales', 'toFulfill']);
    expect(await cards('billing')).toEqual(['lowStock', 'pendingPayments', 'sales', 'toFulfill']);
    expect(await cards('editor')).toEqual(['formSubmissions']);
    expect(await cards('moderator')).toEqual(['reviews']);
    expect(await cards('scheduling')).toEqual([]);
    expect((await home('viewer')).status).toBe(403);
    const anonymous = await new StaffBrowser(site.app).request('GET', '/api/owner/home');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    expect((await home('shop')).json.account).toEqual({ id: expect.any(String), email: 'shop@shop.test', notifyNewOrders: false });
    expect((await home('admin')).json.account.notifyNewOrders).toBe(true);
  });

  it('serves the home page at /config/ to every role that opens the area, with the context the page reads', async () => {
    for (const who of ['admin', 'editor', 'scheduling'] as const) {
      const page = await people.get(who)!.page('/config/');
      expect(page.status, who).toBe(200);
      expect(page.context, who).toMatchObject({ page: 'home', email: `${who}@shop.test`, timeZone: 'America/New_York', currency: 'USD' });
      expect((await people.get(who)!.page('/config')).location).toBe('/config/');
    }
    const viewer = await people.get('viewer')!.page('/config/');
    expect(viewer.location).toBe('/config/login?next=%2Fconfig%2F');
  });
});
