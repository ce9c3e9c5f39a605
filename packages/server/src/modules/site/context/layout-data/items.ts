import type { Kysely } from 'kysely';
import type { Database } from '../../../../storage/schema.js';
import { type ItemRow, visibleAt } from '../../../../storage/content.js';

/** An item named by its collection and its URL slug, as a product block names it (`shop/stoneware-mug`). */
export interface ItemRef {
  readonly collectionId: string;
  readonly urlId: string;
}

/**
 * The items visible at `now` among those named, in one query for every product block of a page (no
 * query per block). Slugs and collections are matched as two lists, then paired here: a slug of one
 * collection never stands for the same slug of another.
 */
export async function visibleItemsByRef(db: Kysely<Database>, websiteId: string, refs: readonly ItemRef[], now: number): Promise<ItemRow[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('collection_id', 'in', [...new Set(refs.map((r) => r.collectionId))])
    .where('url_id', 'in', [...new Set(refs.map((r) => r.urlId))])
    .where(visibleAt(now))
    .execute();
  const wanted = new Set(refs.map((r) => `${r.collectionId}/${r.urlId}`));
  return rows.filter((row) => wanted.has(`${row.collection_id}/${row.url_id}`));
}
