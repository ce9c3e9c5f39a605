import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The studio's catalogue, inventory, reviews, form submissions and mailing list:
 * - `items.revision`: bumped by every save of an item, so that a save names the revision it was
 *   made from and two staff editing one product never overwrite each other silently;
 * - `inventory_adjustments`: every change of a variant's stock as a signed delta, with its reason
 *   and who made it, so that a variant's history adds up to its stock;
 * - reviews wait for approval (`status`) and may carry the shop's reply; reviews written before
 *   moderation existed were already public, so they stay approved;
 * - indexes for the owner's lists of submissions and subscribers, newest first.
 */
export const catalogue: MigrationFactory = (t) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('items')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('inventory_adjustments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('stock_after', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_email', 'text')
      .addColumn('order_id', 'text')
      .addColumn('created_on', t.bigint, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('inventory_adjustments_variant')
      .on('inventory_adjustments')
      .columns(['website_id', 'variant_id', 'created_on', 'id'])
      .execute();
    await db.schema.createIndex('inventory_adjustments_website').on('inventory_adjustments').columns(['website_id', 'created_on', 'id']).execute();

    await db.schema
      .alterTable('product_reviews')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
      .execute();
    await db.schema.alterTable('product_reviews').addColumn('reply', 'text').execute();
    await db.schema.alterTable('product_reviews').addColumn('replied_on', t.bigint).execute();
    await db.schema.alterTable('product_reviews').addColumn('replied_by', 'text').execute();
    await db.schema.alterTable('product_reviews').addColumn('moderated_on', t.bigint).execute();
    await db.schema.alterTable('product_reviews').addColumn('moderated_by', 'text').execute();
    await db.schema.createIndex('product_reviews_status').on('product_reviews').columns(['website_id', 'status', 'created_on', 'id']).execute();
    await db.schema.createIndex('product_reviews_item_status').on('product_reviews').columns(['website_id', 'item_id', 'status', 'created_on']).execute();

    await db.schema.createIndex('form_submissions_list').on('form_submissions').columns(['website_id', 'form_key', 'submitted_on', 'id']).execute();
    await db.schema.createIndex('mailing_list_subscribers_list').on('mailing_list_subscribers').columns(['website_id', 'created_on', 'id']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('mailing_list_subscribers_list').execute();
    await db.schema.dropIndex('form_submissions_list').execute();
    await db.schema.dropIndex('product_reviews_item_status').execute();
    await db.schema.dropIndex('product_reviews_status').execute();
    for (const column of ['moderated_by', 'moderated_on', 'replied_by', 'replied_on', 'reply', 'status']) {
      await db.schema.alterTable('product_reviews').dropColumn(column).execute();
    }
    await db.schema.dropTable('inventory_adjustments').execute();
    await db.schema.alterTable('items').dropColumn('revision').execute();
  },
});
