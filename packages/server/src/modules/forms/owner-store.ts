import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';
import type { Executor } from '../../storage/statement.js';

/**
 * The owner's queries on form submissions, one per function. Every list reads the
 * `form_submissions_list` index (website, form, submitted_on, id) newest first.
 */

/** Where a page of submissions starts: after the row with this time and id. */
export interface SubmissionCursor {
  readonly on: number;
  readonly id: string;
}

export interface SubmissionFilter {
  /** The search text as typed ('' for none). */
  readonly q: string;
  /** Submitted on or after, epoch ms. */
  readonly from: number | null;
  /** Submitted before, epoch ms. */
  readonly to: number | null;
}

export interface SubmissionListRow {
  id: string;
  fields: string;
  submitted_values: string;
  page_title: string;
  page_path: string;
  submitted_on: number;
}

/** One form of the site, by its key. */
export async function findFormRow(db: Executor, websiteId: string, formKey: string) {
  return db
    .selectFrom('forms')
    .select(['form_key', 'name', 'definition'])
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .executeTakeFirst();
}

/** The name of a form's latest submission: how a form that has left the site is still named. */
export async function latestSubmissionName(db: Executor, websiteId: string, formKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('form_submissions')
    .select('form_name')
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .orderBy('submitted_on', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.form_name;
}

/**
 * The search as a LIKE pattern on the stored JSON text of the values: the text is escaped as JSON
 * escapes it (so a quote or a backslash typed by the owner matches what the visitor typed), then
 * LIKE's own wildcards are escaped.
 */
function searchPattern(q: string): string {
  const json = JSON.stringify(q).slice(1, -1);
  return `%${json.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of a form's submissions, newest first, `limit` rows from after `cursor`. A search reads
 * the same index newest first and tests each row's values until the page is full, so a search for
 * something frequent is as quick as the list and one for something rare reads the whole form.
 */
export async function submissionsPage(
  db: Kysely<Database>,
  dialect: Dialect,
  websiteId: string,
  formKey: string,
  filter: SubmissionFilter,
  cursor: SubmissionCursor | null,
  limit: number,
): Promise<SubmissionListRow[]> {
  return (
    db
      .selectFrom('form_submissions')
      .select(['id', 'fields', 'submitted_values', 'page_title', 'page_path', 'submitted_on'])
      .where('website_id', '=', websiteId)
      .where('form_key', '=', formKey)
      .$if(filter.from !== null, (q) => q.where('submitted_on', '>=', filter.from!))
      .$if(filter.to !== null, (q) => q.where('submitted_on', '<', filter.to!))
      // A row-value comparison: both dialects read it as one range of the index (an OR of two
      // conditions makes SQLite walk the index from the newest row to the cursor's).
      .$if(cursor !== null, (q) => q.where(sql<boolean>`(submitted_on, id) < (${cursor!.on}, ${cursor!.id})`))
      .$if(filter.q !== '', (q) =>
        // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE of every letter.
        q.where(
          dialect === 'postgres'
            ? sql<boolean>`submitted_values ilike ${searchPattern(filter.q)}`
            : sql<boolean>`submitted_values like ${searchPattern(filter.q)} escape '\\'`,
        ),
      )
      .orderBy('submitted_on', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  );
}

/** One submission of a form, whole. */
export async function findSubmission(db: Executor, websiteId: string, formKey: string, id: string) {
  return db
    .selectFrom('form_submissions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The distinct field lists a form's submissions were made with (few: one per change of the form). */
export async function submissionFieldLists(db: Executor, websiteId: string, formKey: string): Promise<string[]> {
  const rows = await db
    .selectFrom('form_submissions')
    .select('fields')
    .distinct()
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .execute();
  return rows.map((r) => r.fields);
}

/** Deletes one submission: whether it was there. */
export async function deleteSubmission(db: Executor, websiteId: string, formKey: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('form_submissions')
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every submission of a form: how many went. */
export async function deleteFormSubmissions(db: Executor, websiteId: string, formKey: string): Promise<number> {
  const result = await db.deleteFrom('form_submissions').where('website_id', '=', websiteId).where('form_key', '=', formKey).executeTakeFirst();
  return Number(result.numDeletedRows);
}
