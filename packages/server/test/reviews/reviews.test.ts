import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import type { ReceivedMail } from '../forms/smtp.js';
import { DECLINED_CARD } from '../commerce/helpers.js';
import { Visitor, itemId, mailingShop, outboxOf, paid } from '../restock/helpers.js';

const HOUR = 3_600_000;
const REVIEWS = '/api/commerce/reviews';

function reviewLink(mail: ReceivedMail): string {
  const url = /http:\/\/store\.test(\/commerce\/reviews-request\?token=[0-9a-f]{24}\.[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!url) throw new Error(`no review link in:\n${mail.text}`);
  return url;
}
const tokenOf = (link: string) => new URL(`http://x${link}`).searchParams.get('token')!;

describe.each(DIALECTS)('product reviews on %s', (dialect) => {
  const shop = mailingShop(dialect);

  /** A paid order of the given items; answers the order. */
  const order = async (email: string, items: [string, string][], extra: Record<string, unknown> = {}) => {
    const v = new Visitor(shop.site.app);
    for (const [item, sku] of items) expect((await v.add(item, sku)).status).toBe(200);
    const res = await v.checkout(paid({ email, ...extra }));
    expect(res.status, res.body).toBe(extra.payment ? 402 : 201);
    return res.json.order;
  };
  const { deliver } = shop;
  const requestMailTo = (email: string) => shop.smtp.messages.filter((m) => m.to.includes(email) && /How (do you like|was your order)/.test(m.subject));
  const review = (token: string, item: string, body: Record<string, unknown> = {}) =>
    new Visitor(shop.site.app).request('POST', REVIEWS, { token, itemId: itemId(item), rating: 5, body: 'Keeps coffee hot.', ...body });

  let link = '';
  let firstOrder: { id: string; orderNumber: number };

  it("mails the review request after the site's delay, through the outbox's due time, for the products one can review", async () => {
    firstOrder = await order('ada@example.com', [
      ['mug', 'MUG-12'],
      ['guide', 'GUIDE-PDF'],
      ['gift-card', 'GIFT-50'],
    ]);
    const [queued] = await outboxOf(shop.site.store, 'review-request');
    expect(queued).toMatchObject({ recipient: 'ada@example.com', status: 'pending', next_attempt_on: shop.site.clock.now + 72 * HOUR });
    await deliver();
    shop.site.clock.advance(71 * HOUR);
    await deliver();
    expect(requestMailTo('ada@example.com')).toEqual([]);
    shop.site.clock.advance(HOUR);
    await deliver();
    const [mail] = requestMailTo('ada@example.com');
    expect(mail!.subject).toBe(`How was your order #${firstOrder.orderNumber}?`);
    // The mug and the guide; a gift card is not something to review.
    expect(mail!.text).toContain('- Blue Mug\n- Field Guide (PDF)\n');
    expect(mail!.text).not.toContain('Gift Card');
    link = reviewLink(mail!);
    expect(mail!.html).toContain(`href="http://store.test${link.replace(/&/g, '&amp;')}"`);
  });

  it('shows the review-request page (209) of the order from the link, and nothing without the right one', async () => {
    const v = new Visitor(shop.site.app);
    const page = await v.page(link);
    expect(page.status).toBe(200);
    expect(page.json.pageType).toBe(209);
    expect(page.json.reviewsRequest).toMatchObject({
      orderNumber: firstOrder.orderNumber,
      submitUrl: REVIEWS,
      reviewerName: 'Ada L.',
      allReviewed: false,
      products: [
        {
          itemId: itemId('mug'),
          title: 'Blue Mug',
          fullUrl: '/shop/mug',
          imageUrl: expect.stringMatching(/^\/assets\/shop\/mug\.svg\?v=/),
          reviewed: false,
          review: null,
        },
        { itemId: itemId('guide'), title: 'Field Guide (PDF)', fullUrl: '/shop/guide', reviewed: false, review: null },
      ],
    });
    const html = await v.request('GET', link);
    expect(html.headers['referrer-policy']).toBe('no-referrer');
    const token = tokenOf(link);
    const other = await order('grace@example.com', [['print', 'PRINT-1']]);
    // The order's status link is signed for another purpose: its token does not open the review page.
    const statusToken = new URL(`http://x${(firstOrder as unknown as { orderStatusUrl: string }).orderStatusUrl}`).searchParams.get('token')!;
    expect(statusToken.startsWith(firstOrder.id)).toBe(true);
    expect((await v.page(`/commerce/order-status?token=${statusToken}`)).status).toBe(200);
    const wrong = [
      '/commerce/reviews-request',
      `/commerce/reviews-request?token=${statusToken}`,
      `/commerce/reviews-request?token=${other.id}${token.slice(24)}`,
      `/commerce/reviews-request?token=${token.slice(0, -2)}AA`,
    ];
    for (const url of wrong) expect((await v.page(url)).status, url).toBe(404);
  });

  it('publishes a review, once per product and order, and shows it on the product page', async () => {
    const token = tokenOf(link);
    const res = await review(token, 'mug', { rating: 4, body: '  Keeps coffee hot. Lovely glaze.  ' });
    expect(res.status).toBe(201);
    expect(res.json.review).toEqual({
      id: expect.any(String),
      itemId: itemId('mug'),
      status: 'approved',
      rating: 4,
      stars: [true, true, true, true, false],
      body: 'Keeps coffee hot. Lovely glaze.',
      reviewerName: 'Ada L.',
      created: shop.site.clock.now,
      reply: null,
    });
    const again = await review(token, 'mug', { rating: 1, body: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: 'REVIEW_ALREADY_SUBMITTED', error: 'You have already reviewed this product for this order.' });

    const product = await new Visitor(shop.site.app).page('/shop/mug');
    expect(product.json.productReviews).toEqual({
      itemId: itemId('mug'),
      count: 1,
      countText: '1 review',
      averageRating: 4,
      averageRatingText: '4.0',
      averageStars: [true, true, true, true, false],
      average: { rating: '4.0', stars: [true, true, true, true, false] },
      reviews: [res.json.review],
      hasMore: false,
    });
    const page = await new Visitor(shop.site.app).page(link);
    expect(page.json.reviewsRequest.products[0]).toMatchObject({ reviewed: true, review: { rating: 4 } });
    expect(page.json.reviewsRequest.allReviewed).toBe(false);

    // The same buyer's next order may review the mug again; the average follows.
    shop.site.clock.advance(1000);
    const second = await order('ada@example.com', [['mug', 'MUG-12']]);
    shop.site.clock.advance(72 * HOUR);
    await deliver();
    const mails = requestMailTo('ada@example.com');
    expect(mails).toHaveLength(2);
    const secondLink = reviewLink(mails[1]!);
    expect(secondLink).toContain(second.id);
    expect((await review(tokenOf(secondLink), 'mug', { rating: 5, body: 'Bought another.', reviewerName: 'Ada' })).status).toBe(201);
    const after = (await new Visitor(shop.site.app).page('/shop/mug')).json.productReviews;
    expect(after).toMatchObject({
      count: 2,
      countText: '2 reviews',
      averageRating: 4.5,
      averageRatingText: '4.5',
      averageStars: [true, true, true, true, true],
    });
    expect(after.reviews.map((r: { body: string; reviewerName: string }) => [r.body, r.reviewerName])).toEqual([
      ['Bought another.', 'Ada'],
      ['Keeps coffee hot. Lovely glaze.', 'Ada L.'],
    ]);
  });

  it("refuses what is not a review of this order: each field's message, another order's product, a bad link", async () => {
    const token = tokenOf(link);
    const invalid = await review(token, 'guide', { rating: 0, body: ' ', reviewerName: 'x'.repeat(61) });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'One or more fields is invalid, please check your entries.',
      errors: {
        rating: 'Choose a rating from 1 to 5 stars.',
        body: 'Write a few words about the product.',
        reviewerName: 'A name can be at most 60 characters.',
      },
    });
    expect((await review(token, 'guide', { body: 'x'.repeat(2001) })).json.errors).toEqual({ body: 'A review can be at most 2000 characters.' });
    // The print is in Grace's order, not in Ada's; the gift card is in Ada's but is not reviewed.
    for (const item of ['print', 'gift-card']) {
      const res = await review(token, item);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ code: 'REVIEW_PRODUCT_NOT_IN_ORDER', error: 'This product is not part of the order.' });
    }
    for (const bad of [undefined, 'nonsense', `${token.slice(0, -1)}x`]) {
      const res = await review(bad as string, 'guide');
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('REVIEW_LINK_INVALID');
    }
    // A bot filling in the hidden field is answered as a person would be; nothing is kept.
    const bot = await review(token, 'guide', { website_url: 'http://spam.example' });
    expect(bot.status).toBe(201);
    expect((await new Visitor(shop.site.app).page('/shop/guide')).json.productReviews.count).toBe(0);
    expect((await review(token, 'guide')).status).toBe(201);
  });

  it('asks nothing of a declined order or a donation', async () => {
    const before = (await outboxOf(shop.site.store, 'review-request')).length;
    await order('declined@example.com', [['mug', 'MUG-12']], { payment: { provider: 'test', cardNumber: DECLINED_CARD } });
    const v = new Visitor(shop.site.app);
    expect(
      (await v.checkout({ email: 'giver@example.com', donation: { amountCents: 2500 }, payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } }))
        .status,
    ).toBe(201);
    expect((await outboxOf(shop.site.store, 'review-request')).length).toBe(before);
  });

  it('shows and takes no reviews when the site turns them off, and asks for none', async () => {
    await shop.site.setMerchandising({ reviewsEnabled: false });
    try {
      expect((await new Visitor(shop.site.app).page('/shop/mug')).json.productReviews).toBeUndefined();
      expect((await new Visitor(shop.site.app).page(link)).status).toBe(404);
      const res = await review(tokenOf(link), 'guide');
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('REVIEWS_NOT_ENABLED');
      const before = (await outboxOf(shop.site.store, 'review-request')).length;
      await order('quiet@example.com', [['mug', 'MUG-12']]);
      expect((await outboxOf(shop.site.store, 'review-request')).length).toBe(before);
    } finally {
      await shop.site.setMerchandising({ reviewsEnabled: true });
    }
  });
});
