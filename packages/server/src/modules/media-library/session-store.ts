import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type {} from '../../storage/schema-media.js';

type Db = Kysely<Database> | Transaction<Database>;
export type UploadSession = Selectable<Database['upload_sessions']>;

export async function insertSession(db: Db, row: UploadSession): Promise<void> {
  await db.insertInto('upload_sessions').values(row).execute();
}

/** A session of this site and staff member: another account's is not found. */
export async function findSession(db: Db, websiteId: string, accountId: string, id: string): Promise<UploadSession | undefined> {
  return db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('website_id', '=', websiteId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * Records a chunk: compare-and-set on the offset it was appended at, so that of two requests
 * carrying the same chunk only one moves the offset on.
 */
export async function advanceSession(db: Db, id: string, from: number, to: number, contentType: string | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('upload_sessions')
    .set({ received: to, touched_on: now, ...(contentType ? { content_type: contentType } : {}) })
    .where('id', '=', id)
    .where('received', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a session's row; false when it was gone already (another request took it). */
export async function deleteSessionRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('upload_sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sessions no chunk has reached since `before`, oldest first. */
export async function staleSessions(db: Db, before: number, limit: number): Promise<UploadSession[]> {
  return db.selectFrom('upload_sessions').selectAll().where('touched_on', '<', before).orderBy('touched_on').limit(limit).execute();
}
