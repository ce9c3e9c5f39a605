import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The owner's lists of reviews and subscribers, newest first, read from indexes:
 * - every review of a site (the moderation queue's "all" view), beside the per-status index of 0018;
 * - subscribers per state, so that a state's list and the counts per state read an index instead of
 *   the site's whole list.
 */
export const moderationLists: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('product_reviews_list').on('product_reviews').columns(['website_id', 'created_on', 'id']).execute();
    await db.schema
      .createIndex('mailing_list_subscribers_status')
      .on('mailing_list_subscribers')
      .columns(['website_id', 'status', 'created_on', 'id'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('mailing_list_subscribers_status').execute();
    await db.schema.dropIndex('product_reviews_list').execute();
  },
});
