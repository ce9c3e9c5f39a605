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

/** A post's approved comments, oldest first: the page reads them at every render. */
const approvedQuery = preparedQuery<CommentRow, Database>((db, p) =>
  db
    .selectFrom('comments')
    .select(COMMENT_COLUMNS)
    .where('website_id', '=', p(0))
    .where('item_id', '=', p(1))
    .where('status', '=', 'approved')
    .orderBy('created_on', 'asc')
    .orderBy('id', 'asc')
    .limit(p(2)),
);

export function approvedComments(db: Kysely<Database>, websiteId: string, itemId: string, limit: number): Promise<CommentRow[]> {
  return approvedQuery(db, [websiteId, itemId, limit]);
}

/** The approved comments of each item, in one grouped query (a list page asks for all its posts at once). */
export async function publicCommentCounts(db: Executor, websiteId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
    .where('website_id', '=', websiteId)
    .where('item_id', 'in', [...itemIds])
    .where('status', '=', 'approved')
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

/** The likes of each item, in one grouped query. */
export async function likeCounts(db: Executor, websiteId: string, itemIds: readonly string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('content_likes')
    .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
    .where('website_id', '=', websiteId)
    .where('item_id', 'in', [...itemIds])
    .groupBy('item_id')
    .execute();
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
