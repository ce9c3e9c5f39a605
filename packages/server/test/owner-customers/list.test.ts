import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { Browser } from '../accounts/helpers.js';
import { ADDRESS, type CustomersSite, customersApp, orderMug } from './helpers.js';

// Checkout keeps the buyer's name from the shipping address: Bob ships to his own.
const BOB = { ...ADDRESS, firstName: 'Bob', lastName: 'Byrne' };

const LIST = '/api/owner/customers';

describe.each(DIALECTS)("the owner's customer list on %s", (dialect) => {
  let site: CustomersSite;
  let ada: { id: string; spent: number };
  let bobSpent: number;

  beforeAll(async () => {
    site = await customersApp(dialect);
    // Ada: an account, one paid order. Bob: a guest, two orders (one paid, one waiting for an offline
    // payment), his address in two cases. Carol: an account, no order. Dan: a declined attempt only.
    const a = new Browser(site.app);
    expect((await a.signUp('ada@example.com', 'correct horse', { firstName: 'Ada', lastName: 'Lovelace' })).status).toBe(201);
    site.clock.now += 1000;
    const adaOrder = await orderMug(a, 'ada@example.com');
    const b = new Browser(site.app);
    site.clock.now += 1000;
    const bobPaid = await orderMug(b, 'Bob@Example.com', 'test', BOB);
    site.clock.now += 1000;
    await orderMug(b, 'bob@example.com', 'offline', BOB);
    bobSpent = bobPaid.grandTotalCents;
    site.clock.now += 1000;
    expect((await new Browser(site.app).signUp('carol@example.com', 'correct horse', { firstName: 'Carol', lastName: 'Shaw' })).status).toBe(201);
    const d = new Browser(site.app);
    await d.add('shop', 'mug', 'MUG-12', 1);
    const declined = await d.checkout({
      email: 'dan@example.com',
      shippingAddress: { firstName: 'D', lastName: 'X', address1: '1 St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' },
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: '4000 0000 0000 0002' },
    });
    expect(declined.status).toBe(402);
    const account = await site.store.db.selectFrom('site_users').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    ada = { id: account.id, spent: adaOrder.grandTotalCents };
  });
  afterAll(async () => {
    await site?.close();
  });

  const list = (query = '', who: keyof CustomersSite['staff'] = 'admin') => site.staff[who].request('GET', `${LIST}${query}`);

  it('lists buyers (by lower-cased email) and visitor accounts, one row each, latest order first', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.currency).toBe('USD');
    expect(res.json.nextCursor).toBeNull();
    // Dan's only order was declined: he is no customer. Carol has no order: last.
    expect(res.json.customers.map((c: { email: string }) => c.email)).toEqual(['bob@example.com', 'ada@example.com', 'carol@example.com']);
    const [bob, adaRow, carol] = res.json.customers;
    expect(bob).toEqual({
      key: 'bob@example.com',
      email: 'bob@example.com',
      name: 'Bob Byrne',
      orderCount: 2,
      totalSpentCents: bobSpent,
      totalSpentMoney: { value: (bobSpent / 100).toFixed(2), currency: 'USD', decimalValue: (bobSpent / 100).toFixed(2), currencyCode: 'USD' },
      lastOrderOn: expect.any(Number),
      hasAccount: false,
      accountState: 'none',
      accountCreated: null,
      membershipCount: 0,
    });
    expect(adaRow).toMatchObject({
      key: ada.id,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      orderCount: 1,
      totalSpentCents: ada.spent,
      hasAccount: true,
      accountState: 'unverified',
      accountCreated: expect.any(Number),
      membershipCount: 0,
    });
    expect(carol).toMatchObject({ key: expect.any(String), name: 'Carol Shaw', orderCount: 0, totalSpentCents: 0, lastOrderOn: null, hasAccount: true });
  });

  it('searches by a part of the email or of the name, in any case; wildcards are plain text', async () => {
    const emails = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).json.customers.map((c: { email: string }) => c.email);
    expect(await emails('BOB@')).toEqual(['bob@example.com']);
    expect(await emails('lovel')).toEqual(['ada@example.com']);
    expect(await emails('  Carol ')).toEqual(['carol@example.com']);
    expect(await emails('%')).toEqual([]);
    expect(await emails('_')).toEqual([]);
    expect(await emails('nobody')).toEqual([]);
  });

  it('sorts by total spent, order count, email and newest account', async () => {
    const emails = async (sort: string) => (await list(`?sort=${sort}`)).json.customers.map((c: { email: string }) => c.email);
    const bySpent = [
      ['ada@example.com', ada.spent],
      ['bob@example.com', bobSpent],
    ].sort((x, y) => (y[1] as number) - (x[1] as number) || String(y[0]).localeCompare(String(x[0])));
    expect(await emails('total_spent')).toEqual([...bySpent.map((r) => r[0]), 'carol@example.com']);
    expect(await emails('order_count')).toEqual(['bob@example.com', 'ada@example.com', 'carol@example.com']);
    expect(await emails('email')).toEqual(['ada@example.com', 'bob@example.com', 'carol@example.com']);
    expect(await emails('newest_account')).toEqual(['carol@example.com', 'ada@example.com', 'bob@example.com']);
  });

  it('pages with an opaque cursor in every sort: each customer once, in the same order as one page', async () => {
    for (const sort of ['last_order', 'total_spent', 'order_count', 'email', 'newest_account']) {
      const whole = (await list(`?sort=${sort}`)).json.customers.map((c: { email: string }) => c.email);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await list(`?sort=${sort}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status, sort).toBe(200);
        paged.push(...res.json.customers.map((c: { email: string }) => c.email));
        cursor = res.json.nextCursor;
      } while (cursor);
      expect(paged, sort).toEqual(whole);
    }
  });

  it('answers bad queries with the field and its message, and a cursor of another sort as invalid', async () => {
    const bad = async (query: string) => {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      return res.json;
    };
    expect(await bad('?sort=cheapest')).toEqual({
      error: 'One or more fields is invalid, please check your entries.',
      code: 'VALIDATION_FAILED',
      errors: { sort: 'Sort by last_order, total_spent, order_count, email, newest_account.' },
    });
    expect((await bad('?limit=0')).errors).toEqual({ limit: 'Choose a page size from 1 to 100.' });
    expect((await bad('?limit=101')).errors).toEqual({ limit: 'Choose a page size from 1 to 100.' });
    expect((await bad('?limit=ten')).errors).toEqual({ limit: 'Choose a page size from 1 to 100.' });
    expect((await bad(`?q=${'x'.repeat(201)}`)).errors).toEqual({ q: 'Search with at most 200 characters.' });
    const first = await list('?sort=email&limit=1');
    const other = await bad(`?sort=total_spent&cursor=${first.json.nextCursor}`);
    expect(other).toEqual({ error: 'The cursor is not valid: start again from the first page.', code: 'CURSOR_INVALID' });
    expect((await bad('?cursor=not-a-cursor')).code).toBe('CURSOR_INVALID');
  });
});
