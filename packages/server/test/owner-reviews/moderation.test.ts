import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../src/site-dir/index.js';
import { readSiteDirectory } from '../../src/site-dir/read.js';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, itemId, mailingShop } from '../restock/helpers.js';
import { type StaffName, paidOrder, signInStaff, writeReview } from './helpers.js';

const API = '/api/owner/reviews';
const SETTINGS = `${API}/settings`;
const OWNER = 'owner@store.test';

describe.each(DIALECTS)('review moderation on %s', (dialect) => {
  const shop = mailingShop(dialect);
  let staff: Record<StaffName, Visitor>;
  const owner = () => shop.site.owner;
  const productPage = async (item = 'mug') => (await new Visitor(shop.site.app).page(`/shop/${item}`)).json.productReviews;
  let firstToken = '';
  let firstOrder: { id: string; orderNumber: number };
  let pendingId = '';

  beforeAll(async () => {
    staff = await signInStaff(shop.site);
  });

  it('reads and saves whether reviews wait for approval, compare-and-set with the store settings', async () => {
    const read = await owner().request('GET', SETTINGS);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ version: expect.any(String), reviewsEnabled: true, reviewsRequireApproval: false });
    const saved = await owner().request('PUT', SETTINGS, { version: read.json.version, reviewsRequireApproval: true });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ reviewsRequireApproval: true });
    expect(saved.json.version).not.toBe(read.json.version);
    // Kept in site.json's store settings, beside the other merchandising settings.
    const settings = await owner().request('GET', '/api/owner/store-settings');
    expect(settings.json.store.merchandising).toMatchObject({ reviewsEnabled: true, reviewsRequireApproval: true });
    // A save made from the settings read before is refused: someone saved in between.
    const stale = await owner().request('PUT', SETTINGS, { version: read.json.version, reviewsRequireApproval: false });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('STORE_SETTINGS_CHANGED');
    // `tessera export` writes it, and the site directory reads back with it.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-reviews-export-'));
    try {
      await exportSite(shop.site.store, dir);
      const written = JSON.parse(await fs.readFile(path.join(dir, 'site.json'), 'utf8'));
      expect(written.store.merchandising.reviewsRequireApproval).toBe(true);
      expect((await readSiteDirectory(dir)).site.store?.merchandising).toMatchObject({ reviewsRequireApproval: true });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    // The store settings (and `tessera import`) check it as the other merchandising switches.
    const store = (await owner().request('GET', '/api/owner/store-settings')).json;
    const refused = await owner().request('PUT', '/api/owner/store-settings', {
      version: store.version,
      store: { ...store.store, merchandising: { ...store.store.merchandising, reviewsRequireApproval: 'yes' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toHaveProperty(['store.merchandising.reviewsRequireApproval']);
    const bad = await owner().request('PUT', SETTINGS, { version: '', reviewsRequireApproval: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { version: 'Send the version the settings were read with.', reviewsRequireApproval: 'Choose true or false.' },
    });
  });

  it("keeps a buyer's review waiting when approval is required: not on the product page, shown to its buyer as waiting", async () => {
    firstOrder = await paidOrder(shop.site, 'ada@example.com', [
      ['mug', 'MUG-12'],
      ['guide', 'GUIDE-PDF'],
    ]);
    firstToken = (firstOrder as unknown as { token: string }).token;
    const res = await writeReview(shop.site, firstToken, 'mug', { rating: 4, body: 'Waiting for a moderator.' });
    expect(res.status).toBe(201);
    expect(res.json.review).toMatchObject({ status: 'pending', rating: 4, reply: null });
    pendingId = res.json.review.id;
    expect(await productPage()).toMatchObject({ count: 0, countText: 'No reviews yet', reviews: [] });
    const request = await new Visitor(shop.site.app).page(`/commerce/reviews-request?token=${firstToken}`);
    expect(request.json.reviewsRequest.requiresApproval).toBe(true);
    expect(request.json.reviewsRequest.products[0]).toMatchObject({ reviewed: true, review: { status: 'pending', body: 'Waiting for a moderator.' } });
    // The home card is the queue: how many wait, and the link to them.
    const card = (await owner().request('GET', '/api/owner/home')).json.cards.reviews;
    expect(card).toMatchObject({ waiting: true, since: null, count: 1, link: '/config/reviews?status=pending' });
    expect(card.latest[0]).toMatchObject({ id: pendingId, productTitle: 'Blue Mug', excerpt: 'Waiting for a moderator.' });
  });

  it('lists the queue newest first with the product, the order and the counts per state', async () => {
    const res = await owner().request('GET', `${API}?status=pending`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json).toEqual({
      reviews: [
        {
          id: pendingId,
          status: 'pending',
          rating: 4,
          stars: [true, true, true, true, false],
          body: 'Waiting for a moderator.',
          reviewerName: 'Ada L.',
          created: shop.site.clock.now,
          reply: null,
          repliedOn: null,
          repliedBy: null,
          moderatedOn: null,
          moderatedBy: null,
          product: { itemId: itemId('mug'), title: 'Blue Mug', url: '/shop/mug' },
          order: { id: firstOrder.id, orderNumber: firstOrder.orderNumber, url: `/config/orders/${firstOrder.id}` },
        },
      ],
      nextCursor: null,
      counts: { pending: 1, approved: 0, hidden: 0 },
    });
    expect((await owner().request('GET', `${API}?status=approved`)).json).toMatchObject({ reviews: [], counts: { pending: 1 } });
  });

  it('approves a review: it shows on the product page with its count, and who approved it is kept', async () => {
    shop.site.clock.advance(60_000);
    const res = await owner().request('POST', `${API}/${pendingId}/approve`);
    expect(res.status).toBe(200);
    expect(res.json.review).toMatchObject({ id: pendingId, status: 'approved', moderatedBy: OWNER, moderatedOn: shop.site.clock.now });
    expect(res.json.counts).toEqual({ pending: 0, approved: 1, hidden: 0 });
    expect(await productPage()).toMatchObject({ count: 1, countText: '1 review', averageRating: 4, reviews: [{ id: pendingId, status: 'approved' }] });
    const card = (await owner().request('GET', '/api/owner/home')).json.cards.reviews;
    expect(card).toMatchObject({ waiting: true, count: 0, latest: [] });
  });

  it('replies as the shop (shown with the review), removes the reply with an empty one, refuses a reply too long', async () => {
    const res = await staff.moderator.request('PUT', `${API}/${pendingId}/reply`, { reply: '  Thank you, <Ada>!  ' });
    expect(res.status).toBe(200);
    expect(res.json.review).toMatchObject({ reply: 'Thank you, <Ada>!', repliedBy: 'moderator@staff.test', repliedOn: shop.site.clock.now });
    expect((await productPage()).reviews[0].reply).toBe('Thank you, <Ada>!');
    const long = await owner().request('PUT', `${API}/${pendingId}/reply`, { reply: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ code: 'VALIDATION_FAILED', errors: { reply: 'Write a reply of at most 2000 characters.' } });
    expect((await owner().request('PUT', `${API}/${pendingId}/reply`, {})).json.errors).toEqual({ reply: 'Write a reply of at most 2000 characters.' });
    const removed = await owner().request('PUT', `${API}/${pendingId}/reply`, { reply: '  ' });
    expect(removed.json.review).toMatchObject({ reply: null, repliedBy: null, repliedOn: null });
    expect((await productPage()).reviews[0].reply).toBeNull();
    await owner().request('PUT', `${API}/${pendingId}/reply`, { reply: 'Thank you, Ada!' });
  });

  it('hides a review: gone from the product page and its count', async () => {
    const res = await owner().request('POST', `${API}/${pendingId}/hide`);
    expect(res.json.review).toMatchObject({ status: 'hidden', moderatedBy: OWNER });
    expect(res.json.counts).toEqual({ pending: 0, approved: 0, hidden: 1 });
    expect(await productPage()).toMatchObject({ count: 0, reviews: [] });
  });

  it('publishes at once again when approval is not required, and the home card shows the recent approved ones', async () => {
    const read = await owner().request('GET', SETTINGS);
    expect((await owner().request('PUT', SETTINGS, { version: read.json.version, reviewsRequireApproval: false })).status).toBe(200);
    shop.site.clock.advance(60_000);
    const res = await writeReview(shop.site, firstToken, 'guide', { rating: 2, body: 'Too short a guide.' });
    expect(res.json.review.status).toBe('approved');
    expect((await productPage('guide')).count).toBe(1);
    const card = (await owner().request('GET', '/api/owner/home')).json.cards.reviews;
    expect(card).toMatchObject({ waiting: false, since: shop.site.clock.now - 7 * 86_400_000, count: 1, link: '/config/reviews' });
    expect(card.latest.map((r: { excerpt: string }) => r.excerpt)).toEqual(['Too short a guide.']);
  });

  it('filters by state, rating, words and product, pages with a cursor, and refuses bad input with each message', async () => {
    const second = await paidOrder(shop.site, 'grace@example.com', [
      ['mug', 'MUG-12'],
      ['print', 'PRINT-1'],
    ]);
    shop.site.clock.advance(60_000);
    await writeReview(shop.site, second.token, 'mug', { rating: 5, body: 'Lovely GLAZE.', reviewerName: 'Grace' });
    shop.site.clock.advance(60_000);
    await writeReview(shop.site, second.token, 'print', { rating: 5, body: 'Framed it.', reviewerName: 'Grace' });
    const bodies = async (query: string) => {
      const res = await owner().request('GET', `${API}${query}`);
      expect(res.status, query).toBe(200);
      return res.json.reviews.map((r: { body: string }) => r.body);
    };
    expect(await bodies('')).toEqual(['Framed it.', 'Lovely GLAZE.', 'Too short a guide.', 'Waiting for a moderator.']);
    expect(await bodies('?status=approved')).toEqual(['Framed it.', 'Lovely GLAZE.', 'Too short a guide.']);
    expect(await bodies('?rating=5')).toEqual(['Framed it.', 'Lovely GLAZE.']);
    expect(await bodies('?q=glaze')).toEqual(['Lovely GLAZE.']);
    expect(await bodies('?q=grace&status=approved')).toEqual(['Framed it.', 'Lovely GLAZE.']);
    expect(await bodies('?q=100%25')).toEqual([]);
    expect(await bodies(`?item=${itemId('mug')}`)).toEqual(['Lovely GLAZE.', 'Waiting for a moderator.']);
    // The counts follow the filters but the state.
    expect((await owner().request('GET', `${API}?item=${itemId('mug')}&status=approved`)).json.counts).toEqual({ pending: 0, approved: 1, hidden: 1 });

    const seen: string[] = [];
    let cursor: string | null = '';
    for (let i = 0; i < 5 && cursor !== null; i++) {
      const page = await owner().request('GET', `${API}?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.reviews.map((r: { body: string }) => r.body));
      cursor = page.json.nextCursor;
    }
    expect(seen).toEqual(['Framed it.', 'Lovely GLAZE.', 'Too short a guide.', 'Waiting for a moderator.']);

    const bad = await owner().request('GET', `${API}?status=gone&rating=6&q=${'x'.repeat(201)}&limit=500`);
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'One or more fields is invalid, please check your entries.',
      errors: {
        status: 'Choose one of pending, approved, hidden.',
        rating: 'Choose a rating from 1 to 5.',
        q: 'Enter at most 200 characters.',
        limit: 'Enter a whole number from 1 to 100.',
      },
    });
    const cursorBad = await owner().request('GET', `${API}?cursor=nonsense`);
    expect(cursorBad.status).toBe(400);
    expect(cursorBad.json.code).toBe('CURSOR_INVALID');
  });

  it('deletes a review for good; a review of no one answers 404', async () => {
    const list = await owner().request('GET', `${API}?q=framed`);
    const id = list.json.reviews[0].id;
    const res = await owner().request('DELETE', `${API}/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true, counts: { pending: 0, approved: 2, hidden: 1 } });
    expect((await productPage('print')).count).toBe(0);
    for (const [method, url, body] of [
      ['DELETE', `${API}/${id}`],
      ['POST', `${API}/${id}/approve`],
      ['POST', `${API}/${id}/hide`],
      ['PUT', `${API}/${id}/reply`, { reply: 'Hello' }],
    ] as const) {
      const again = await owner().request(method, url, body);
      expect(again.status, `${method} ${url}`).toBe(404);
      expect(again.json.code).toBe('NOT_FOUND');
    }
  });

  it('lets a moderator and a store manager moderate; answers an editor and a viewer 403, nobody 401, a write without the crumb 403', async () => {
    const id = (await owner().request('GET', `${API}?q=glaze`)).json.reviews[0].id;
    const calls = [
      ['GET', API],
      ['GET', SETTINGS],
      ['POST', `${API}/${id}/approve`],
      ['POST', `${API}/${id}/hide`],
      ['PUT', `${API}/${id}/reply`, { reply: 'Thanks!' }],
      ['GET', '/config/reviews'],
    ] as const;
    for (const who of ['moderator', 'shop'] as const) {
      for (const [method, url, body] of calls) expect((await staff[who].request(method, url, body)).status, `${who} ${method} ${url}`).toBe(200);
    }
    for (const who of ['editor', 'viewer', 'campaigns'] as const) {
      for (const [method, url, body] of calls.filter(([, url]) => url.startsWith('/api/'))) {
        const res = await staff[who].request(method, url, body);
        expect(res.status, `${who} ${method} ${url}`).toBe(403);
        expect(res.json.code).toBe('PERMISSION_DENIED');
      }
    }
    for (const [method, url, body] of calls.filter(([, url]) => url.startsWith('/api/'))) {
      const res = await new Visitor(shop.site.app).request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    }
    for (const [method, url, body] of [...calls.filter(([m]) => m !== 'GET'), ['DELETE', `${API}/${id}`]] as const) {
      const res = await owner().request(method, url, body, { 'x-csrf-token': '' });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.json.code).toBe('CRUMB_FAIL');
    }
    const page = await new Visitor(shop.site.app).request('GET', '/config/reviews');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/config/login?next=%2Fconfig%2Freviews');
  });
});
