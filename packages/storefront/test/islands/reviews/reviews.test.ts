// @vitest-environment jsdom
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@tessera/template';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEventBus, type StorefrontEvent } from '../../../src/events.js';
import { mountProductReviews } from '../../../src/islands/reviews/index.js';
import { createReviewsApi } from '../../../src/api/reviews.js';
import { mountReviewRequest } from '../../../src/islands/reviews/request.js';
import { fakeServer, json } from '../forms/helpers.js';

const THEME = join(import.meta.dirname, '..', '..', '..', '..', '..', 'themes', 'default');
const source = (p: string) => readFileSync(join(THEME, p), 'utf8');
const partials = Object.fromEntries(readdirSync(join(THEME, 'blocks')).map((f) => [f, source(`blocks/${f}`)]));
const stars = (n: number) => Array.from({ length: 5 }, (_, i) => i < n);

/** The default theme's product page with two reviews (collections/products.item through the engine). */
function productPage() {
  const context = {
    item: {
      id: 'item-1',
      title: 'Stoneware Mug',
      body: '<p>Thrown by hand.</p>',
      structuredContent: { productType: 1, variants: [{ id: 'v1', attributes: {}, qtyInStock: 3, priceMoney: { value: '28.00', currency: 'USD' } }] },
    },
    collection: { title: 'Shop', fullUrl: '/shop' },
    storeSettings: { selectedCurrency: 'USD', merchandisingSettings: {} },
    productMerchandisingContext: {},
    productReviews: {
      itemId: 'item-1',
      count: 2,
      countText: '2 reviews',
      averageRatingText: '4.5',
      average: { rating: '4.5', stars: stars(5) },
      hasMore: false,
      reviews: [{ id: 'r1', rating: 5, stars: stars(5), body: 'Keeps coffee hot.', reviewerName: 'Ada L.', created: 0 }],
    },
  };
  const out = compile(source('collections/products.item')).render(context, { partials });
  if (out.errors.length) throw new Error(out.errors.map((e) => e.message).join('\n'));
  document.body.innerHTML = `<main>${out.output}</main>`;
  return document.querySelector<HTMLElement>('[data-tessera-island="product-reviews"]')!;
}

/** The review-request page (209) of an order of two products, the second reviewed already. */
function requestPage() {
  const context = {
    reviewsRequest: {
      token: 'order.sig',
      orderNumber: 1042,
      reviewerName: 'Ada L.',
      maxBodyLength: 2000,
      products: [
        { itemId: 'i1', title: 'Stoneware Mug', fullUrl: '/shop/mug', imageUrl: null, reviewed: false, review: null },
        { itemId: 'i2', title: 'House Blend', fullUrl: null, imageUrl: null, reviewed: false, review: null },
      ],
    },
  };
  const out = compile(source('pages/reviews-request.page')).render(context, { partials });
  if (out.errors.length) throw new Error(out.errors.map((e) => e.message).join('\n'));
  document.body.innerHTML = `<main>${out.output}</main>`;
  return document.querySelector<HTMLElement>('[data-tessera-island="review-request"]')!;
}

describe('the product reviews island', () => {
  let published: StorefrontEvent[];
  let bus: ReturnType<typeof createEventBus>;
  beforeEach(() => {
    published = [];
    bus = createEventBus();
    bus.subscribe((e) => published.push(e));
  });

  it("makes the description and the reviews two tabs, and sends the reviews tab's clicks to the event bus", () => {
    const container = productPage();
    const tabs = mountProductReviews(container, bus);
    const description = document.getElementById('product-description')!;
    const reviews = document.getElementById('reviews')!;
    expect([description.hidden, reviews.hidden]).toEqual([false, true]);
    const reviewsTab = document.getElementById('product-tab-reviews')!;
    reviewsTab.click();
    expect([description.hidden, reviews.hidden]).toEqual([true, false]);
    expect(reviewsTab.getAttribute('aria-selected')).toBe('true');
    expect(tabs.selected).toBe(1);
    expect(published).toEqual([{ name: 'reviews-tab-click', payload: { objectIdentifier: 'item-1' } }]);
    // Arrow keys move between the tabs (and choose them); the description tab sends nothing.
    reviewsTab.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(document.activeElement?.id).toBe('product-tab-description');
    expect([description.hidden, reviews.hidden]).toEqual([false, true]);
    document.getElementById('product-tab-description')!.click();
    expect(published).toHaveLength(1);
  });

  it("opens the reviews from the rating under the title and sends the anchor's click to the event bus", () => {
    mountProductReviews(productPage(), bus);
    const anchor = document.querySelector<HTMLElement>('[data-reviews-anchor]')!;
    expect(anchor.textContent).toContain('(2 reviews)');
    anchor.click();
    expect(document.getElementById('reviews')!.hidden).toBe(false);
    expect(document.activeElement?.id).toBe('reviews');
    expect(published).toEqual([{ name: 'reviews-anchor-click', payload: { objectIdentifier: 'item-1' } }]);
  });
});

describe('the review-request island', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const form = (n: number) => document.querySelectorAll<HTMLFormElement>('form.review-form')[n]!;
  const submit = async (f: HTMLFormElement) => {
    f.requestSubmit();
    await settle();
    await settle();
  };

  it("checks a review with the rules' messages before sending anything", async () => {
    mountReviewRequest(requestPage(), createReviewsApi({ crumb: () => 'c', fetch: server.fetch }));
    await submit(form(0));
    const error = (field: string) => form(0).querySelector<HTMLElement>(`[data-error-for="${field}"]`)!;
    expect([error('rating').hidden, error('rating').textContent]).toEqual([false, 'Choose a rating from 1 to 5 stars.']);
    expect(error('body').textContent).toBe('Write a few words about the product.');
    expect(form(0).querySelector('textarea')!.getAttribute('aria-invalid')).toBe('true');
    expect(form(0).querySelector('fieldset')!.getAttribute('aria-describedby')).toBe(error('rating').id);
    expect(server.requests).toEqual([]);
  });

  it('publishes a review and shows it in place of its form; a second attempt and a bad answer say why', async () => {
    const container = requestPage();
    expect(container.hasAttribute('data-ready')).toBe(false);
    mountReviewRequest(container, createReviewsApi({ crumb: () => 'crumb-1', fetch: server.fetch }));
    // The mark that tells a theme (and a test) the forms now submit through the API.
    expect(container.hasAttribute('data-ready')).toBe(true);
    const first = form(0);
    first.querySelector<HTMLInputElement>('input[name="rating"][value="4"]')!.checked = true;
    first.querySelector('textarea')!.value = 'Keeps coffee hot.';
    server.once('/api/commerce/reviews', () =>
      json(201, { review: { id: 'r', itemId: 'i1', rating: 4, stars: stars(4), body: 'Keeps coffee hot.', reviewerName: 'Ada L.', created: 1 } }),
    );
    await submit(first);
    expect(server.requests[0]!.headers['x-csrf-token']).toBe('crumb-1');
    expect(server.requests[0]!.body).toEqual({
      token: 'order.sig',
      itemId: 'i1',
      rating: 4,
      body: 'Keeps coffee hot.',
      reviewerName: 'Ada L.',
      website_url: '',
    });
    const done = container.querySelector<HTMLElement>('.review-form--done')!;
    expect(done.getAttribute('role')).toBe('status');
    expect(done.textContent).toContain('Thank you! Your review is published.');
    expect(done.querySelector('[aria-label="Rated 4 out of 5"]')!.querySelectorAll('.rating-stars__star--filled')).toHaveLength(4);
    expect(container.querySelectorAll('form.review-form')).toHaveLength(1);

    const second = form(0);
    second.querySelector<HTMLInputElement>('input[name="rating"][value="2"]')!.checked = true;
    second.querySelector('textarea')!.value = 'Too bitter.';
    server.once('/api/commerce/reviews', () => 'network-error');
    await submit(second);
    const problem = second.querySelector<HTMLElement>('.review-form__problem')!;
    expect([problem.hidden, problem.textContent]).toEqual([false, 'Unable to connect. Please try again.']);
    expect(second.querySelector('button')!.disabled).toBe(false);
    server.once('/api/commerce/reviews', () =>
      json(409, { code: 'REVIEW_ALREADY_SUBMITTED', error: 'You have already reviewed this product for this order.' }),
    );
    await submit(second);
    expect(container.querySelectorAll('form.review-form')).toHaveLength(0);
    expect(container.querySelectorAll('.review-form--done')[1]!.textContent).toContain('You have already reviewed this product for this order.');
  });

  it('tells the buyer that a review waits for the shop when the site moderates reviews', async () => {
    const container = requestPage();
    mountReviewRequest(container, createReviewsApi({ crumb: () => 'c', fetch: server.fetch }));
    const first = form(0);
    first.querySelector<HTMLInputElement>('input[name="rating"][value="5"]')!.checked = true;
    first.querySelector('textarea')!.value = 'Lovely.';
    server.once('/api/commerce/reviews', () =>
      json(201, {
        review: { id: 'r', itemId: 'i1', status: 'pending', rating: 5, stars: stars(5), body: 'Lovely.', reviewerName: 'Ada L.', created: 1, reply: null },
      }),
    );
    await submit(first);
    const done = container.querySelector<HTMLElement>('.review-form--done')!;
    expect(done.textContent).toContain('Thank you! Your review will be published once the shop approves it.');
    expect(done.textContent).not.toContain('Your review is published.');
  });
});
