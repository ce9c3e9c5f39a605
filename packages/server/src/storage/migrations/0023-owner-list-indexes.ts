import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The studio's home page on a big shop: the low-stock card reads the stocked variants at or under
 * the threshold from an index of their stock, and the reviews card the latest reviews of the site
 * from an index of their date, instead of every variant and every review of the site.
 */
export const ownerListIndexes: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('product_variants_stock').on('product_variants').columns(['website_id', 'unlimited', 'stock']).execute();
    await db.schema.createIndex('product_reviews_recent').on('product_reviews').columns(['website_id', 'created_on']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('product_reviews_recent').execute();
    await db.schema.dropIndex('product_variants_stock').execute();
  },
});
