import { sql, type Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-comments.js';
import { COMMENT_COLUMNS, type CommentRow, type CommentStatus } from './store.js';

export const COMMENT_STATUSES: readonly CommentStatus[] = ['pending', 'approved', 'spam'];

export type OwnerCommentRow = CommentRow & { title: string | null; collection_id: string | null; url_id: string | null };

/** Comments with their post's title and address (null once the post is gone). */
const withPost = (db: Kysely<Database>) =>
  db
    .selectFrom('comments')
    .leftJoin('items', (join) => join.onRef('items.id', '=', 'comments.item_id').onRef('items.website_id', '=', 'comments.website_id'))
    .select(COMMENT_COLUMNS.map((c) => `comments.${c}` as const))
    .select(['items.title', 'items.collection_id', 'items.url_id']);

/**
 * A page of the site's comments for the moderation queue: those waiting first, then the newest;
 * with the post's title and address (null once the post is gone).
 */
export async function pageOfComments(
  db: Kysely<Database>,
  websiteId: string,
  query: { status: CommentStatus | null; limit: number; offset: number },
): Promise<OwnerCommentRow[]> {
  const rows = await withPost(db)
    .where('comments.website_id', '=', websiteId)
    .$if(query.status !== null, (q) => q.where('comments.status', '=', query.status!))
    .orderBy(sql`case when comments.status = 'pending' then 0 else 1 end`)
    .orderBy('comments.created_on', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(query.limit + 1)
    .offset(query.offset)
    .execute();
  return rows as OwnerCommentRow[];
}

/** How many comments the site holds in each state. */
export async function commentCounts(db: Kysely<Database>, websiteId: string): Promise<Record<CommentStatus, number>> {
  const rows = await db
    .selectFrom('comments')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('website_id', '=', websiteId)
    .groupBy('status')
    .execute();
  const counts = { pending: 0, approved: 0, spam: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** One comment of the site, with its post's title and address as the queue shows them. */
export async function findComment(db: Kysely<Database>, websiteId: string, id: string): Promise<OwnerCommentRow | undefined> {
  const row = await withPost(db).where('comments.website_id', '=', websiteId).where('comments.id', '=', id).executeTakeFirst();
  return row as OwnerCommentRow | undefined;
}

/** Approves a comment or sets it aside as spam; false when the site has no such comment. */
export async function setCommentStatus(db: Kysely<Database>, websiteId: string, id: string, status: CommentStatus, by: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ status, moderated_on: now, moderated_by: by })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteComment(db: Kysely<Database>, websiteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
