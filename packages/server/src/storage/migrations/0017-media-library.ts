import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

const COLUMNS = ['display_name', 'alt', 'title', 'focal_x', 'focal_y', 'created_on'] as const;

/**
 * The media library: what the owner says of a file (its shown name, alt text, title, focal point)
 * and when it was uploaded. Imported rows keep their path's last segment as their name.
 */
export const mediaLibrary: MigrationFactory = ({ bigint, double }) => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('assets').addColumn('display_name', 'text').execute();
    await db.schema
      .alterTable('assets')
      .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('assets')
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('assets').addColumn('focal_x', double).execute();
    await db.schema.alterTable('assets').addColumn('focal_y', double).execute();
    await db.schema
      .alterTable('assets')
      .addColumn('created_on', bigint, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('assets_library').on('assets').columns(['website_id', 'created_on', 'id']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('assets_library').execute();
    for (const column of COLUMNS) await db.schema.alterTable('assets').dropColumn(column).execute();
  },
});
