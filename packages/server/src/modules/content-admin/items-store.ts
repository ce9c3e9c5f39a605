import { sql } from 'kysely';
import type { Executor } from '../../storage/statement.js';

/** The posts and events lists' queries (docs/owner-api.md "Posts and events"), one query per function. */

export interface ListedItemRow {
  id: string;
  url_id: string;
  title: string;
  status: string;
  publish_on: number | string | null;
  start_date: number | string | null;
  updated_on: number | string;
  data: string;
  draft: string | null;
}

export interface ItemListQuery {
  websiteId: string;
  collectionId: string;
  events: boolean;
  status: string | undefined;
  q: string | undefined;
  now: number;
  offset: number;
  limit: number;
}

/**
 * One page of a blog's or an events list's items: a blog newest first (by publish date, a draft by
 * when it was made); events upcoming first, soonest first, then past ones, latest first. With each,
 * whether a live draft waits (`draft` is 'y').
 */
export async function listCollectionItems(db: Executor, q: ItemListQuery): Promise<ListedItemRow[]> {
  let query = db
    .selectFrom('items as i')
    .leftJoin('item_drafts as d', (join) => join.onRef('d.item_id', '=', 'i.id').on('d.document', 'is not', null))
    .select(['i.id', 'i.url_id', 'i.title', 'i.status', 'i.publish_on', 'i.start_date', 'i.updated_on', 'i.data'])
    .select(sql<string | null>`case when d.item_id is null then null else 'y' end`.as('draft'))
    .where('i.website_id', '=', q.websiteId)
    .where('i.collection_id', '=', q.collectionId);
  if (q.status) query = query.where('i.status', '=', q.status);
  if (q.q) {
    const pattern = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // ESCAPE is spelled out: SQLite has no default escape character for LIKE.
    query = query.where(sql<boolean>`lower(i.title) like ${pattern} escape '\\'`);
  }
  if (q.events) {
    const past = sql<number>`case when i.start_date is null then 2 when coalesce(i.end_date, i.start_date) < ${q.now} then 1 else 0 end`;
    query = query.orderBy(past).orderBy(sql`case when coalesce(i.end_date, i.start_date) < ${q.now} then -i.start_date else i.start_date end`).orderBy('i.id');
  } else {
    query = query.orderBy(sql`coalesce(i.publish_on, i.created_on)`, 'desc').orderBy('i.id', 'desc');
  }
  return query.limit(q.limit).offset(q.offset).execute();
}

/** The url ids of a collection's items that start with `base` (to make a new one unique). */
export async function urlIdsLike(db: Executor, collectionId: string, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('url_id')
    .where('collection_id', '=', collectionId)
    .where(sql<boolean>`lower(url_id) like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`)
    .execute();
  return rows.map((r) => r.url_id.toLowerCase());
}

export interface NewItem {
  id: string;
  websiteId: string;
  collectionId: string;
  urlId: string;
  title: string;
  startDate: number | null;
  endDate: number | null;
  data: string;
  now: number;
}

/** A new draft item; false when another item took its url id first (nothing is written then). */
export async function insertDraftItem(db: Executor, n: NewItem): Promise<boolean> {
  const result = await db
    .insertInto('items')
    .values({
      id: n.id,
      website_id: n.websiteId,
      collection_id: n.collectionId,
      url_id: n.urlId,
      title: n.title,
      status: 'draft',
      publish_on: null,
      position: 0,
      record_type: 1,
      excerpt: '',
      body: '',
      start_date: n.startDate,
      end_date: n.endDate,
      data: n.data,
      created_on: n.now,
      updated_on: n.now,
    })
    .onConflict((oc) => oc.columns(['collection_id', 'url_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes an item (its drafts, versions and presence go with it: their keys cascade). */
export async function deleteItemRow(db: Executor, websiteId: string, itemId: string): Promise<void> {
  await db.deleteFrom('items').where('website_id', '=', websiteId).where('id', '=', itemId).execute();
}
