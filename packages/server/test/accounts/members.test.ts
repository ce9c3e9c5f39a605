import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner } from '../helpers/passwords.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID, itemId, membersApp, orderTokenOf, type MembersSite } from './helpers.js';

const SECRET_TEXT = 'Secret body of lesson two';

/** Everything a page answers, as text: nothing of a denied lesson may be in it. */
async function body(b: Browser, url: string) {
  const html = await b.request('GET', url);
  const json = await b.page(url);
  return { status: html.status, html: html.body, json: json.json, jsonText: json.body, jsonStatus: json.status };
}

describe.each(DIALECTS)("members' areas on %s", (dialect) => {
  let site: MembersSite;
  beforeAll(async () => {
    site = await membersApp(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('answers the access-denied page (106) to visitors, on every page of the area and in ?format=json, with nothing of its content', async () => {
    const b = new Browser(site.app);
    for (const url of ['/lessons', '/lessons/two', '/lessons/does-not-exist', '/lessons?page=2']) {
      const page = await body(b, url);
      expect(page.status, url).toBe(403);
      expect(page.jsonStatus).toBe(403);
      expect(page.json.pageType).toBe(106);
      expect(page.jsonText).not.toContain(SECRET_TEXT);
      expect(page.html).not.toContain(SECRET_TEXT);
      expect(page.jsonText).not.toContain('Lesson Two');
      expect(page.json.collection).toMatchObject({ title: 'Lessons', access: 'members' });
      expect(page.json.items).toBeUndefined();
    }
    const denied = (await b.page('/lessons')).json;
    expect(denied.memberAccess).toMatchObject({
      area: 'members',
      signedIn: false,
      paymentProvider: 'test',
      signInUrl: '/account/login?next=%2Flessons',
      previewItems: [{ title: 'Lesson One', fullUrl: '/lessons/one' }],
    });
    expect(denied.memberAccess.joinOptions).toEqual([
      expect.objectContaining({
        itemId: itemId('shop', 'club'),
        sku: 'CLUB-LIFE',
        priceText: '$49.00',
        pricing: 'one-time',
        expressCheckout: { itemId: itemId('shop', 'club'), sku: 'CLUB-LIFE' },
      }),
      expect.objectContaining({
        itemId: itemId('shop', 'club-monthly'),
        sku: 'CLUB-MONTH',
        pricing: 'subscription',
        priceText: expect.stringContaining('$9.00'),
      }),
    ]);
    // The theme's page: a join button and a sign-in link.
    const html = (await b.request('GET', '/lessons')).body;
    expect(html).toContain('data-member-join');
    expect(html).toContain('class="page-type-106');
  });

  it('shows a preview lesson to visitors with its video locked, and never serves a locked video or a members-only picture', async () => {
    const b = new Browser(site.app);
    const preview = await b.page('/lessons/one');
    expect(preview.status).toBe(200);
    expect(preview.json.pageType).toBe(50);
    expect(preview.json.item.video).toMatchObject({ locked: true, url: null, captionsUrl: null });
    expect(preview.json.memberAccess.joinOptions.length).toBe(2);
    expect(preview.body).not.toContain('one.webm');
    for (const asset of ['/assets/lessons/one.webm', '/assets/lessons/one.vtt', '/assets/lessons/two.webm', '/assets/lessons/two.svg']) {
      const res = await b.request('GET', asset);
      expect(res.status, asset).toBe(403);
      expect(res.json.code).toBe('MEMBERS_ONLY');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // The preview's own picture is on a page anyone may open.
    expect((await b.request('GET', '/assets/lessons/one.svg')).status).toBe(200);
    // Public assets stay public and cacheable.
    expect((await b.request('GET', '/assets/shop/mug.svg')).headers['cache-control']).toBe('public, max-age=300');
  });

  it('keeps the area out of search and summaries for visitors', async () => {
    const b = new Browser(site.app);
    const search = await b.page('/search?q=espresso');
    expect(search.json.items.map((i: { title: string }) => i.title)).toEqual(['Roast day']);
    expect(search.body).not.toContain(SECRET_TEXT);
  });

  it('joins through the paywall product: express checkout, sign-up with the order, then the area opens', async () => {
    const b = new Browser(site.app);
    const order = await b.join('club', 'joiner@example.com');
    expect(order.status).toBe(201);
    const token = orderTokenOf(order);
    // Not signed in: the membership-confirmed page (208) asks to make an account.
    const confirm = await b.page(`/commerce/membership-confirmed?token=${encodeURIComponent(token)}`);
    expect(confirm.json.pageType).toBe(208);
    expect(confirm.json.membership).toMatchObject({ status: 'sign-in-required', signedIn: false, customerEmail: 'joiner@example.com' });
    // The order confirmed page links there.
    const confirmed = await b.page(new URL(order.json.confirmationUrl, 'http://x').pathname + new URL(order.json.confirmationUrl, 'http://x').search);
    expect(confirmed.json.membershipConfirmationUrl).toBe(`/commerce/membership-confirmed?token=${encodeURIComponent(token)}`);
    const signUp = await b.signUp('joiner@example.com', 'correct horse', { orderToken: token });
    expect(signUp.status).toBe(201);
    expect(signUp.json.memberships).toEqual([expect.objectContaining({ area: 'members', pricing: 'one-time', expiresOn: null, active: true })]);
    const lessons = await body(b, '/lessons');
    expect(lessons.status).toBe(200);
    expect(lessons.json.pageType).toBe(1);
    expect(lessons.json.items.map((i: { title: string }) => i.title)).toEqual(['Lesson One', 'Lesson Two']);
    const two = await b.page('/lessons/two');
    expect(two.json.item.body).toContain(SECRET_TEXT);
    expect(two.json.item.video).toMatchObject({ locked: false, url: expect.stringMatching(/^\/assets\/lessons\/two\.webm\?v=/), contentType: 'video/webm' });
    const video = await b.request('GET', two.json.item.video.url);
    expect(video.status).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    // A restricted file is never kept by a shared cache.
    expect(video.headers['cache-control']).toBe('private, no-cache');
    const one = await b.page('/lessons/one');
    expect(one.json.item.video).toMatchObject({ locked: false, captionsUrl: expect.stringContaining('/assets/lessons/one.vtt') });
    expect((await b.page('/search?q=espresso')).json.items.map((i: { title: string }) => i.title).sort()).toEqual(['Lesson Two', 'Roast day']);
    // The order is the member's now; claiming it again is harmless, another account cannot.
    const again = await b.request('POST', '/api/site-users/account/memberships', { orderToken: token });
    expect(again.status).toBe(200);
    const thief = new Browser(site.app);
    await thief.signUp('thief@example.com');
    const stolen = await thief.request('POST', '/api/site-users/account/memberships', { orderToken: token });
    expect(stolen.status).toBe(409);
    expect(stolen.json.code).toBe('MEMBERSHIP_CLAIMED');
    expect((await thief.page('/lessons')).status).toBe(403);
    const forged = await thief.request('POST', '/api/site-users/account/memberships', { orderToken: `${token.split('.')[0]}.${'A'.repeat(43)}` });
    expect(forged.json.code).toBe('MEMBERSHIP_ORDER_INVALID');
    // The account page lists the membership and the order.
    const account = await b.page('/account');
    expect(account.json.account.memberships).toEqual([expect.objectContaining({ area: 'members', collections: [{ title: 'Lessons', fullUrl: '/lessons' }] })]);
    expect(account.json.account.orders.map((o: { id: string }) => o.id)).toEqual([order.json.order.id]);
  });

  it('signs the member out: the area is closed again', async () => {
    const b = new Browser(site.app);
    await b.signIn('joiner@example.com');
    expect((await b.page('/lessons/two')).status).toBe(200);
    await b.signOut(false);
    const after = await b.page('/lessons/two');
    expect(after.status).toBe(403);
    expect(after.json.pageType).toBe(106);
    expect(after.body).not.toContain(SECRET_TEXT);
  });

  it('grants a subscription for the period paid for, then closes the area when it ends', async () => {
    const b = new Browser(site.app);
    await b.signUp('monthly@example.com');
    const order = await b.join('club-monthly', 'monthly@example.com');
    expect(order.status).toBe(201);
    const claimed = await b.request('POST', '/api/site-users/account/memberships', { orderToken: orderTokenOf(order) });
    expect(claimed.status).toBe(200);
    const grant = claimed.json.memberships[0];
    expect(grant).toMatchObject({ area: 'members', pricing: 'subscription', active: true });
    const paid = new Date(grant.startsOn);
    const end = new Date(grant.expiresOn);
    expect((end.getUTCMonth() - paid.getUTCMonth() + 12) % 12).toBe(1);
    expect((await b.page('/lessons/two')).status).toBe(200);
    site.clock.now = grant.expiresOn + 1;
    expect((await b.page('/lessons/two')).status).toBe(403);
    site.clock.now = Date.now();
  });

  it('does not grant an order that is not paid yet, nor an order without a membership', async () => {
    const b = new Browser(site.app);
    await b.signUp('pending@example.com');
    const offline = await b.checkout({ expressCheckout: { itemId: itemId('shop', 'club') }, email: 'pending@example.com', payment: { provider: 'offline' } });
    expect(offline.status).toBe(201);
    const pending = await b.request('POST', '/api/site-users/account/memberships', { orderToken: orderTokenOf(offline) });
    expect(pending.json.code).toBe('MEMBERSHIP_NOT_PAID');
    expect((await b.page(`/commerce/membership-confirmed?token=${encodeURIComponent(orderTokenOf(offline))}`)).json.membership.status).toBe('pending');
    const plain = await b.checkout({
      expressCheckout: { itemId: itemId('shop', 'mug'), sku: 'MUG-12' },
      email: 'pending@example.com',
      shippingAddress: { firstName: 'A', lastName: 'B', address1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' },
    });
    expect(plain.status).toBe(201);
    expect((await b.request('POST', '/api/site-users/account/memberships', { orderToken: orderTokenOf(plain) })).json.code).toBe('MEMBERSHIP_ORDER_INVALID');
    expect((await b.page(`/commerce/membership-confirmed?token=${encodeURIComponent(orderTokenOf(plain))}`)).status).toBe(404);
    expect((await b.page('/lessons')).status).toBe(403);
  });

  it('links a membership bought while signed in on the membership-confirmed page', async () => {
    const b = new Browser(site.app);
    await b.signUp('signed-in-buyer@example.com');
    const order = await b.join('club', 'signed-in-buyer@example.com');
    const page = await b.page(`/commerce/membership-confirmed?token=${encodeURIComponent(orderTokenOf(order))}`);
    expect(page.json.membership).toMatchObject({ status: 'active', signedIn: true });
    expect(page.json.membership.memberships[0].collections).toEqual([{ title: 'Lessons', fullUrl: '/lessons' }]);
    expect((await b.page('/lessons')).status).toBe(200);
  });

  it("lets the site's staff preview the area, and shows members' areas in the navigation", async () => {
    await createTestOwner(site.store.db, WEBSITE_ID, 'owner@members.test', 'owner password 1');
    const b = new Browser(site.app);
    expect((await b.request('POST', '/api/owner/session', { email: 'owner@members.test', password: 'owner password 1' })).status).toBe(200);
    expect((await b.page('/lessons/two')).status).toBe(200);
    const nav = (await new Browser(site.app).page('/journal')).json.navigation.main;
    expect(nav.find((n: { title: string }) => n.title === 'Lessons')).toMatchObject({ fullUrl: '/lessons', access: 'members' });
  });
});
