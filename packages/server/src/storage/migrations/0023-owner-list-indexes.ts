import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The studio's home page on a big shop: the reviews card reads the latest reviews of the site from
 * an index of their date, instead of every review of the site. (Its low-stock card reads the index
 * of variants by stock that the inventory list made, 0020.)
 */
export const ownerListIndexes: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('product_reviews_recent').on('product_reviews').columns(['website_id', 'created_on']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('product_reviews_recent').execute();
  },
});
