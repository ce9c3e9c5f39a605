import { AppError } from '../../errors.js';
import { canEditCode, type OwnerAuth } from '../../permissions.js';
import { findRevisionDocument } from '../../storage/content-drafts.js';
import type { Store } from '../../storage/dialect.js';
import type { SiteSnapshot } from '../site/index.js';
import { type ContentDocument, type DocumentKind, type Warning, codeChanged, documentOfItem, parseDocument } from './document.js';
import { contentItem } from './item.js';
import { type ContentState, checkBase, conflict, contentState, liveDraft, nextRevision, writeDraftRow } from './state.js';

/** Who changes a draft, where, and when. */
export interface DraftContext {
  readonly store: Store;
  readonly s: SiteSnapshot;
  readonly auth: OwnerAuth;
  readonly now: number;
}

/** The document the item's editors see now: its live draft, else its own content. */
function currentDocument(state: ContentState, row: Parameters<typeof documentOfItem>[0], of: DocumentKind): ContentDocument {
  const live = liveDraft(state);
  return live ? parseDocument(live.document!, of, row) : documentOfItem(row, of);
}

/**
 * Makes `document` the item's draft, if the editor saw the newest revision (else DRAFT_CONFLICT,
 * nothing written), and if an account without editCode left every code block as it was (else
 * CODE_EDITING_FORBIDDEN). One compare-and-set on the draft row: of two saves from one revision,
 * the second is told, never silently overwrites the first.
 */
async function writeDraft(c: DraftContext, itemId: string, baseRevision: number | null, document: ContentDocument) {
  const db = c.store.db;
  const { row, kind } = await contentItem(db, c.s, itemId);
  const state = await contentState(db, c.s.website.id, itemId);
  checkBase(c.s, state, baseRevision);
  const of = { kind, siteZone: c.s.timeZone };
  if (!canEditCode(c.auth, c.s.website.id) && codeChanged(currentDocument(state, row, of), document)) throw new AppError('CODE_EDITING_FORBIDDEN');
  const revision = nextRevision(state);
  const write = { websiteId: c.s.website.id, itemId, document: JSON.stringify(document), revision, accountId: c.auth.accountId, now: c.now };
  if (!(await writeDraftRow(db, state, write))) throw conflict(c.s, (await contentState(db, c.s.website.id, itemId)).draft);
  return { revision, document, updatedOn: c.now };
}

/** `PUT /api/owner/content/:itemId/draft`: the checked document saved as the draft, with the layout's warnings. */
export async function saveDraft(c: DraftContext, itemId: string, baseRevision: number | null, document: ContentDocument, warnings: Warning[]) {
  return { ...(await writeDraft(c, itemId, baseRevision, document)), warnings };
}

/** `POST .../revisions/:revision/restore`: a published version becomes the draft (visitors see nothing new until it is published). */
export async function restoreRevision(c: DraftContext, itemId: string, revision: number, baseRevision: number | null) {
  const { row, kind } = await contentItem(c.store.db, c.s, itemId);
  const json = await findRevisionDocument(c.store.db, c.s.website.id, itemId, revision);
  if (json === undefined) throw new AppError('NOT_FOUND');
  return writeDraft(c, itemId, baseRevision, parseDocument(json, { kind, siteZone: c.s.timeZone }, row));
}

/**
 * `DELETE /api/owner/content/:itemId/draft`: the draft is dropped; the row keeps the item's counter,
 * moved on, so that a save from the dropped draft's revision is refused.
 */
export async function discardDraft(c: DraftContext, itemId: string): Promise<void> {
  const db = c.store.db;
  await contentItem(db, c.s, itemId);
  const state = await contentState(db, c.s.website.id, itemId);
  if (!liveDraft(state)) return;
  const write = { websiteId: c.s.website.id, itemId, document: null, revision: nextRevision(state), accountId: c.auth.accountId, now: c.now };
  // Another write came first: a newer save (kept) or the same discard; neither is an error here.
  await writeDraftRow(db, state, write);
}
