import { type Kysely, sql } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { SubscriberStatus } from '../../storage/schema-forms.js';
import type {} from '../../storage/schema-moderation.js';
import type { SubscriberFilters, SubscriberListQuery } from './owner-query.js';

/** The owner's side of the mailing list: its pages, counts per state and removal. One query per function. */
type Db = Kysely<Database>;

export interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: string;
  created_on: number;
  updated_on: number;
  confirmed_on: number | null;
  unsubscribed_on: number | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const num = (n: number | string | null) => (n === null ? null : Number(n));

/** A search that matches at most this many addresses reads them from the email index first. */
const SPARSE_MATCHES = 2_000;

/**
 * A page of subscribers, newest first, one more row than asked (to know whether another page
 * follows): keyset on (created_on, id) of `mailing_list_subscribers_status` (one state) or
 * `mailing_list_subscribers_list` (every state). Addresses are stored lower-cased.
 *
 * A search walks the same index newest first and tests each address, which fills a page at once
 * when many addresses match but reads every row for a rare one. So the caller first reads the
 * matches from the (website_id, email) index alone (`fewMatches`): when they are few, the page is
 * made from them instead.
 */
export async function pageOfSubscribers(db: Db, websiteId: string, q: SubscriberListQuery, few: readonly string[] | null): Promise<SubscriberRow[]> {
  if (few?.length === 0) return [];
  const rows = await db
    .selectFrom('mailing_list_subscribers')
    .select(['id', 'email', 'status', 'source', 'created_on', 'updated_on', 'confirmed_on', 'unsubscribed_on'])
    .where('website_id', '=', websiteId)
    .$if(q.status !== null, (qb) => qb.where('status', '=', q.status!))
    .$if(q.source !== null, (qb) => qb.where('source', '=', q.source!))
    .$if(q.q !== '' && few === null, (qb) => qb.where(sql<boolean>`email like ${likePattern(q.q)} escape '\\'`))
    // As a list of values, each address's row is read by the email index.
    .$if(few !== null, (qb) => qb.where('email', 'in', few!))
    // A row value: both dialects start the index range right after the cursor's row.
    .$if(q.after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('created_on', 'id'), '<', eb.tuple(q.after!.created, q.after!.id))))
    .orderBy('created_on', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  return rows.map((r) => ({
    ...r,
    created_on: Number(r.created_on),
    updated_on: Number(r.updated_on),
    confirmed_on: num(r.confirmed_on),
    unsubscribed_on: num(r.unsubscribed_on),
  }));
}

/** The site's addresses that contain the search, from the (website_id, email) index alone. */
function matchingEmails(db: Db, websiteId: string, text: string) {
  return db
    .selectFrom('mailing_list_subscribers as m')
    .select('m.email')
    .where('m.website_id', '=', websiteId)
    .where(sql<boolean>`m.email like ${likePattern(text)} escape '\\'`);
}

/** The addresses a search matches when they are few (at most SPARSE_MATCHES), else null. */
export async function fewMatches(db: Db, websiteId: string, text: string): Promise<string[] | null> {
  const rows = await matchingEmails(db, websiteId, text)
    .limit(SPARSE_MATCHES + 1)
    .execute();
  return rows.length <= SPARSE_MATCHES ? rows.map((r) => r.email) : null;
}

export type SubscriberCounts = Record<SubscriberStatus, number>;

/**
 * How many addresses each state holds under the other filters (the page's state filter). Without a
 * search it reads the counters the triggers of migration 0021 keep (a few rows per site, whatever
 * the list's size); a search counts the addresses it matches.
 */
export async function subscriberCounts(
  db: Db,
  websiteId: string,
  f: Omit<SubscriberFilters, 'status'>,
  few: readonly string[] | null = null,
): Promise<SubscriberCounts> {
  const counts: SubscriberCounts = { pending: 0, subscribed: 0, unsubscribed: 0 };
  if (f.q !== '' && few !== null) {
    if (few.length === 0) return counts;
    // Each address's state by the email index, counted here: grouped in SQL, SQLite would walk the
    // state index instead and test every address of the site against the list.
    const states = await db
      .selectFrom('mailing_list_subscribers')
      .select('status')
      .where('website_id', '=', websiteId)
      .where('email', 'in', few)
      .$if(f.source !== null, (qb) => qb.where('source', '=', f.source!))
      .execute();
    for (const { status } of states) if (status in counts) counts[status]++;
    return counts;
  }
  const rows =
    f.q === ''
      ? await db
          .selectFrom('mailing_list_counts')
          .select((eb) => ['status', eb.fn.sum<number | string>('n').as('n')])
          .where('website_id', '=', websiteId)
          .$if(f.source !== null, (qb) => qb.where('source', '=', f.source!))
          .groupBy('status')
          .execute()
      : await db
          .selectFrom('mailing_list_subscribers')
          .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
          .where('website_id', '=', websiteId)
          .$if(f.source !== null, (qb) => qb.where('source', '=', f.source!))
          // The matching addresses found in the (website_id, email) index alone, then only their rows read.
          .where('email', 'in', matchingEmails(db, websiteId, f.q))
          .groupBy('status')
          .execute();
  for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
  return counts;
}

/** The sources addresses came from (the page's source filter), at most `limit`: from the counters. */
export async function subscriberSources(db: Db, websiteId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mailing_list_counts')
    .select('source')
    .distinct()
    .where('website_id', '=', websiteId)
    .where('n', '>', 0)
    .orderBy('source')
    .limit(limit)
    .execute();
  return rows.map((r) => r.source);
}

/** Removes an address from the list for good (a privacy request); false when the site has no such subscriber. */
export async function removeSubscriber(db: Db, websiteId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('mailing_list_subscribers').where('id', '=', id).where('website_id', '=', websiteId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
