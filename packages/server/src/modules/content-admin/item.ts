import { AppError } from '../../errors.js';
import type { CollectionRow, ItemRow } from '../../storage/content.js';
import { findItemRow } from '../../storage/content-drafts.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';

/** What the editor edits: a page's one item, a blog post, an event. */
type ContentKind = 'page' | 'post' | 'event';
const KINDS: Readonly<Record<string, ContentKind>> = { page: 'page', blog: 'post', events: 'event' };

export interface ContentItem {
  readonly row: ItemRow;
  readonly collection: CollectionRow;
  readonly kind: ContentKind;
}

/** The item of this site by its id, when it is one the editor edits; 404 NOT_FOUND otherwise. */
export async function contentItem(db: Executor, s: SiteSnapshot, itemId: string): Promise<ContentItem> {
  const row = await findItemRow(db, s.website.id, itemId);
  const collection = row ? s.collectionsById.get(row.collection_id) : undefined;
  const kind = collection ? KINDS[collection.type_name] : undefined;
  if (!row || !collection || !kind) throw new AppError('NOT_FOUND');
  return { row, collection, kind };
}
