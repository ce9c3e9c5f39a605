import { bumpWebsiteVersion } from '../../storage/assets.js';
import { insertRevision, setItemDraftStatus, writePublishedContent } from '../../storage/content-drafts.js';
import { documentOfItem, parseDocument, sectionsFor } from './document.js';
import type { DraftContext } from './draft.js';
import { contentItem } from './item.js';
import { withItemFields } from './item-fields.js';
import { checkBase, conflict, contentState, liveDraft, nextRevision, writeDraftRow } from './state.js';

/**
 * `POST /api/owner/content/:itemId/publish`: the live draft (else the item's own content again)
 * becomes what visitors get, in one transaction: the item's title, excerpt and `data.sections`, its
 * status (published, or scheduled when `publishOn` is later than now: visible from then on by the
 * `visibleAt` rule, without any job), a new published version in the history, the draft closed, and
 * the site's version bumped so that every process drops its cached pages.
 */
export async function publishContent(c: DraftContext, itemId: string, baseRevision: number | null, publishOn: number | undefined) {
  const websiteId = c.s.website.id;
  return c.store.db.transaction().execute(async (tx) => {
    const { row, kind } = await contentItem(tx, c.s, itemId);
    const state = await contentState(tx, websiteId, itemId);
    checkBase(c.s, state, baseRevision);
    const live = liveDraft(state);
    const of = { kind, siteZone: c.s.timeZone };
    const document = live ? parseDocument(live.document!, of, row) : documentOfItem(row, of);
    const revision = nextRevision(state);
    const closed = await writeDraftRow(tx, state, { websiteId, itemId, document: null, revision, accountId: c.auth.accountId, now: c.now });
    if (!closed) throw conflict(c.s, (await contentState(tx, websiteId, itemId)).draft);
    const previous = row.publish_on === null ? null : Number(row.publish_on);
    const when = publishOn ?? (previous !== null && previous <= c.now ? previous : c.now);
    const status = when > c.now ? 'scheduled' : 'published';
    const fields = withItemFields({ ...(JSON.parse(row.data) as Record<string, unknown>), sections: sectionsFor(row, document) }, document);
    await writePublishedContent(
      tx,
      websiteId,
      itemId,
      {
        title: document.title,
        excerpt: document.excerpt,
        data: JSON.stringify(fields.data),
        status,
        publishOn: when,
        startDate: fields.startDate,
        endDate: fields.endDate,
      },
      c.now,
    );
    await insertRevision(tx, { websiteId, itemId, revision, document: JSON.stringify(document), accountId: c.auth.accountId, now: c.now });
    await bumpWebsiteVersion(tx, websiteId);
    return { status, publishOn: when, revision };
  });
}

/** `POST /api/owner/content/:itemId/unpublish`: visitors no longer get the item; its content and draft stay. */
export async function unpublishContent(c: DraftContext, itemId: string) {
  const websiteId = c.s.website.id;
  await c.store.db.transaction().execute(async (tx) => {
    const { row } = await contentItem(tx, c.s, itemId);
    if (row.status === 'draft') return;
    await setItemDraftStatus(tx, websiteId, itemId, c.now);
    await bumpWebsiteVersion(tx, websiteId);
  });
  return { status: 'draft' as const };
}
