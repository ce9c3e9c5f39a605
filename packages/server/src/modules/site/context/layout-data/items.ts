import type { Store } from '../../../../storage/dialect.js';
import { type ItemRow, listVisibleItemsByPlace } from '../../../../storage/content.js';
import { keptItems } from '../../catalog.js';
import type { SiteSnapshot } from '../../snapshot.js';

/** An item named by its collection and its URL slug, as a product block names it (`shop/stoneware-mug`). */
export interface ItemRef {
  readonly collectionId: string;
  readonly urlId: string;
}

/**
 * The items visible at `now` among those named, in one query for every product block of a page (no
 * query per block). Slugs and collections are matched as two lists, then paired here: a slug of one
 * collection never stands for the same slug of another. Only the ids and publication are read: the
 * rows are the site version's kept ones (catalog.ts), so their contexts are built once per version.
 */
export async function visibleItemsByRef(store: Store, s: SiteSnapshot, refs: readonly ItemRef[], now: number): Promise<ItemRow[]> {
  if (refs.length === 0) return [];
  const live = await listVisibleItemsByPlace(
    store.db,
    s.website.id,
    [...new Set(refs.map((r) => r.collectionId))],
    [...new Set(refs.map((r) => r.urlId))],
    now,
  );
  const wanted = new Set(refs.map((r) => `${r.collectionId}/${r.urlId}`));
  return keptItems(
    store,
    s,
    live.filter((row) => wanted.has(`${row.collection_id}/${row.url_id}`)),
  );
}
