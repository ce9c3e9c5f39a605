import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * A site's styles (modules/design, docs/owner-api.md "Site styles"): per website and theme, only the
 * paths the owner changed from the theme's defaults (JSON `{ "<path>": value }`), and a revision
 * every save compares and sets, so that two studios never overwrite each other unseen.
 */
export const siteStyles: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_styles')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('theme_name', 'text', (c) => c.notNull())
      .addColumn('saved', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('site_styles_pk', ['website_id', 'theme_name'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('site_styles').execute();
  },
});
