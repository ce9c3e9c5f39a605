import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The owner's sessions end after an idle time besides their fixed lifetime (modules/admin/owners.ts):
 * each records its last request. Sessions open when this runs count as seen at their start.
 */
export const ownerSessionActivity: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('owner_sessions')
      .addColumn('last_seen_on', bigint, (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update owner_sessions set last_seen_on = created_on`.execute(db);
  },

  async down(db: Kysely<any>) {
    await db.schema.alterTable('owner_sessions').dropColumn('last_seen_on').execute();
  },
});
