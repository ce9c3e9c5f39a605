import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/storage/ids.js';
import { DIALECTS } from '../helpers/store.js';
import { type StaffName, signInStaff } from '../owner-reviews/helpers.js';
import { Visitor, WEBSITE_ID, mailingShop } from '../restock/helpers.js';

const API = '/api/owner/mailing-list';
const MINUTE = 60_000;

describe.each(DIALECTS)('the mailing list in the studio on %s', (dialect) => {
  const shop = mailingShop(dialect);
  let staff: Record<StaffName, Visitor>;
  const owner = () => shop.site.owner;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    staff = await signInStaff(shop.site);
    const start = shop.site.clock.now - 10 * MINUTE;
    const rows = [
      ['ada@example.com', 'subscribed', 'newsletter-form'],
      ['grace@example.com', 'pending', 'restock'],
      ['=cmd@example.com', 'unsubscribed', 'newsletter-form'],
      ['linus@example.com', 'subscribed', 'checkout'],
    ] as const;
    for (const [i, [email, status, source]] of rows.entries()) {
      const id = newId();
      ids.set(email, id);
      const at = start + i * MINUTE;
      await shop.site.store.db
        .insertInto('mailing_list_subscribers')
        .values({
          id,
          website_id: WEBSITE_ID,
          email,
          status,
          source,
          created_on: at,
          updated_on: at,
          confirmed_on: status === 'subscribed' ? at + 1000 : null,
          unsubscribed_on: status === 'unsubscribed' ? at + 2000 : null,
        })
        .execute();
    }
  });

  const emails = async (query: string) => {
    const res = await owner().request('GET', `${API}${query}`);
    expect(res.status, `${query}: ${res.body}`).toBe(200);
    return res.json.subscribers.map((s: { email: string }) => s.email);
  };

  it('lists the subscribers newest first with their state, source and dates, and the counts per state', async () => {
    const res = await owner().request('GET', API);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.counts).toEqual({ pending: 1, subscribed: 2, unsubscribed: 1 });
    expect(res.json.nextCursor).toBeNull();
    expect(res.json.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'linus@example.com',
      '=cmd@example.com',
      'grace@example.com',
      'ada@example.com',
    ]);
    const ada = res.json.subscribers[3];
    expect(ada).toEqual({
      id: ids.get('ada@example.com'),
      email: 'ada@example.com',
      status: 'subscribed',
      source: 'newsletter-form',
      created: shop.site.clock.now - 10 * MINUTE,
      updatedOn: shop.site.clock.now - 10 * MINUTE,
      confirmedOn: shop.site.clock.now - 10 * MINUTE + 1000,
      unsubscribedOn: null,
    });
  });

  it('searches, filters by state and source, pages with a cursor, and refuses bad input with each message', async () => {
    expect(await emails('?q=GRACE')).toEqual(['grace@example.com']);
    expect(await emails('?status=subscribed')).toEqual(['linus@example.com', 'ada@example.com']);
    expect(await emails('?source=newsletter-form')).toEqual(['=cmd@example.com', 'ada@example.com']);
    expect(await emails('?status=pending&source=newsletter-form')).toEqual([]);
    expect(await emails('?q=%25')).toEqual([]);
    // The counts follow the search and the source, not the state.
    expect((await owner().request('GET', `${API}?source=newsletter-form&status=pending`)).json.counts).toEqual({ pending: 0, subscribed: 1, unsubscribed: 1 });

    const seen: string[] = [];
    let cursor: string | null = '';
    for (let i = 0; i < 6 && cursor !== null; i++) {
      const page = await owner().request('GET', `${API}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.subscribers.map((s: { email: string }) => s.email));
      cursor = page.json.nextCursor;
      // The counts go with the first page only.
      if (i > 0) expect(page.json.counts).toBeNull();
    }
    expect(seen).toEqual(['linus@example.com', '=cmd@example.com', 'grace@example.com', 'ada@example.com']);

    const bad = await owner().request('GET', `${API}?status=gone&q=${'x'.repeat(201)}&source=${'s'.repeat(101)}&limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'One or more fields is invalid, please check your entries.',
      errors: {
        status: 'Choose one of pending, subscribed, unsubscribed.',
        q: 'Enter at most 200 characters.',
        source: 'Enter a source of at most 100 characters.',
        limit: 'Enter a whole number from 1 to 100.',
      },
    });
    expect((await owner().request('GET', `${API}?cursor=%7B`)).json.code).toBe('CURSOR_INVALID');
  });

  it('lists an address that signed up through the newsletter form as waiting for its confirmation', async () => {
    const db = shop.site.store.db;
    await db.transaction().execute((tx) =>
      shop.site.app.mailingList.optIn(tx, {
        site: { websiteId: WEBSITE_ID, baseUrl: 'http://store.test', from: 'shop@store.test', siteTitle: 'Store' },
        email: 'New@Example.com',
        source: 'newsletter-form',
      }),
    );
    const res = await owner().request('GET', `${API}?status=pending`);
    expect(res.json.subscribers[0]).toMatchObject({ email: 'new@example.com', status: 'pending', source: 'newsletter-form', confirmedOn: null });
    ids.set('new@example.com', res.json.subscribers[0].id);
    // The counts are kept by the store's triggers, whichever code changes an address.
    expect(res.json.counts).toEqual({ pending: 2, subscribed: 2, unsubscribed: 1 });
    await db.updateTable('mailing_list_subscribers').set({ status: 'subscribed' }).where('email', '=', 'new@example.com').execute();
    expect((await owner().request('GET', API)).json.counts).toEqual({ pending: 1, subscribed: 3, unsubscribed: 1 });
    await db.updateTable('mailing_list_subscribers').set({ status: 'pending' }).where('email', '=', 'new@example.com').execute();
    expect((await owner().request('GET', `${API}?source=newsletter-form`)).json.counts).toEqual({ pending: 1, subscribed: 1, unsubscribed: 1 });
  });

  it('exports the filtered list as CSV, with formula cells made harmless', async () => {
    const res = await owner().request('GET', `${API}/export.csv?source=newsletter-form`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mailing-list-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Email,Status,Source,Signed up,Confirmed,Unsubscribed');
    expect(lines.slice(1, -1).map((l) => l.split(',').slice(0, 3))).toEqual([
      ['new@example.com', 'Waiting for confirmation', 'newsletter-form'],
      ["'=cmd@example.com", 'Unsubscribed', 'newsletter-form'],
      ['ada@example.com', 'Subscribed', 'newsletter-form'],
    ]);
    // Dates in ISO 8601 with the site's offset.
    expect(lines[3]!.split(',')[3]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(lines.at(-1)).toBe('');
    const bad = await owner().request('GET', `${API}/export.csv?status=nope`);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ status: 'Choose one of pending, subscribed, unsubscribed.' });
  });

  it('removes an address for good (a privacy request); an unknown one answers 404', async () => {
    const id = ids.get('grace@example.com')!;
    const res = await owner().request('DELETE', `${API}/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true, counts: { pending: 1, subscribed: 2, unsubscribed: 1 } });
    expect(await emails('?q=grace')).toEqual([]);
    const again = await owner().request('DELETE', `${API}/${id}`);
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('NOT_FOUND');
  });

  it('lets a store manager and a campaigns editor in; answers a moderator, an editor and a viewer 403, nobody 401, a removal without the crumb 403', async () => {
    const id = ids.get('linus@example.com')!;
    const reads = [API, `${API}/export.csv`, '/config/mailing-list'];
    for (const who of ['shop', 'campaigns'] as const) {
      for (const url of reads) expect((await staff[who].request('GET', url)).status, `${who} ${url}`).toBe(200);
    }
    for (const who of ['moderator', 'editor', 'viewer'] as const) {
      for (const [method, url] of [
        ['GET', API],
        ['GET', `${API}/export.csv`],
        ['DELETE', `${API}/${id}`],
      ] as const) {
        const res = await staff[who].request(method, url);
        expect(res.status, `${who} ${method} ${url}`).toBe(403);
        expect(res.json.code).toBe('PERMISSION_DENIED');
      }
    }
    for (const [method, url] of [
      ['GET', API],
      ['GET', `${API}/export.csv`],
      ['DELETE', `${API}/${id}`],
    ] as const) {
      const res = await new Visitor(shop.site.app).request(method, url);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    }
    const crumbless = await owner().request('DELETE', `${API}/${id}`, undefined, { 'x-csrf-token': '' });
    expect(crumbless.status).toBe(403);
    expect(crumbless.json.code).toBe('CRUMB_FAIL');
    expect(await emails('?q=linus')).toEqual(['linus@example.com']);
    expect((await staff.campaigns.request('DELETE', `${API}/${id}`)).status).toBe(200);
  });
  it('finds rare and frequent addresses alike: a search of many matches walks the list, one of few reads them from the email index', async () => {
    // 2,100 addresses, older than the others, newest first by their number.
    const start = shop.site.clock.now - 100 * 24 * 60 * MINUTE;
    const rows = Array.from({ length: 2100 }, (_, n) => ({
      id: newId(),
      website_id: WEBSITE_ID,
      email: `bulk-${n}@list.test`,
      status: 'subscribed' as const,
      source: 'import',
      created_on: start + n * MINUTE,
      updated_on: start + n * MINUTE,
      confirmed_on: start + n * MINUTE,
      unsubscribed_on: null,
    }));
    for (let i = 0; i < rows.length; i += 300)
      await shop.site.store.db
        .insertInto('mailing_list_subscribers')
        .values(rows.slice(i, i + 300))
        .execute();
    const newest = (ns: number[]) => ns.map((n) => `bulk-${n}@list.test`);
    // Many matches (every one of them): the first page is the 50 newest.
    expect(await emails('?q=bulk-')).toEqual(newest(Array.from({ length: 50 }, (_, i) => 2099 - i)));
    // Few (111: bulk-19, bulk-190 to 199, bulk-1900 to 1999), found in the email index, still newest first.
    const few = await owner().request('GET', `${API}?q=bulk-19`);
    expect(few.json.subscribers.map((s: { email: string }) => s.email)).toEqual(newest(Array.from({ length: 50 }, (_, i) => 1999 - i)));
    expect(few.json.counts).toEqual({ pending: 0, subscribed: 111, unsubscribed: 0 });
    expect((await owner().request('GET', `${API}?q=bulk-`)).json.counts).toEqual({ pending: 0, subscribed: 2100, unsubscribed: 0 });
    expect((await owner().request('GET', `${API}?q=nobody-at-all`)).json).toMatchObject({
      subscribers: [],
      counts: { pending: 0, subscribed: 0, unsubscribed: 0 },
    });
    expect(await emails('?q=bulk-2099')).toEqual(newest([2099]));
  });
});
