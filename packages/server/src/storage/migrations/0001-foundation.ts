import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Sites, settings, themes, content, products and forms. Commerce tables (carts, orders,
 * stock movements) come in later migrations and reference `items` and `product_variants` by id.
 */
export const foundation: MigrationFactory = ({ bigint, blob }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('websites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('identifier', 'text', (c) => c.notNull().unique())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('theme_name', 'text', (c) => c.notNull())
      .addColumn('theme_id', 'text')
      .addColumn('source_dir', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addCheckConstraint('websites_tenant', sqlCheck('website_id = id'))
      .execute();

    await db.schema
      .createTable('website_hosts')
      .addColumn('host', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('website_hosts_website').on('website_hosts').column('website_id').execute();

    await db.schema
      .createTable('site_settings')
      .addColumn('website_id', 'text', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
      .addColumn('site_title', 'text', (c) => c.notNull())
      .addColumn('site_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('logo', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('social_accounts', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('website_settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('store_settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();

    await db.schema
      .createTable('themes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('themes_website').on('themes').column('website_id').execute();

    await db.schema
      .createTable('theme_files')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('theme_id', 'text', (c) => c.notNull().references('themes.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('content', blob, (c) => c.notNull())
      .addPrimaryKeyConstraint('theme_files_pk', ['theme_id', 'path'])
      .execute();

    await db.schema
      .createTable('collections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('type_name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('folder_behavior', 'integer')
      .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('set null'))
      .addColumn('is_home', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('page_size', 'integer', (c) => c.notNull())
      .addColumn('access', 'text', (c) => c.notNull().defaultTo('public'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addUniqueConstraint('collections_url', ['website_id', 'url_id'])
      .execute();

    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('publish_on', bigint)
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('record_type', 'integer', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('start_date', bigint)
      .addColumn('end_date', bigint)
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('items_url', ['collection_id', 'url_id'])
      .execute();
    // Lists read one collection's visible items in display order.
    await db.schema.createIndex('items_list').on('items').columns(['collection_id', 'position']).execute();
    await db.schema.createIndex('items_website').on('items').columns(['website_id', 'status']).execute();

    await db.schema
      .createTable('products')
      .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('product_type', 'integer', (c) => c.notNull())
      .addColumn('variant_option_ordering', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_subscribable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('additional_fields_form_id', 'text')
      .addColumn('custom_add_button_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addCheckConstraint('products_type', sqlCheck('product_type between 1 and 5'))
      .execute();

    await db.schema
      .createTable('product_variants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull().references('products.item_id').onDelete('cascade'))
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('sale_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight_grams', 'integer')
      .addColumn('image', 'text')
      // Stock can never go below zero, whatever the commerce code does.
      .addCheckConstraint('product_variants_amounts', sqlCheck('stock >= 0 and price_cents >= 0 and sale_price_cents >= 0'))
      .addUniqueConstraint('product_variants_sku', ['website_id', 'sku'])
      .execute();
    await db.schema.createIndex('product_variants_item').on('product_variants').columns(['item_id', 'position']).execute();

    await db.schema
      .createTable('subscription_plans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull().unique().references('products.item_id').onDelete('cascade'))
      .addColumn('billing_period_value', 'integer', (c) => c.notNull())
      .addColumn('billing_period_unit', 'text', (c) => c.notNull())
      .addColumn('num_billing_cycles', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('subscription_plans_period', sqlCheck("billing_period_unit in ('WEEK', 'MONTH', 'YEAR') and billing_period_value > 0"))
      .execute();

    await db.schema
      .createTable('forms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('form_key', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addUniqueConstraint('forms_key', ['website_id', 'form_key'])
      .execute();

    await db.schema
      .createTable('navigation')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('entries', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('navigation_pk', ['website_id', 'name'])
      .execute();

    await db.schema
      .createTable('assets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('content', blob, (c) => c.notNull())
      .addUniqueConstraint('assets_path', ['website_id', 'path'])
      .execute();
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'assets',
      'navigation',
      'forms',
      'subscription_plans',
      'product_variants',
      'products',
      'items',
      'collections',
      'theme_files',
      'themes',
      'site_settings',
      'website_hosts',
      'websites',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});

function sqlCheck(expression: string) {
  return sql.raw(expression);
}
