// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerReview, StatusCounts } from '../../src/pages/reviews/calls.js';
import { filtersFromSearch } from '../../src/pages/reviews/filters.js';
import ReviewsPage, { type ReviewsContext } from '../../src/pages/reviews/page.js';
import { fakeServer, json, live, settle } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/reviews?status=pending'));

const context: ReviewsContext = {
  page: 'reviews',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['moderateReviews'],
  timeZone: 'UTC',
  products: [{ id: 'mug', title: 'Blue Mug' }],
};
const API = '/api/owner/reviews';
const SETTINGS = { version: 'v1', reviewsEnabled: true, reviewsRequireApproval: true };
const review = (id: string, extra: Partial<OwnerReview> = {}): OwnerReview => ({
  id,
  status: 'pending',
  rating: 4,
  body: `Review ${id}: keeps coffee hot.`,
  reviewerName: `Buyer ${id}`,
  created: Date.UTC(2026, 10, 2, 12),
  reply: null,
  repliedOn: null,
  repliedBy: null,
  moderatedOn: null,
  moderatedBy: null,
  product: { itemId: 'mug', title: 'Blue Mug', url: '/shop/mug' },
  order: { id: 'o1', orderNumber: 1042, url: '/config/orders/o1' },
  ...extra,
});
const counts = (pending: number, approved = 0, hidden = 0): StatusCounts => ({ pending, approved, hidden });

function open(list: unknown, settings: unknown = SETTINGS) {
  const server = fakeServer()
    .once(`${API}?status=pending`, () => json(200, list))
    .once(`${API}/settings`, () => json(200, settings));
  render(<ReviewsPage context={context} api={createApi({ fetch: server.fetch })} />);
  return server;
}

describe("the owner's reviews page", () => {
  it('reads its filters from the address', () => {
    expect(filtersFromSearch('?status=hidden&rating=2&q=%20glaze%20&item=mug')).toEqual({ status: 'hidden', rating: '2', q: 'glaze', item: 'mug' });
    expect(filtersFromSearch('?status=deleted&rating=9')).toEqual({ status: '', rating: '', q: '', item: '' });
  });

  it('shows the waiting reviews with their stars in words, product, order, the tabs with their counts and the setting', async () => {
    open({ reviews: [review('r1'), review('r2', { rating: 1 })], nextCursor: 'next', counts: counts(2, 5, 1) });
    expect(screen.getByText('Loading reviews…', { selector: 'p' })).toBeDefined();
    await settle();
    const tabs = screen.getByRole('navigation', { name: 'Reviews by state' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Waiting (2)', 'Approved (5)', 'Hidden (1)', 'All (8)']);
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toBe('Waiting (2)');
    const first = screen.getByRole('article', { name: /Rated 4 out of 5 Blue Mug/ });
    expect(within(first).getByRole('img', { name: 'Rated 4 out of 5' })).toBeDefined();
    expect(within(first).getByRole('link', { name: 'Blue Mug' }).getAttribute('href')).toBe('/shop/mug');
    expect(within(first).getByRole('link', { name: 'Order #1042' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(within(first).getByText('Waiting for approval')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Rated 1 out of 5' })).toBeDefined();
    expect(screen.getByRole('switch', { name: 'New reviews wait for approval' })).toHaveProperty('checked', true);
    expect(live()).toBe('Showing 2 waiting reviews, more to load.');
    expect(screen.getByRole('button', { name: 'Load more reviews' })).toBeDefined();
  });

  it('approves a review: the call leaves with the crumb, the review leaves the waiting tab, the counts follow and the result is said', async () => {
    document.cookie = 'crumb=crumb-1';
    const server = open({ reviews: [review('r1'), review('r2')], nextCursor: null, counts: counts(2) });
    await settle();
    server.once(`${API}/r1/approve`, () => json(200, { review: review('r1', { status: 'approved' }), counts: counts(1, 1) }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve the review by Buyer r1' }));
    await settle();
    expect(server.to(`${API}/r1/approve`)[0]).toMatchObject({ method: 'POST', headers: { 'x-csrf-token': 'crumb-1' } });
    expect(screen.queryByText('Review r1: keeps coffee hot.')).toBeNull();
    expect(live()).toBe('Approved the review by Buyer r1.');
    expect(screen.getByRole('link', { name: 'Waiting (1)' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Approved (1)' })).toBeDefined();
    // A review someone else deleted meanwhile leaves the list too, and the page says why.
    server.once(`${API}/r2/hide`, () => json(404, { code: 'NOT_FOUND', error: 'Not found.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide the review by Buyer r2' }));
    await settle();
    expect(live()).toBe('This review was deleted meanwhile.');
    expect(screen.getByText('No reviews are waiting')).toBeDefined();
  });

  it('replies as the shop: a refused reply says why beside the field, a saved one shows under the review and opens again to edit', async () => {
    const server = open({ reviews: [review('r1')], nextCursor: null, counts: counts(1) });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Reply to Buyer r1' }));
    const field = screen.getByLabelText(/Reply as the shop/);
    fireEvent.change(field, { target: { value: 'x'.repeat(10) } });
    server.once(`${API}/r1/reply`, () =>
      json(400, { code: 'VALIDATION_FAILED', error: 'One or more fields is invalid.', errors: { reply: 'Write a reply of at most 2000 characters.' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await settle();
    expect(screen.getByText('Write a reply of at most 2000 characters.')).toBeDefined();
    fireEvent.change(field, { target: { value: 'Thank you, Ada!' } });
    server.once(`${API}/r1/reply`, () => json(200, { review: review('r1', { reply: 'Thank you, Ada!' }), counts: counts(1) }));
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    await settle();
    expect(server.to(`${API}/r1/reply`)[1]).toMatchObject({ method: 'PUT', body: { reply: 'Thank you, Ada!' } });
    expect(screen.getByText('Your reply')).toBeDefined();
    expect(screen.getByText('Thank you, Ada!')).toBeDefined();
    expect(live()).toBe('Saved your reply to the review by Buyer r1.');
    fireEvent.click(screen.getByRole('button', { name: 'Edit reply to Buyer r1' }));
    expect(screen.getByLabelText(/Reply as the shop/)).toHaveProperty('value', 'Thank you, Ada!');
  });

  it('deletes a review with its reply after its confirmation', async () => {
    const server = open({ reviews: [review('r1', { reply: 'Thanks!' })], nextCursor: null, counts: counts(1) });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the review by Buyer r1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this review?' });
    expect(dialog.textContent).toContain('The review by Buyer r1 of Blue Mug is deleted for good, with your reply.');
    server.once(`${API}/r1`, () => json(200, { deleted: true, counts: counts(0) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    await settle();
    expect(server.to(`${API}/r1`)[0]!.method).toBe('DELETE');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(live()).toBe('Deleted the review by Buyer r1.');
    expect(screen.getByText('No reviews are waiting')).toBeDefined();
  });

  it('saves the approval switch with the version it read; a save that lost a race says so and shows what is saved', async () => {
    const server = open({ reviews: [], nextCursor: null, counts: counts(0) });
    await settle();
    server.once(`${API}/settings`, () =>
      json(409, {
        code: 'STORE_SETTINGS_CHANGED',
        error: 'Someone else saved the store settings after you opened them. Reload the page to see their changes, then make yours again.',
      }),
    );
    server.once(`${API}/settings`, () => json(200, { version: 'v2', reviewsEnabled: true, reviewsRequireApproval: true }));
    fireEvent.click(screen.getByRole('switch', { name: 'New reviews wait for approval' }));
    await settle();
    expect(server.to(`${API}/settings`)[1]).toMatchObject({ method: 'PUT', body: { version: 'v1', reviewsRequireApproval: false } });
    expect(live()).toContain('Someone else saved the store settings');
    expect(screen.getByRole('switch')).toHaveProperty('checked', true);
    server.once(`${API}/settings`, () => json(200, { version: 'v3', reviewsEnabled: true, reviewsRequireApproval: false }));
    fireEvent.click(screen.getByRole('switch'));
    await settle();
    expect(server.to(`${API}/settings`)[3]).toMatchObject({ method: 'PUT', body: { version: 'v2', reviewsRequireApproval: false } });
    expect(live()).toBe('New reviews are now published at once.');
    expect(screen.getByRole('switch')).toHaveProperty('checked', false);
  });

  it('filters by words, rating and product through the address; a tab keeps the other filters', async () => {
    const server = open({ reviews: [], nextCursor: null, counts: counts(0) });
    await settle();
    expect(screen.getByText('No reviews are waiting')).toBeDefined();
    server.once(`${API}?status=pending&rating=1&q=bitter&item=mug`, () => json(200, { reviews: [], nextCursor: null, counts: counts(0) }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' bitter ' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'mug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await settle();
    expect(location.search).toBe('?status=pending&rating=1&q=bitter&item=mug');
    expect(screen.getByText('No reviews match these filters')).toBeDefined();
    server.once(`${API}?rating=1&q=bitter&item=mug`, () =>
      json(200, { reviews: [review('r9', { status: 'hidden', rating: 1 })], nextCursor: null, counts: counts(0, 0, 1) }),
    );
    fireEvent.click(screen.getByRole('link', { name: /^All/ }));
    await settle();
    expect(location.search).toBe('?rating=1&q=bitter&item=mug');
    expect(screen.getByText('Hidden', { selector: '.status-badge' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Approve the review by Buyer r9' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Hide the review by Buyer r9' })).toBeNull();
  });
});
