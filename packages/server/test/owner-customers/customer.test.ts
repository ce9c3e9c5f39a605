import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { Browser, orderTokenOf } from '../accounts/helpers.js';
import { ADDRESS, type CustomersSite, JOURNAL_ID, LESSONS_ID, customersApp, orderMug } from './helpers.js';

const API = '/api/owner/customers';
const OTHER_ADDRESS = { ...ADDRESS, address1: '2 Difference Engine Rd', city: 'London', region: '', postalCode: 'N1 7AA', country: 'GB' };

describe.each(DIALECTS)("one customer in the owner's API on %s", (dialect) => {
  let site: CustomersSite;
  /** Ada's own browser, signed in to her visitor account. */
  let ada: Browser;
  let adaId: string;
  let orders: { id: string; orderNumber: number; grandTotalCents: number }[];

  beforeAll(async () => {
    site = await customersApp(dialect);
    ada = new Browser(site.app);
    expect((await ada.signUp('ada@example.com', 'correct horse', { firstName: 'Ada', lastName: 'Lovelace' })).status).toBe(201);
    orders = [];
    orders.push(await orderMug(ada, 'ada@example.com'));
    site.clock.now += 60_000;
    orders.push(await orderMug(ada, 'Ada@Example.com', 'offline', OTHER_ADDRESS));
    site.clock.now += 60_000;
    orders.push(await orderMug(ada, 'ada@example.com'));
    await orderMug(new Browser(site.app), 'guest@example.com', 'offline', { ...ADDRESS, firstName: 'Gus', lastName: 'Guest' });
    adaId = (await site.store.db.selectFrom('site_users').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await site?.close();
  });

  const call = (method: string, url: string, payload?: unknown, who: keyof CustomersSite['staff'] = 'shop') => site.staff[who].request(method, url, payload);

  it('answers a customer by account id or by email: orders newest first with their links, addresses, account state', async () => {
    const byId = await call('GET', `${API}/${adaId}`);
    expect(byId.status).toBe(200);
    expect(byId.headers['cache-control']).toBe('no-store');
    const byEmail = await call('GET', `${API}/${encodeURIComponent('ADA@example.com')}`);
    expect(byEmail.json).toEqual(byId.json);
    const d = byId.json;
    const paid = orders[0]!.grandTotalCents + orders[2]!.grandTotalCents;
    expect(d.customer).toEqual({
      key: adaId,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      orderCount: 3,
      totalSpentCents: paid,
      totalSpentMoney: expect.objectContaining({ value: (paid / 100).toFixed(2), currency: 'USD' }),
      lastOrderOn: expect.any(Number),
      hasAccount: true,
    });
    expect(d.orders.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([orders[2]!.orderNumber, orders[1]!.orderNumber, orders[0]!.orderNumber]);
    expect(d.orders[1]).toEqual({
      id: orders[1]!.id,
      orderNumber: orders[1]!.orderNumber,
      kind: 'order',
      created: expect.any(Number),
      paymentStatus: 'PENDING',
      fulfillmentStatus: 'PENDING',
      itemCount: 1,
      grandTotalCents: orders[1]!.grandTotalCents,
      grandTotalMoney: expect.objectContaining({ currency: 'USD' }),
      refundedCents: 0,
      url: `/config/orders/${orders[1]!.id}`,
    });
    expect(d.moreOrders).toBe(false);
    // Two distinct addresses, the one used last first, each with how often it was used.
    expect(d.addresses).toEqual([
      { address: expect.objectContaining({ address1: '1 Analytical Way', city: 'Hudson' }), orderCount: 2, lastUsedOn: expect.any(Number) },
      { address: expect.objectContaining({ address1: '2 Difference Engine Rd', country: 'GB' }), orderCount: 1, lastUsedOn: expect.any(Number) },
    ]);
    expect(d.memberships).toEqual([]);
    expect(d.account).toEqual({
      id: adaId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      created: expect.any(Number),
      verified: false,
      verifiedOn: null,
      activeSessions: 1,
      lastSignInOn: expect.any(Number),
    });
    expect(d.currency).toBe('USD');
  });

  it('answers a guest without an account, and 404 for an unknown key', async () => {
    const guest = await call('GET', `${API}/guest%40example.com`);
    expect(guest.status).toBe(200);
    expect(guest.json.customer).toMatchObject({ key: 'guest@example.com', hasAccount: false, orderCount: 1, totalSpentCents: 0 });
    expect(guest.json.account).toBeNull();
    expect(guest.json.memberships).toEqual([]);
    for (const key of ['nobody%40example.com', 'ffffffffffffffffffffffff']) {
      const res = await call('GET', `${API}/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.json).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
    }
  });

  it("grants a members' area that opens at the member's next page, and takes it back, closing it at once", async () => {
    expect((await ada.page('/lessons/two')).status).toBe(403);
    const granted = await call('POST', `${API}/${adaId}/memberships`, { collectionId: LESSONS_ID });
    expect(granted.status).toBe(200);
    expect(granted.json.memberships).toEqual([
      {
        area: 'members',
        collections: [{ collectionId: LESSONS_ID, title: 'Lessons', url: '/lessons' }],
        grantedBy: 'staff',
        order: null,
        staffEmail: 'shop@staff.test',
        pricing: 'one-time',
        grantedOn: site.clock.now,
        changedOn: site.clock.now,
        startsOn: site.clock.now,
        expiresOn: null,
        active: true,
      },
    ]);
    const open = await ada.page('/lessons/two');
    expect(open.status).toBe(200);
    expect(open.body).toContain('Secret body of lesson two');
    // The page itself too, as the browser asks for it (no query string).
    expect((await ada.request('GET', '/lessons/two')).status).toBe(200);
    expect((await call('GET', `${API}/${adaId}`)).json.memberships).toEqual(granted.json.memberships);
    expect((await call('GET', `${API}?q=ada`)).json.customers[0].membershipCount).toBe(1);
    // Granting again keeps one membership.
    expect((await call('POST', `${API}/ada%40example.com/memberships`, { collectionId: LESSONS_ID })).json.memberships).toHaveLength(1);

    const revoked = await call('DELETE', `${API}/${adaId}/memberships/${LESSONS_ID}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ revoked: true, memberships: [] });
    expect((await ada.page('/lessons/two')).status).toBe(403);
    expect((await ada.request('GET', '/lessons/two')).status).toBe(403);
    // A second click changes nothing and says so.
    expect((await call('DELETE', `${API}/${adaId}/memberships/${LESSONS_ID}`)).json).toEqual({ revoked: false, memberships: [] });
  });

  it('shows a membership bought with an order as granted by that order; revoking it closes the area too', async () => {
    const buyer = new Browser(site.app);
    expect((await buyer.signUp('club@example.com')).status).toBe(201);
    const joined = await buyer.join('club', 'club@example.com');
    expect(joined.status).toBe(201);
    expect((await buyer.request('POST', '/api/site-users/account/memberships', { orderToken: orderTokenOf(joined) })).status).toBe(200);
    expect((await buyer.page('/lessons/two')).status).toBe(200);
    const detail = (await call('GET', `${API}/club%40example.com`)).json;
    expect(detail.memberships).toEqual([
      expect.objectContaining({
        area: 'members',
        grantedBy: 'order',
        order: { id: joined.json.order.id, orderNumber: joined.json.order.orderNumber, url: `/config/orders/${joined.json.order.id}` },
        staffEmail: null,
        active: true,
      }),
    ]);
    expect((await call('DELETE', `${API}/${detail.customer.key}/memberships/${LESSONS_ID}`)).json.revoked).toBe(true);
    expect((await buyer.page('/lessons/two')).status).toBe(403);
  });

  it('refuses a collection that is no members area, and account actions for a customer without an account', async () => {
    for (const body of [{ collectionId: JOURNAL_ID }, { collectionId: 'nope' }, {}, { collectionId: 7 }, { collectionId: LESSONS_ID, extra: 1 }]) {
      const res = await call('POST', `${API}/${adaId}/memberships`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual({
        error: 'One or more fields is invalid, please check your entries.',
        code: 'VALIDATION_FAILED',
        errors: { collectionId: "Choose one of the site's members' areas." },
      });
    }
    expect((await call('DELETE', `${API}/${adaId}/memberships/${JOURNAL_ID}`)).status).toBe(404);
    const noAccount = {
      error: 'This customer has no account on the site (they ordered as a guest): memberships, password resets and sign-outs need one.',
      code: 'CUSTOMER_HAS_NO_ACCOUNT',
    };
    for (const [method, path, body] of [
      ['POST', 'memberships', { collectionId: LESSONS_ID }],
      ['DELETE', `memberships/${LESSONS_ID}`, undefined],
      ['POST', 'password-reset', undefined],
      ['POST', 'sign-out', undefined],
    ] as const) {
      const res = await call(method, `${API}/guest%40example.com/${path}`, body);
      expect(res.status, path).toBe(409);
      expect(res.json).toEqual(noAccount);
    }
    for (const path of ['password-reset', 'sign-out']) expect((await call('POST', `${API}/nobody%40example.com/${path}`)).status).toBe(404);
  });

  it("mails the account's password reset link, which sets a new password", async () => {
    const sent = await call('POST', `${API}/${adaId}/password-reset`);
    expect(sent.status).toBe(202);
    expect(sent.json).toEqual({ sent: true, to: 'ada@example.com' });
    const mails = await site.store.db.selectFrom('outbox').select(['recipient', 'text_body']).where('kind', '=', 'account-password-reset').execute();
    expect(mails.map((m) => m.recipient)).toEqual(['ada@example.com']);
    const token = /http:\/\/members\.test\/account\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text_body)![1]!;
    // Following the link signs Ada in with her new password (and ends her other sessions).
    const done = await ada.request('POST', '/api/site-users/account/password-reset/confirm', { token, password: 'a new password 2' });
    expect(done.status).toBe(200);
    ada.xsrfToken = done.json.xsrfToken;
    expect((await call('GET', `${API}/${adaId}`)).json.account).toMatchObject({ verified: true, activeSessions: 1 });
  });

  it("ends every session of the account: the member's browsers are signed out at their next request", async () => {
    const phone = new Browser(site.app);
    expect((await phone.signIn('ada@example.com', 'a new password 2')).status).toBe(200);
    for (const b of [ada, phone]) expect((await b.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(true);
    expect((await call('GET', `${API}/${adaId}`)).json.account.activeSessions).toBe(2);
    const ended = await call('POST', `${API}/${adaId}/sign-out`);
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ endedSessions: 2 });
    for (const b of [ada, phone]) expect((await b.request('GET', '/api/site-users/account/session')).json.authenticated).toBe(false);
    expect((await call('GET', `${API}/${adaId}`)).json.account).toMatchObject({ activeSessions: 0, lastSignInOn: null });
    expect((await call('POST', `${API}/${adaId}/sign-out`)).json).toEqual({ endedSessions: 0 });
  });
});
