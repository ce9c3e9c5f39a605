import { contentStatusLabel } from '@tessera/core';
import { canEditCode, type OwnerAuth } from '../../permissions.js';
import { listEditors } from '../../storage/content-drafts.js';
import type { Executor } from '../../storage/statement.js';
import { itemUrl, type SiteSnapshot } from '../site/index.js';
import { documentOfItem, parseDocument } from './document.js';
import { contentItem } from './item.js';
import { contentState, liveDraft } from './state.js';

/** How long an editor counts as having a page open after it last said so (it says so every 15 s). */
export const PRESENCE_MS = 45_000;

/**
 * `GET /api/owner/content/:itemId`: the item, its published version and its draft. An item that was
 * never published and has no draft yet (made by the navigation or a site directory) answers its own
 * content as the draft at revision 0, written by nobody (`updatedBy` with an empty id and name).
 */
export async function readContent(db: Executor, s: SiteSnapshot, auth: OwnerAuth, itemId: string, now: number) {
  const { row, collection, kind } = await contentItem(db, s, itemId);
  const of = { kind, siteZone: s.timeZone };
  const [state, editors] = await Promise.all([
    contentState(db, s.website.id, itemId),
    listEditors(db, s.website.id, itemId, now - PRESENCE_MS, auth.accountId),
  ]);
  const live = liveDraft(state);
  const everPublished = row.status !== 'draft' || state.lastPublished !== null;
  const published = everPublished ? { revision: state.lastPublished ?? 0, document: documentOfItem(row, of) } : null;
  const draft = live
    ? { revision: live.revision, document: parseDocument(live.document!, of, row), updatedOn: live.updatedOn, updatedBy: live.updatedBy }
    : published
      ? null
      : { revision: 0, document: documentOfItem(row, of), updatedOn: Number(row.updated_on), updatedBy: { id: '', name: '' } };
  return {
    itemId: row.id,
    collectionId: collection.id,
    kind,
    title: row.title,
    url: itemUrl(s, collection, row),
    status: row.status,
    statusLabel: contentStatusLabel(row.status) ?? '',
    publishOn: row.publish_on === null ? null : Number(row.publish_on),
    published,
    draft,
    editors,
    canEditCode: canEditCode(auth, s.website.id),
  };
}
