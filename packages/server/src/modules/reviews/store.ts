import { ProductType, ratingStars } from '@tessera/core';
import type {} from '../../storage/schema-restock.js';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../storage/prepared.js';
import type { Database } from '../../storage/schema.js';
import type { Executor } from '../../storage/statement.js';

/** Products a buyer can review: what they hold or used (physical, digital, service); not gift cards, memberships or donations. */
export const REVIEWABLE_TYPES: readonly number[] = [ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.SERVICE];

export interface ReviewableProduct {
  readonly itemId: string;
  /** The title as sold. */
  readonly title: string;
}

/** An order's reviewable products, once each, in the order's line order. */
export async function reviewableProducts(db: Executor, orderId: string): Promise<ReviewableProduct[]> {
  const lines = await db
    .selectFrom('order_lines')
    .select(['item_id', 'title'])
    .where('order_id', '=', orderId)
    .where('item_id', 'is not', null)
    .where('product_type', 'in', [...REVIEWABLE_TYPES])
    .orderBy('position')
    .execute();
  const seen = new Map<string, ReviewableProduct>();
  for (const l of lines) if (!seen.has(l.item_id!)) seen.set(l.item_id!, { itemId: l.item_id!, title: l.title });
  return [...seen.values()];
}

export type ReviewStatus = 'pending' | 'approved' | 'hidden';

export interface ReviewView {
  id: string;
  itemId: string;
  /** `approved` (shown), `pending` (waiting for a moderator) or `hidden`; product pages show approved ones only. */
  status: ReviewStatus;
  rating: number;
  /** Five flags for the theme's stars. */
  stars: boolean[];
  body: string;
  reviewerName: string;
  /** Epoch milliseconds. */
  created: number;
  /** The shop's public reply, shown under the review; null without one. */
  reply: string | null;
}

type ReviewRow = {
  id: string;
  item_id: string;
  status: ReviewStatus;
  rating: number;
  body: string;
  reviewer_name: string;
  created_on: number;
  reply: string | null;
};
const VIEW_COLUMNS = ['id', 'item_id', 'status', 'rating', 'body', 'reviewer_name', 'created_on', 'reply'] as const;

export function reviewView(r: ReviewRow): ReviewView {
  return {
    id: r.id,
    itemId: r.item_id,
    status: r.status,
    rating: r.rating,
    stars: ratingStars(r.rating),
    body: r.body,
    reviewerName: r.reviewer_name,
    created: Number(r.created_on),
    reply: r.reply,
  };
}

/**
 * A product page's reviews, compiled once and kept until a review changes (storage/prepared.ts):
 * every product page reads them. Only
 * approved reviews are public: a pending one waits for a moderator, a hidden one was taken down. One
 * query gives the newest ones and, on each row, the count and rating total of all approved ones
 * (window sums are taken before the limit), so a product page makes one read for its reviews.
 */
const newestReviews = preparedQuery<ReviewRow & { count: number | string; total: number | string | null }, Database>(
  (db, p) =>
    db
      .selectFrom('product_reviews')
      .select(VIEW_COLUMNS)
      .select((eb) => [eb.fn.countAll().over().as('count'), eb.fn.sum<number>('rating').over().as('total')])
      .where('website_id', '=', p(0))
      .where('item_id', '=', p(1))
      .where('status', '=', 'approved')
      .orderBy('created_on', 'desc')
      .orderBy('id', 'desc')
      .limit(p(2)),
  { reads: ['product_reviews'] },
);

/** The newest approved reviews of a product, and the count and average of all its approved ones. */
export async function productReviews(db: Kysely<Database>, websiteId: string, itemId: string, limit: number) {
  const rows = await newestReviews(db, [websiteId, itemId, limit]);
  const first = rows[0];
  return { reviews: rows.map(reviewView), count: Number(first?.count ?? 0), total: Number(first?.total ?? 0) };
}

/** The reviews an order's buyer wrote, by product, whatever their state (the buyer sees theirs waiting). */
export async function orderReviews(db: Executor, orderId: string): Promise<Map<string, ReviewView>> {
  const rows = await db.selectFrom('product_reviews').select(VIEW_COLUMNS).where('order_id', '=', orderId).execute();
  return new Map(rows.map((r) => [r.item_id, reviewView(r)]));
}
