import type { Kysely } from 'kysely';
import { visibleAt } from '../../storage/content.js';
import type { Database } from '../../storage/schema.js';
import type { SiteSnapshot } from '../site/index.js';

export interface CommentablePost {
  readonly id: string;
  readonly title: string;
  /** The item's commentState: 1 opens it to new comments. */
  readonly commentState: number;
}

/**
 * A post a visitor may see, by its id: published (or scheduled and due), in a public blog. Anything
 * else (a draft, a page, a product, a members' post) is not found, so nothing is written to it.
 */
export async function visiblePost(db: Kysely<Database>, s: SiteSnapshot, itemId: string, now: number): Promise<CommentablePost | null> {
  if (itemId.length > 64) return null;
  const row = await db
    .selectFrom('items')
    .select(['id', 'title', 'collection_id', 'data'])
    .where('website_id', '=', s.website.id)
    .where('id', '=', itemId)
    .where(visibleAt(now))
    .executeTakeFirst();
  const collection = row ? s.collectionsById.get(row.collection_id) : undefined;
  if (!row || collection?.type_name !== 'blog' || collection.access !== 'public') return null;
  const data = JSON.parse(row.data) as { commentState?: unknown };
  return { id: row.id, title: row.title, commentState: data.commentState === 1 ? 1 : 0 };
}
