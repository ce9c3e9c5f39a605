import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Collector calls from bots (a crawler's user agent, docs/analytics.md "Bots") are not stored as
 * visits: they are counted per site, day and endpoint, so the owner's report can say how many
 * hits were left out. Table shape: storage/schema-analytics.ts.
 */
export const analyticsBots: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('analytics_bots')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_bots_pk', ['website_id', 'day', 'endpoint'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('analytics_bots').execute();
  },
});
