import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The owner's product list at a big shop's size (5,000 products and their variants):
 * - `product_variants_list` holds every column the list aggregates per product (count, prices, on
 *   sale, stock), so the aggregate reads the index alone, in item order, without a sort;
 * - `items_updated` and `items_title` give the list's default sort (the latest saved first) and its
 *   sort by title (in any case) a page from an index walk, never a sort of every product.
 */
export const productAdmin: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('product_variants_list')
      .on('product_variants')
      .columns(['website_id', 'item_id', 'unlimited', 'stock', 'on_sale', 'price_cents', 'sale_price_cents'])
      .execute();
    await db.schema.createIndex('items_updated').on('items').columns(['website_id', 'updated_on', 'id']).execute();
    await sql`create index items_title on items (website_id, lower(title), id)`.execute(db);
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('items_title').execute();
    await db.schema.dropIndex('items_updated').execute();
    await db.schema.dropIndex('product_variants_list').execute();
  },
});
