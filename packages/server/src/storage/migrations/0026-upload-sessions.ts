import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Resumable uploads (modules/media-library, docs/media.md): a session per large file, per site and
 * staff member, that records how many bytes it holds (its chunks live in the blob store under the
 * session's prefix). `touched_on` is when its last chunk arrived: the sweep finds abandoned ones by it.
 */
export const uploadSessions: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('upload_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text')
      .addColumn('size', bigint, (c) => c.notNull())
      .addColumn('chunk_size', 'integer', (c) => c.notNull())
      .addColumn('received', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('content_type', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('touched_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('upload_sessions_touched').on('upload_sessions').column('touched_on').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('upload_sessions').execute();
  },
});
