import type { Kysely } from 'kysely';
import { preparedQuery } from '../../storage/prepared.js';
import type { CommentStatus } from '../../storage/schema-comments.js';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-comments.js';
import type { Executor } from '../../storage/statement.js';

export type { CommentStatus } from '../../storage/schema-comments.js';

export interface CommentRow {
  id: string;
  item_id: string;
  status: CommentStatus;
  author_name: string;
  author_email: string | null;
  body: string;
  by_site: number;
  created_on: number;
  moderated_on: number | null;
  moderated_by: string | null;
}

export const COMMENT_COLUMNS = [
  'id',
  'item_id',
  'status',
  'author_name',
  'author_email',
  'body',
  'by_site',
  'created_on',
  'moderated_on',
  'moderated_by',
] as const;

/** A post's approved comments, oldest first: the page reads them at every render, kept until a comment changes. */
const approvedQuery = preparedQuery<CommentRow, Database>(
  (db, p) =>
    db
      .selectFrom('comments')
      .select(COMMENT_COLUMNS)
      .where('website_id', '=', p(0))
      .where('item_id', '=', p(1))
      .where('status', '=', 'approved')
      .orderBy('created_on', 'asc')
      .orderBy('id', 'asc')
      .limit(p(2)),
  { reads: ['comments'] },
);

export function approvedComments(db: Kysely<Database>, websiteId: string, itemId: string, limit: number): Promise<readonly CommentRow[]> {
  return approvedQuery(db, [websiteId, itemId, limit]);
}

const itemIds = (p: (i: number) => unknown, count: number) => Array.from({ length: count }, (_, i) => p(1 + i) as string);

// Kept until a comment or a like changes (storage/prepared.ts): a blog's pages read them on every request.
const commentCountsQuery = preparedQuery(
  (db: Kysely<Database>, p, count) =>
    db
      .selectFrom('comments')
      .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
      .where('website_id', '=', p(0))
      .where('item_id', 'in', itemIds(p, count))
      .where('status', '=', 'approved')
      .groupBy('item_id'),
  { reads: ['comments'] },
);

const likeCountsQuery = preparedQuery(
  (db: Kysely<Database>, p, count) =>
    db
      .selectFrom('content_likes')
      .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
      .where('website_id', '=', p(0))
      .where('item_id', 'in', itemIds(p, count))
      .groupBy('item_id'),
  { reads: ['content_likes'] },
);

/** The approved comments of each item, in one grouped query (a list page asks for all its posts at once). */
export async function publicCommentCounts(db: Kysely<Database>, websiteId: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await commentCountsQuery(db, [websiteId, ...ids], ids.length);
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

/** The likes of each item, in one grouped query. */
export async function likeCounts(db: Kysely<Database>, websiteId: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await likeCountsQuery(db, [websiteId, ...ids], ids.length);
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

/** Counts a visitor's like of an item once: a second like by the same visitor changes nothing. True when counted. */
export async function addLike(db: Executor, websiteId: string, itemId: string, visitorKey: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('content_likes')
    .values({ website_id: websiteId, item_id: itemId, visitor_key: visitorKey, created_on: now })
    .onConflict((oc) => oc.columns(['website_id', 'item_id', 'visitor_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function insertComment(db: Executor, row: CommentRow & { website_id: string }): Promise<void> {
  await db
    .insertInto('comments')
    .values({ ...row, by_site: row.by_site === 1 ? 1 : 0 })
    .execute();
}
