import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Commerce: carts and their entries, orders and their lines, gift cards, subscriptions,
 * download links, the order-number counter and the outbox of commerce events. (The rate-limit
 * counters and the site secrets that sign order links are 0003-forms' tables.) Money is integer minor units beside the
 * currency; amounts and stock are guarded by CHECK constraints as a last line of defence.
 */
export const commerce: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      // sha256 of the cart token (the cart cookie, or the cartToken of a subscription); never the token itself.
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('cart'))
      // The signed-in member owning the cart (accounts issue: load and merge on sign-in); null for visitors.
      .addColumn('member_id', 'text')
      .addColumn('is_purchased', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('order_id', 'text')
      .addColumn('coupons', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('shipping_location', 'text')
      .addColumn('shipping_option_id', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addCheckConstraint('carts_kind', sql.raw("kind in ('cart', 'subscription')"))
      .execute();
    await db.schema.createIndex('carts_member').on('carts').columns(['website_id', 'member_id']).execute();

    await db.schema
      .createTable('cart_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // The additional-fields form's answers as JSON text, as the storefront sends them; null without a form.
      .addColumn('additional_fields', 'text')
      // The order entries were added in (times can tie).
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addCheckConstraint('cart_entries_quantity', sql.raw('quantity between 1 and 9999'))
      .execute();
    await db.schema.createIndex('cart_entries_cart').on('cart_entries').columns(['cart_id', 'position']).execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_number', 'integer', (c) => c.notNull())
      // The client's Idempotency-Key: one order per key and site, whatever the retries.
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_fingerprint', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('cart_id', 'text')
      .addColumn('member_id', 'text')
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_cents', 'integer', (c) => c.notNull())
      .addColumn('shipping_cost_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .addColumn('gift_card_cents', 'integer', (c) => c.notNull())
      .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
      .addColumn('amount_due_cents', 'integer', (c) => c.notNull())
      .addColumn('shipping_address', 'text')
      .addColumn('shipping_option', 'text')
      .addColumn('coupons', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('payment_provider', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('payment_reference', 'text')
      .addColumn('fulfillment_status', 'text', (c) => c.notNull())
      // The checkout's answer ({status, body}), kept so that a retry with the same key gets it again.
      .addColumn('answer', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('orders_number', ['website_id', 'order_number'])
      .addUniqueConstraint('orders_idempotency', ['website_id', 'idempotency_key'])
      .addCheckConstraint(
        'orders_amounts',
        sql.raw(
          'subtotal_cents >= 0 and discount_cents >= 0 and shipping_cost_cents >= 0 and tax_cents >= 0 and gift_card_cents >= 0 ' +
            'and grand_total_cents >= 0 and amount_due_cents >= 0',
        ),
      )
      .execute();

    await db.schema
      .createTable('order_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text')
      .addColumn('sku', 'text')
      .addColumn('variant_id', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('product_type', 'integer')
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('additional_fields', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
      // The line took stock from its variant (given back when the payment is declined).
      .addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('order_lines_amounts', sql.raw('quantity >= 1 and unit_price_cents >= 0 and subtotal_cents >= 0'))
      .execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'position']).execute();

    await db.schema
      .createTable('order_downloads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_line_id', 'text', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
      .addColumn('asset_path', 'text', (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_downloads_order').on('order_downloads').column('order_id').execute();

    await db.schema
      .createTable('gift_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('initial_cents', 'integer', (c) => c.notNull())
      .addColumn('balance_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_line_id', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('gift_cards_code', ['website_id', 'code'])
      // A redemption can never take a card below zero, whatever races happen.
      .addCheckConstraint('gift_cards_balance', sql.raw('balance_cents >= 0 and balance_cents <= initial_cents'))
      .execute();
    await db.schema.createIndex('gift_cards_order').on('gift_cards').column('order_id').execute();

    await db.schema
      .createTable('gift_card_redemptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('gift_card_id', 'text', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addCheckConstraint('gift_card_redemptions_amount', sql.raw('amount_cents > 0'))
      .execute();
    await db.schema.createIndex('gift_card_redemptions_order').on('gift_card_redemptions').column('order_id').execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('billing_period_value', 'integer', (c) => c.notNull())
      .addColumn('billing_period_unit', 'text', (c) => c.notNull())
      .addColumn('num_billing_cycles', 'integer', (c) => c.notNull())
      .addColumn('cycles_billed', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text')
      .addColumn('started_on', bigint, (c) => c.notNull())
      .addColumn('next_billing_on', bigint)
      .addColumn('created_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('subscriptions_billing').on('subscriptions').columns(['status', 'next_billing_on']).execute();

    await db.schema
      .createTable('commerce_counters')
      .addColumn('website_id', 'text', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
      .addColumn('next_order_number', 'integer', (c) => c.notNull())
      .execute();

    // Outbox of commerce events (`orders.placed`): the mail issue consumes it (receipt, gift card
    // code, download links) and sets processed_on.
    await db.schema
      .createTable('commerce_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('processed_on', bigint)
      .execute();
    await db.schema.createIndex('commerce_events_pending').on('commerce_events').columns(['processed_on', 'created_on']).execute();
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'commerce_events',
      'commerce_counters',
      'subscriptions',
      'gift_card_redemptions',
      'gift_cards',
      'order_downloads',
      'order_lines',
      'orders',
      'cart_entries',
      'carts',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
