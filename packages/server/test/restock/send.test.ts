import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner } from '../helpers/passwords.js';
import { DIALECTS } from '../helpers/store.js';
import {
  RESTOCK,
  Visitor,
  WEBSITE_ID,
  drainOutbox,
  itemId,
  mailingShop,
  outboxOf,
  setStock,
  shopSite,
  signups,
  variantIdOf,
  type ShopSite,
} from './helpers.js';

describe.each(DIALECTS)('sending restock notices on %s', (dialect) => {
  // Small batches, so that a group is sent in several transactions.
  const shop = mailingShop(dialect, { restockBatch: 7 });

  const signUp = async (sku: string, item: string, email: string) => {
    const res = await new Visitor(shop.site.app).request('POST', RESTOCK, {
      isJoinMailingList: false,
      productId: itemId(item),
      variantId: await variantIdOf(shop.site.store, sku),
      siteVisitorEmail: email,
    });
    expect(res.status, res.body).toBe(200);
  };
  const send = (sku: string, item: string, as = shop.site.owner) =>
    variantIdOf(shop.site.store, sku).then((variantId) => as.request('POST', `${RESTOCK}/send`, { productId: itemId(item), variantId }));
  const setInventory = (sku: string, stock: number) =>
    variantIdOf(shop.site.store, sku).then((variantId) => shop.site.owner.request('PUT', `/api/owner/inventory/${variantId}`, { stock }));
  const delivered = shop.mailsTo;

  it("keeps the owner's calls for the owner: 401 signed out, 403 without a store role", async () => {
    const variantId = await variantIdOf(shop.site.store, 'MUG-16');
    const visitor = new Visitor(shop.site.app);
    for (const [method, url, body] of [
      ['GET', `${RESTOCK}/groups`],
      ['GET', `${RESTOCK}?productId=${itemId('mug')}&variantId=${variantId}`],
      ['POST', `${RESTOCK}/send`, { productId: itemId('mug'), variantId }],
      ['POST', `${RESTOCK}/send/all`, { sendRequests: [{ productId: itemId('mug'), variantId }] }],
      ['PUT', `/api/owner/inventory/${variantId}`, { stock: 3 }],
    ] as const) {
      const res = await visitor.request(method, url, body);
      expect(res.status, url).toBe(401);
      expect(res.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    }
    expect((await visitor.request('GET', `${RESTOCK}/groups`)).json.data).toEqual({ message: "Sign in as the site's owner to continue." });
    await createTestOwner(shop.site.store.db, WEBSITE_ID, 'viewer@store.test', 'a long viewer password');
    await shop.site.store.db.updateTable('owner_accounts').set({ website_role: 10 }).where('email', '=', 'viewer@store.test').execute();
    const viewer = new Visitor(shop.site.app);
    await viewer.request('POST', '/api/owner/session', { email: 'viewer@store.test', password: 'a long viewer password' });
    expect((await viewer.request('GET', `${RESTOCK}/groups`)).json.code).toBe('PERMISSION_DENIED');
    expect((await viewer.request('PUT', `/api/owner/inventory/${variantId}`, { stock: 3 })).status).toBe(403);
    expect((await shop.site.app.inject({ method: 'GET', url: '/config/restock', headers: { host: 'store.test' } })).headers.location).toBe(
      '/config/login?next=%2Fconfig%2Frestock',
    );
  });

  it('mails nobody while the variant is out of stock: a 409 that says so', async () => {
    for (const email of ['ada@example.com', 'grace@example.com', 'alan@example.com']) await signUp('MUG-16', 'mug', email);
    const res = await send('MUG-16', 'mug');
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'RESTOCK_OUT_OF_STOCK',
      error: 'This variant is still out of stock: restock it before notifying the visitors waiting for it.',
      data: { message: 'This variant is still out of stock: restock it before notifying the visitors waiting for it.' },
    });
    expect(await outboxOf(shop.site.store, 'restock-notice')).toEqual([]);
    expect(await delivered('ada@example.com')).toEqual([]);
    expect((await signups(shop.site.store)).every((s) => s.status === 'waiting')).toBe(true);
  });

  it('once the owner restocks, mails every waiting visitor once; a second send mails nobody', async () => {
    const restocked = await setInventory('MUG-16', 4);
    expect(restocked.status).toBe(200);
    // restockAutoSend is off: restocking alone sends nothing.
    expect(restocked.json).toMatchObject({ sku: 'MUG-16', qtyInStock: 4, productId: itemId('mug'), restockNotificationsSent: null });
    expect(await outboxOf(shop.site.store, 'restock-notice')).toEqual([]);

    const res = await send('MUG-16', 'mug');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ productId: itemId('mug'), variantId: await variantIdOf(shop.site.store, 'MUG-16'), sent: 3 });
    for (const email of ['ada@example.com', 'grace@example.com', 'alan@example.com']) {
      const mails = await delivered(email);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Back in stock: Blue Mug');
      expect(mails[0]!.text).toContain('Good news: Blue Mug (Size: 16 oz) is back in stock at Fixture Store.');
      expect(mails[0]!.text).toContain('Shop now: http://store.test/shop/mug');
      expect(mails[0]!.html).toContain('<a href="http://store.test/shop/mug"');
    }
    const rows = await signups(shop.site.store);
    expect(rows.every((r) => r.status === 'notified' && r.notified_on !== null && r.outbox_id !== null)).toBe(true);
    expect((await send('MUG-16', 'mug')).json.sent).toBe(0);
    expect(await outboxOf(shop.site.store, 'restock-notice')).toHaveLength(3);
    // The owner's list shows them notified, with their mail delivered.
    const list = await shop.site.owner.request('GET', `${RESTOCK}?productId=${itemId('mug')}&variantId=${await variantIdOf(shop.site.store, 'MUG-16')}`);
    expect(list.json.signUps.map((s: { status: string; mailStatus: string }) => [s.status, s.mailStatus])).toEqual(Array(3).fill(['NOTIFIED', 'sent']));
    // Notified, the address may sign up again for the next time the variant sells out.
    await setInventory('MUG-16', 0);
    await signUp('MUG-16', 'mug', 'ada@example.com');
    expect((await signups(shop.site.store)).filter((r) => r.email === 'ada@example.com').map((r) => r.status)).toEqual(['notified', 'waiting']);
  });

  it('mails each signup exactly once when sends race, in one process and in two', async () => {
    await setStock(shop.site.store, 'PRINT-1', 0);
    const emails = Array.from({ length: 30 }, (_, i) => `buyer${String(i).padStart(2, '0')}@example.com`);
    for (const email of emails) await signUp('PRINT-1', 'print', email);
    await setInventory('PRINT-1', 2);
    const second = await shopSite(dialect, { smtpUrl: shop.smtp.url, store: shop.site.store, clock: shop.site.clock, setup: { restockBatch: 5 } });
    try {
      const answers = await Promise.all([
        send('PRINT-1', 'print'),
        send('PRINT-1', 'print'),
        send('PRINT-1', 'print', second.owner),
        send('PRINT-1', 'print', second.owner),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(
        answers.reduce((n, a) => n + a.json.sent, 0),
        JSON.stringify(answers.map((a) => a.json)),
      ).toBe(30);
      await drainOutbox(shop.site.store, shop.site.clock, [second.app, shop.site.app]);
    } finally {
      await second.close();
    }
    const notices = (await outboxOf(shop.site.store, 'restock-notice')).filter((m) => m.recipient.startsWith('buyer'));
    expect(notices.map((m) => m.recipient).sort()).toEqual(emails);
    expect(notices.every((m) => m.status === 'sent')).toBe(true);
    for (const email of emails)
      expect(
        shop.smtp.messages.filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);
  });

  it('sends several variants at once, each on its own: one still sold out does not stop the others', async () => {
    await setStock(shop.site.store, 'PEN-1', 0);
    await setStock(shop.site.store, 'WORKSHOP', 0);
    await signUp('PEN-1', 'pen', 'pen@example.com');
    await signUp('WORKSHOP', 'workshop', 'glaze@example.com');
    await setInventory('WORKSHOP', 6);
    const [pen, workshop] = await Promise.all([variantIdOf(shop.site.store, 'PEN-1'), variantIdOf(shop.site.store, 'WORKSHOP')]);
    const res = await shop.site.owner.request('POST', `${RESTOCK}/send/all`, {
      sendRequests: [
        { productId: itemId('pen'), variantId: pen },
        { productId: itemId('workshop'), variantId: workshop },
        { productId: itemId('pen'), variantId: workshop },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      sent: 1,
      results: [
        {
          productId: itemId('pen'),
          variantId: pen,
          sent: 0,
          error: { code: 'RESTOCK_OUT_OF_STOCK', message: 'This variant is still out of stock: restock it before notifying the visitors waiting for it.' },
        },
        { productId: itemId('workshop'), variantId: workshop, sent: 1 },
        {
          productId: itemId('pen'),
          variantId: workshop,
          sent: 0,
          error: { code: 'VARIANT_UNAVAILABLE', message: 'Sorry, that item variant is unavailable. Please select another variant.' },
        },
      ],
    });
    expect(await delivered('glaze@example.com')).toHaveLength(1);
    expect(await delivered('pen@example.com')).toEqual([]);
    const empty = await shop.site.owner.request('POST', `${RESTOCK}/send/all`, { sendRequests: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.data.message).toBe(empty.json.error);
  });

  it("sends automatically when a variant comes back into stock on a site with restockAutoSend: from the owner's stock call, and from the sweep", async () => {
    await shop.site.setMerchandising({ restockAutoSend: true });
    try {
      // PEN-1 is sold out with pen@example.com waiting (above).
      const restocked = await setInventory('PEN-1', 1);
      expect(restocked.json).toMatchObject({ qtyInStock: 1, restockNotificationsSent: 1 });
      expect(await delivered('pen@example.com')).toHaveLength(1);

      // Stock changed some other way (an import, a declined payment giving it back): the sweep finds it.
      await setStock(shop.site.store, 'BEANS-250', 0);
      await signUp('BEANS-250', 'beans', 'beans@example.com');
      expect(await shop.site.app.restock.sweep()).toBe(0);
      await setStock(shop.site.store, 'BEANS-250', 12);
      expect(await shop.site.app.restock.sweep()).toBe(1);
      expect(await shop.site.app.restock.sweep()).toBe(0);
      expect(await delivered('beans@example.com')).toHaveLength(1);
    } finally {
      await shop.site.setMerchandising({ restockAutoSend: false });
    }
    // Without restockAutoSend, stock coming back sends nothing by itself.
    await setStock(shop.site.store, 'BEANS-250', 0);
    await signUp('BEANS-250', 'beans', 'later@example.com');
    await setStock(shop.site.store, 'BEANS-250', 12);
    expect(await shop.site.app.restock.sweep()).toBe(0);
    expect((await setInventory('BEANS-250', 13)).json.restockNotificationsSent).toBeNull();
    expect(await delivered('later@example.com')).toEqual([]);
  });

  it("checks the owner's stock call: a whole number, a stocked variant of the site", async () => {
    const mug = await variantIdOf(shop.site.store, 'MUG-16');
    for (const stock of [-1, 1.5, '3', null, 2_000_000_001]) {
      const res = await shop.site.owner.request('PUT', `/api/owner/inventory/${mug}`, { stock });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ stock: 'Enter a whole number from 0 to 2000000000.' });
    }
    expect((await shop.site.owner.request('PUT', '/api/owner/inventory/nope', { stock: 1 })).json.code).toBe('VARIANT_UNAVAILABLE');
    const sticker = await variantIdOf(shop.site.store, 'STICKER');
    expect((await shop.site.owner.request('PUT', `/api/owner/inventory/${sticker}`, { stock: 1 })).json.errors.stock).toBe(
      'This variant has no stock to set: it never runs out.',
    );
  });
});

describe.each(DIALECTS)("the owner's restock lists on %s", (dialect) => {
  let site: ShopSite;
  beforeAll(async () => {
    site = await shopSite(dialect, { setup: { pageSize: 2 } });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('pages through groups and signups with cursors until there is no next page', async () => {
    const skus: [string, string][] = [
      ['MUG-16', 'mug'],
      ['PRINT-1', 'print'],
      ['PEN-1', 'pen'],
      ['WORKSHOP', 'workshop'],
      ['BEANS-250', 'beans'],
    ];
    for (const [sku] of skus) await setStock(site.store, sku, 0);
    for (const [sku, item] of skus) {
      const variantId = await variantIdOf(site.store, sku);
      for (let i = 0; i < (sku === 'MUG-16' ? 5 : 1); i++) {
        site.clock.advance(1000);
        const res = await new Visitor(site.app).request('POST', RESTOCK, {
          productId: itemId(item),
          variantId,
          siteVisitorEmail: `${sku.toLowerCase()}-${i}@example.com`,
          isJoinMailingList: i === 0,
        });
        expect(res.status).toBe(200);
      }
    }
    const groups: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await site.owner.request('GET', `${RESTOCK}/groups${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.json.signUpGroups.length).toBeLessThanOrEqual(2);
      expect(res.json.hasNextPage).toBe(res.json.nextPageCursor !== null);
      groups.push(...res.json.signUpGroups);
      cursor = res.json.nextPageCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(groups.map((g) => g.sku).sort()).toEqual(skus.map(([sku]) => sku).sort());
    expect(groups.find((g) => g.sku === 'MUG-16')).toMatchObject({
      productId: itemId('mug'),
      productTitle: 'Blue Mug',
      productUrl: '/shop/mug',
      variantText: 'Size: 16 oz',
      attributes: { Size: '16 oz' },
      waitingCount: 5,
      notifiedCount: 0,
      qtyInStock: 0,
      inStock: false,
      available: true,
    });

    const mug = await variantIdOf(site.store, 'MUG-16');
    const seen: string[] = [];
    cursor = null;
    do {
      const res = await site.owner.request(
        'GET',
        `${RESTOCK}?productId=${itemId('mug')}&variantId=${mug}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...res.json.signUps.map((s: { siteVisitorEmail: string }) => s.siteVisitorEmail));
      cursor = res.json.nextPageCursor;
    } while (cursor);
    // Newest first, each once.
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `mug-16-${i}@example.com`));
    const first = await site.owner.request('GET', `${RESTOCK}?productId=${itemId('mug')}&variantId=${mug}`);
    expect(first.json.signUps[0]).toEqual({
      id: expect.any(String),
      siteVisitorEmail: 'mug-16-4@example.com',
      isJoinMailingList: false,
      status: 'WAITING',
      created: expect.any(Number),
      notifiedOn: null,
      mailStatus: null,
    });

    for (const bad of ['nonsense', Buffer.from('{"v":1}').toString('base64url')]) {
      const res = await site.owner.request('GET', `${RESTOCK}/groups?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'CURSOR_INVALID', data: { message: 'The cursor is not valid: start again from the first page.' } });
    }
    const missing = await site.owner.request('GET', RESTOCK);
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ productId: 'Required', variantId: 'Required' });
  });
});
