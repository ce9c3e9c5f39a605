import { randomBytes } from 'node:crypto';
import type {} from '../../storage/schema-catalogue.js';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { newId } from '../../storage/ids.js';
import type { Database } from '../../storage/schema.js';
import type { FormSubmissionsTable } from '../../storage/schema-forms.js';

type Db = Kysely<Database> | Transaction<Database>;
export type SubmissionRow = Selectable<FormSubmissionsTable>;

/** A new submission key, valid until `now + ttlMs`; expired keys are swept now and then. */
export async function createSubmissionKey(db: Kysely<Database>, websiteId: string, now: number, ttlMs: number): Promise<string> {
  const key = randomBytes(18).toString('base64url');
  await db
    .insertInto('form_submission_keys')
    .values({ submission_key: key, website_id: websiteId, created_on: now, expires_on: now + ttlMs })
    .execute();
  if (key.charCodeAt(0) % 32 === 0) await db.deleteFrom('form_submission_keys').where('expires_on', '<=', now).execute();
  return key;
}

/**
 * Uses a key up: true when it existed for this site and had not expired. The delete is the
 * check, so two requests with the same key cannot both succeed (one deletes, the other finds none).
 */
export async function consumeSubmissionKey(db: Db, websiteId: string, key: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('form_submission_keys')
    .where('submission_key', '=', key)
    .where('website_id', '=', websiteId)
    .where('expires_on', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface NewSubmission {
  websiteId: string;
  formKey: string;
  formName: string;
  fields: readonly { id: string; type: string; title: string }[];
  values: Readonly<Record<string, unknown>>;
  pageTitle: string;
  pageId: string;
  contentSource: string;
  pagePath: string;
  pagePermissionTypeValue: string;
  submittedOn: number;
}

export async function insertSubmission(db: Db, s: NewSubmission): Promise<string> {
  const id = newId();
  await db
    .insertInto('form_submissions')
    .values({
      id,
      website_id: s.websiteId,
      form_key: s.formKey,
      form_name: s.formName,
      fields: JSON.stringify(s.fields),
      submitted_values: JSON.stringify(s.values),
      page_title: s.pageTitle,
      page_id: s.pageId,
      content_source: s.contentSource,
      page_path: s.pagePath,
      page_permission_type_value: s.pagePermissionTypeValue,
      submitted_on: s.submittedOn,
    })
    .execute();
  return id;
}

/** A form's submissions, oldest first. */
export async function listSubmissions(db: Db, websiteId: string, formKey: string): Promise<SubmissionRow[]> {
  return db
    .selectFrom('form_submissions')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('form_key', '=', formKey)
    .orderBy('submitted_on')
    .orderBy('id')
    .execute();
}

/** Per form key: how many submissions and the latest time (the counts the store keeps, migration 0022). */
export async function submissionCounts(db: Db, websiteId: string): Promise<Map<string, { count: number; last: number }>> {
  const rows = await db
    .selectFrom('form_submission_counts')
    .select(['form_key', 'submissions', 'last_on'])
    .where('website_id', '=', websiteId)
    .where('submissions', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.form_key, { count: Number(r.submissions), last: Number(r.last_on) }]));
}
