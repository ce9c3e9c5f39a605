import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * What the owner's order actions need beyond migration 0011:
 * - a refund's state: a refund is reserved (its row written, the order's refunded amount raised)
 *   before the payment provider is asked, and completed after; a reserved refund tells a second
 *   request with the same Idempotency-Key to wait for the first one's outcome;
 * - how much of each line a refund put back in stock, so that canceling the order later gives back
 *   only the rest (a piece is never returned to stock twice);
 * - an index to sort the owner's list by total, and one that a search by email or name scans
 *   instead of the orders themselves: it holds the columns searched (rows of orders are wide, with
 *   addresses and the checkout's answer), in the list's order, so a search reads the index alone
 *   and then fetches the page's orders by id.
 */
export const orderAdmin: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('order_refunds')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('succeeded'))
      .execute();
    await db.schema
      .alterTable('order_lines')
      .addColumn('restocked_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('order_refunds_order').on('order_refunds').columns(['order_id', 'created_on']).execute();
    await db.schema.createIndex('orders_total').on('orders').columns(['website_id', 'grand_total_cents', 'id']).execute();
    await db.schema.createIndex('orders_search').on('orders').columns(['website_id', 'created_on', 'id', 'customer_email', 'customer_name']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_search').execute();
    await db.schema.dropIndex('orders_total').execute();
    await db.schema.dropIndex('order_refunds_order').execute();
    await db.schema.alterTable('order_lines').dropColumn('restocked_quantity').execute();
    await db.schema.alterTable('order_refunds').dropColumn('state').execute();
  },
});
