import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Restock notifications and product reviews.
 *
 * Signups and reviews name their product and variant by id without a foreign key: ids are stable
 * across imports (derived from the site, collection, item and SKU), and a signup or a review must
 * outlive an import that hides or drops its product for a while.
 */
export const restockReviews: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('restock_signups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('join_mailing_list', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('base_url', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('notified_on', bigint)
      .addColumn('outbox_id', 'text')
      .addCheckConstraint('restock_signups_status', sql.raw("status in ('waiting', 'notified')"))
      .execute();
    // One waiting signup per address and variant: a second signup while the first waits is the same
    // wish (a partial unique index, which SQLite and PostgreSQL both have). Once notified, the
    // address may sign up again for the next time the variant sells out.
    await db.schema
      .createIndex('restock_signups_waiting')
      .unique()
      .on('restock_signups')
      .columns(['website_id', 'variant_id', 'email'])
      .where(sql.ref('status'), '=', sql.lit('waiting'))
      .execute();
    // The owner's lists: groups by variant, signups of a variant newest first.
    await db.schema.createIndex('restock_signups_variant').on('restock_signups').columns(['website_id', 'variant_id', 'created_on']).execute();
    // The automatic sender looks for waiting signups whose variant is back in stock.
    await db.schema.createIndex('restock_signups_status').on('restock_signups').columns(['status', 'variant_id']).execute();

    await db.schema
      .createTable('product_reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('reviewer_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addCheckConstraint('product_reviews_rating', sql.raw('rating between 1 and 5'))
      // A buyer rates each product of an order once: the second attempt fails on this constraint.
      .addUniqueConstraint('product_reviews_once', ['website_id', 'order_id', 'item_id'])
      .execute();
    await db.schema.createIndex('product_reviews_item').on('product_reviews').columns(['website_id', 'item_id', 'created_on']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('product_reviews').execute();
    await db.schema.dropTable('restock_signups').execute();
  },
});
