import { searchTextOfJson } from './search-text.js';
import type { Executor } from './statement.js';
import type {} from './schema-analytics.js';
import type {} from './schema-content.js';

/**
 * The editor's drafts, published versions and presence (migration 0027-content-drafts), one query
 * per function. A draft row's `revision` is the item's counter: it is only ever moved forward by a
 * compare-and-set (`compareAndSetDraft`), so two saves from the same base cannot both succeed.
 */

/** An item's draft row, with the display name (email) of whoever wrote it last. */
export interface DraftRow {
  document: string | null;
  revision: number;
  updatedOn: number;
  updatedBy: { id: string; name: string };
}

export async function findDraft(db: Executor, websiteId: string, itemId: string): Promise<DraftRow | undefined> {
  const row = await db
    .selectFrom('item_drafts as d')
    .leftJoin('owner_accounts as a', 'a.id', 'd.updated_by')
    .select(['d.document', 'd.revision', 'd.updated_on', 'd.updated_by', 'a.email'])
    .where('d.website_id', '=', websiteId)
    .where('d.item_id', '=', itemId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    document: row.document,
    revision: Number(row.revision),
    updatedOn: Number(row.updated_on),
    updatedBy: { id: row.updated_by, name: row.email ?? '' },
  };
}

/** The newest published revision of an item, or null when it was never published from the editor. */
export async function lastRevision(db: Executor, itemId: string): Promise<number | null> {
  const row = await db
    .selectFrom('item_revisions')
    .select((eb) => eb.fn.max('revision').as('last'))
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

interface DraftWrite {
  websiteId: string;
  itemId: string;
  document: string | null;
  revision: number;
  accountId: string;
  now: number;
}

/** The item's first draft row; false when another request made it first (nothing is written then). */
export async function insertDraft(db: Executor, w: DraftWrite): Promise<boolean> {
  const result = await db
    .insertInto('item_drafts')
    .values({ item_id: w.itemId, website_id: w.websiteId, document: w.document, revision: w.revision, updated_by: w.accountId, updated_on: w.now })
    .onConflict((oc) => oc.column('item_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Writes the draft row only if its revision is still `expected`; false when another write moved it. */
export async function compareAndSetDraft(db: Executor, expected: number, w: DraftWrite): Promise<boolean> {
  const result = await db
    .updateTable('item_drafts')
    .set({ document: w.document, revision: w.revision, updated_by: w.accountId, updated_on: w.now })
    .where('item_id', '=', w.itemId)
    .where('website_id', '=', w.websiteId)
    .where('revision', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RevisionRow {
  revision: number;
  publishedOn: number;
  publishedBy: { id: string; name: string };
}

/** An item's published versions, the newest first. */
export async function listRevisions(db: Executor, websiteId: string, itemId: string, limit: number): Promise<RevisionRow[]> {
  const rows = await db
    .selectFrom('item_revisions as r')
    .leftJoin('owner_accounts as a', 'a.id', 'r.published_by')
    .select(['r.revision', 'r.published_on', 'r.published_by', 'a.email'])
    .where('r.website_id', '=', websiteId)
    .where('r.item_id', '=', itemId)
    .orderBy('r.revision', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    revision: Number(r.revision),
    publishedOn: Number(r.published_on),
    publishedBy: { id: r.published_by, name: r.email ?? '' },
  }));
}

/** One published version's document (JSON), or undefined. */
export async function findRevisionDocument(db: Executor, websiteId: string, itemId: string, revision: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('item_revisions')
    .select('document')
    .where('website_id', '=', websiteId)
    .where('item_id', '=', itemId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row?.document;
}

export async function insertRevision(
  db: Executor,
  r: { websiteId: string; itemId: string; revision: number; document: string; accountId: string; now: number },
): Promise<void> {
  await db
    .insertInto('item_revisions')
    .values({ item_id: r.itemId, website_id: r.websiteId, revision: r.revision, document: r.document, published_by: r.accountId, published_on: r.now })
    .execute();
}

/** What a publish writes into the item: its title, excerpt, data (with `sections`) and visibility. */
export interface PublishedContent {
  title: string;
  excerpt: string;
  data: string;
  status: 'published' | 'scheduled';
  publishOn: number;
  /** An event's times (undefined: the columns stay as they are). */
  startDate?: number | null;
  endDate?: number | null;
}

export async function writePublishedContent(db: Executor, websiteId: string, itemId: string, c: PublishedContent, now: number): Promise<void> {
  await db
    .updateTable('items')
    .set((eb) => ({
      title: c.title,
      excerpt: c.excerpt,
      data: c.data,
      search_text: searchTextOfJson(c.data),
      status: c.status,
      publish_on: c.publishOn,
      ...(c.startDate === undefined ? {} : { start_date: c.startDate, end_date: c.endDate ?? null }),
      updated_on: now,
      revision: eb('revision', '+', 1),
    }))
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .execute();
}

/** Takes the item from visitors: its status becomes draft (its content stays). */
export async function setItemDraftStatus(db: Executor, websiteId: string, itemId: string, now: number): Promise<void> {
  await db
    .updateTable('items')
    .set((eb) => ({ status: 'draft', updated_on: now, revision: eb('revision', '+', 1) }))
    .where('website_id', '=', websiteId)
    .where('id', '=', itemId)
    .execute();
}

/** Records that an account has the item open now. */
export async function touchEditor(db: Executor, websiteId: string, itemId: string, accountId: string, now: number): Promise<void> {
  await db
    .insertInto('item_editors')
    .values({ item_id: itemId, website_id: websiteId, account_id: accountId, seen_on: now })
    .onConflict((oc) => oc.columns(['item_id', 'account_id']).doUpdateSet({ seen_on: now }))
    .execute();
}

/** The other accounts that had the item open since `since`, with their display names (emails). */
export async function listEditors(db: Executor, websiteId: string, itemId: string, since: number, except: string): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom('item_editors as e')
    .innerJoin('owner_accounts as a', 'a.id', 'e.account_id')
    .select(['a.id', 'a.email'])
    .where('e.website_id', '=', websiteId)
    .where('e.item_id', '=', itemId)
    .where('e.seen_on', '>=', since)
    .where('e.account_id', '!=', except)
    .orderBy('a.email')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.email }));
}

/** One item of a site, read inside the editor's transactions. */
export async function findItemRow(db: Executor, websiteId: string, itemId: string) {
  return db.selectFrom('items').selectAll().where('website_id', '=', websiteId).where('id', '=', itemId).executeTakeFirst();
}
