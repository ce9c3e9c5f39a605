import { AppError } from '../../errors.js';
import { type DraftRow, compareAndSetDraft, findDraft, insertDraft, lastRevision } from '../../storage/content-drafts.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';

/**
 * Where an item's content stands: its draft row (a live draft when it holds a document; else the
 * counter left by a publish or a discard) and its newest published revision.
 */
export interface ContentState {
  readonly draft: DraftRow | undefined;
  readonly lastPublished: number | null;
}

export async function contentState(db: Executor, websiteId: string, itemId: string): Promise<ContentState> {
  const [draft, lastPublished] = await Promise.all([findDraft(db, websiteId, itemId), lastRevision(db, itemId)]);
  return { draft, lastPublished };
}

export const liveDraft = (state: ContentState): DraftRow | undefined => (state.draft?.document != null ? state.draft : undefined);

/**
 * The revision an editor must name to change the item: its live draft's, else its newest published
 * version's (0 when it has none; null is taken for 0).
 */
function expectedBase(state: ContentState): number {
  return liveDraft(state)?.revision ?? state.lastPublished ?? 0;
}

/** The next revision of the item: past every draft and published version it ever had. */
export function nextRevision(state: ContentState): number {
  return Math.max(state.draft?.revision ?? 0, state.lastPublished ?? 0) + 1;
}

/** Refuses a change made from an older revision than the item's, with who moved it on and when. */
export function checkBase(s: SiteSnapshot, state: ContentState, baseRevision: number | null): void {
  if ((baseRevision ?? 0) !== expectedBase(state)) throw conflict(s, state.draft);
}

/**
 * DRAFT_CONFLICT with the other editor's name and the time of their save in the site's time zone,
 * and the newer draft's revision, so the editor keeps its own changes and says what happened.
 */
export function conflict(s: SiteSnapshot, draft: DraftRow | undefined): AppError {
  if (!draft) return new AppError('DRAFT_CONFLICT');
  const time = new Intl.DateTimeFormat(s.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: s.timeZone }).format(draft.updatedOn);
  const name = draft.updatedBy.name || 'Someone';
  const message = `${name} saved a newer version of this page at ${time}. Reload it to see their changes; yours are kept in this window.`;
  return new AppError('DRAFT_CONFLICT', message, undefined, {
    draft: { revision: draft.revision, updatedOn: draft.updatedOn, updatedBy: draft.updatedBy },
  });
}

/**
 * Moves the item's draft row from the state that was read to `revision` with this document (null:
 * no live draft any more): one compare-and-set, so of two writes from one state only the first
 * lands. False when another write came first.
 */
export async function writeDraftRow(
  db: Executor,
  state: ContentState,
  w: { websiteId: string; itemId: string; document: string | null; revision: number; accountId: string; now: number },
): Promise<boolean> {
  return state.draft ? compareAndSetDraft(db, state.draft.revision, w) : insertDraft(db, w);
}
