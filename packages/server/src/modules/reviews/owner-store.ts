import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-commerce.js';
import type {} from '../../storage/schema-restock.js';
import type { ReviewListQuery } from './owner-query.js';
import type { ReviewStatus } from './store.js';

/** The owner's side of reviews: the queue, the counts per state, and the moderators' changes. One query per function. */
type Db = Kysely<Database>;

export interface OwnerReviewRow {
  id: string;
  item_id: string;
  order_id: string;
  status: ReviewStatus;
  rating: number;
  body: string;
  reviewer_name: string;
  created_on: number;
  reply: string | null;
  replied_on: number | null;
  replied_by: string | null;
  moderated_on: number | null;
  moderated_by: string | null;
  title: string | null;
  url_id: string | null;
  collection_id: string | null;
  order_number: number | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Eb = ExpressionBuilder<Database & { r: Database['product_reviews'] }, 'r'>;

/** The filters but the state: the queue's rows and its counts per state share them. */
function filtered(eb: Eb, websiteId: string, q: Omit<ReviewListQuery, 'status' | 'limit' | 'after'>) {
  const where = [eb('r.website_id', '=', websiteId)];
  if (q.item) where.push(eb('r.item_id', '=', q.item));
  if (q.rating) where.push(eb('r.rating', '=', q.rating));
  if (q.q) {
    const pattern = likePattern(q.q);
    where.push(eb.or([sql<boolean>`lower(r.body) like ${pattern} escape '\\'`, sql<boolean>`lower(r.reviewer_name) like ${pattern} escape '\\'`]));
  }
  return eb.and(where);
}

/** The queue's rows: each review with its product's title and place, and its order's number. */
function reviewRows(db: Db) {
  return db
    .selectFrom('product_reviews as r')
    .leftJoin('items as i', 'i.id', 'r.item_id')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.item_id',
      'r.order_id',
      'r.status',
      'r.rating',
      'r.body',
      'r.reviewer_name',
      'r.created_on',
      'r.reply',
      'r.replied_on',
      'r.replied_by',
      'r.moderated_on',
      'r.moderated_by',
      'i.title',
      'i.url_id',
      'i.collection_id',
      'o.order_number',
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['execute']>>[number];
const num = (n: number | string | null) => (n === null ? null : Number(n));
const asRow = (r: RawRow): OwnerReviewRow => ({
  ...r,
  created_on: Number(r.created_on),
  replied_on: num(r.replied_on),
  moderated_on: num(r.moderated_on),
  order_number: num(r.order_number),
});

/**
 * A page of the queue, newest first, one more row than asked (to know whether another page
 * follows): keyset on (created_on, id) of `product_reviews_status` (one state) or
 * `product_reviews_list` (every state).
 */
export async function pageOfReviews(db: Db, websiteId: string, q: ReviewListQuery): Promise<OwnerReviewRow[]> {
  const rows = await reviewRows(db)
    .where((eb) => filtered(eb as unknown as Eb, websiteId, q))
    .$if(q.status !== null, (qb) => qb.where('r.status', '=', q.status!))
    // A row value: both dialects start the index range right after the cursor's row.
    .$if(q.after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('r.created_on', 'r.id'), '<', eb.tuple(q.after!.created, q.after!.id))))
    .orderBy('r.created_on', 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.limit + 1)
    .execute();
  return rows.map(asRow);
}

/** One review of the site as the queue shows it, or null. */
export async function findReview(db: Db, websiteId: string, id: string): Promise<OwnerReviewRow | null> {
  const row = await reviewRows(db).where('r.website_id', '=', websiteId).where('r.id', '=', id).executeTakeFirst();
  return row ? asRow(row) : null;
}

export type StatusCounts = Record<ReviewStatus, number>;

/** How many reviews each state holds under the same filters (the queue's tabs). */
export async function reviewCounts(db: Db, websiteId: string, q: Omit<ReviewListQuery, 'status' | 'limit' | 'after'>): Promise<StatusCounts> {
  const rows = await db
    .selectFrom('product_reviews as r')
    .select((eb) => ['r.status', eb.fn.countAll<number | string>().as('n')])
    .where((eb) => filtered(eb as unknown as Eb, websiteId, q))
    .groupBy('r.status')
    .execute();
  const counts: StatusCounts = { pending: 0, approved: 0, hidden: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
  return counts;
}

/** Approves or hides a review, recording who and when; false when the site has no such review. */
export async function setReviewStatus(db: Db, websiteId: string, id: string, status: ReviewStatus, by: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('product_reviews')
    .set({ status, moderated_on: now, moderated_by: by })
    .where('id', '=', id)
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the shop's reply (null removes it), recording who and when; false when the site has no such review. */
export async function setReviewReply(db: Db, websiteId: string, id: string, reply: string | null, by: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('product_reviews')
    .set(reply === null ? { reply: null, replied_on: null, replied_by: null } : { reply, replied_on: now, replied_by: by })
    .where('id', '=', id)
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a review for good; false when the site has no such review. */
export async function deleteReview(db: Db, websiteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('product_reviews').where('id', '=', id).where('website_id', '=', websiteId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The products that have reviews, by title (the queue's product filter), at most `limit`. */
export async function reviewedProducts(db: Db, websiteId: string, limit: number): Promise<{ id: string; title: string }[]> {
  return db
    .selectFrom('items as i')
    .select(['i.id', 'i.title'])
    .where('i.website_id', '=', websiteId)
    .where((eb) => eb.exists(eb.selectFrom('product_reviews as r').select('r.id').where('r.website_id', '=', websiteId).whereRef('r.item_id', '=', 'i.id')))
    .orderBy('i.title')
    .orderBy('i.id')
    .limit(limit)
    .execute();
}
