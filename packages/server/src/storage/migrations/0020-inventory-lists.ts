import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The studio's inventory list pages through a site's variants fewest first (and the low-stock and
 * sold-out views are ranges of the same order), or by product title: these indexes give each sort
 * its order without sorting 20,000 variants at every page.
 */
export const inventoryLists: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    // The SKU and the product's id ride along, so that a search walks this index alone and reads only the rows it finds.
    await db.schema
      .createIndex('product_variants_stock')
      .on('product_variants')
      .columns(['website_id', 'unlimited', 'stock', 'id', 'item_id', 'sku'])
      .execute();
    // By the title as written (the products list's own index, 0019, is by the title in lower case).
    await db.schema.createIndex('items_title_exact').on('items').columns(['website_id', 'title', 'id']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('items_title_exact').execute();
    await db.schema.dropIndex('product_variants_stock').execute();
  },
});
