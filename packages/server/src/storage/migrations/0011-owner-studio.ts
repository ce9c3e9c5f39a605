import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * What the owner's studio keeps about running the shop (table shapes: storage/schema-owner.ts):
 * - an order's timeline (`order_events`: placed, paid, fulfilled, canceled, refunded, a staff note,
 *   each with who did it), its fulfilments with carrier and tracking, and its refunds;
 * - on orders and their lines: the buyer's name (searchable without reading JSON), when it was paid
 *   or canceled, how much was refunded; how much of each line was fulfilled or refunded;
 * - coupon use counts (a coupon's use limit holds across processes; a canceled order gives its use back);
 * - one-time tokens of the owner's side (a staff invitation, a password reset by mail), and whether an
 *   account is mailed about new orders.
 * Indexes serve the studio's lists: newest first with cursor paging, by state, by email, by SKU.
 */
export const ownerStudio: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');
    const order = (c: any) => c.notNull().references('orders.id').onDelete('cascade');

    await db.schema
      .alterTable('orders')
      .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('paid_on', bigint).execute();
    await db.schema.alterTable('orders').addColumn('canceled_on', bigint).execute();
    await db.schema
      .alterTable('order_lines')
      .addColumn('fulfilled_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('order_lines')
      .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('owner_accounts')
      .addColumn('notify_new_orders', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    // Orders placed before: the buyer's name from the shipping address, paid_on from their last change.
    const rows = await db.selectFrom('orders').select(['id', 'shipping_address', 'payment_status', 'updated_on']).execute();
    for (const row of rows) {
      let name = '';
      try {
        const a = row.shipping_address ? JSON.parse(row.shipping_address) : null;
        name = a ? `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim() : '';
      } catch {
        name = '';
      }
      await db
        .updateTable('orders')
        .set({ customer_name: name, paid_on: row.payment_status === 'paid' ? row.updated_on : null })
        .where('id', '=', row.id)
        .execute();
    }
    // The owner is mailed about new orders unless the account says otherwise.
    await db.updateTable('owner_accounts').set({ notify_new_orders: 1 }).where('website_role', '=', 1).execute();

    await db.schema.createIndex('orders_list').on('orders').columns(['website_id', 'created_on', 'id']).execute();
    await db.schema.createIndex('orders_payment').on('orders').columns(['website_id', 'payment_status', 'created_on']).execute();
    await db.schema.createIndex('orders_fulfillment').on('orders').columns(['website_id', 'fulfillment_status', 'created_on']).execute();
    await db.schema.createIndex('order_lines_sku').on('order_lines').columns(['website_id', 'sku']).execute();
    await db.schema.createIndex('order_lines_item').on('order_lines').columns(['website_id', 'item_id']).execute();

    await db.schema
      .createTable('order_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', order)
      // placed, paid, fulfilled, canceled, refunded, note, mail, ... (docs/owner-api.md)
      .addColumn('type', 'text', (c) => c.notNull())
      // Who did it: 'staff' (actor_email names the account), 'customer' or 'system' (a job, a provider).
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_email', 'text')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addCheckConstraint('order_events_actor', sql.raw("actor_kind in ('staff', 'customer', 'system')"))
      .execute();
    await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'created_on']).execute();

    await db.schema
      .createTable('order_fulfillments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', order)
      .addColumn('carrier', 'text')
      .addColumn('tracking_number', 'text')
      .addColumn('tracking_url', 'text')
      // JSON [{ lineId, quantity }]
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_fulfillments_order').on('order_fulfillments').column('order_id').execute();

    await db.schema
      .createTable('order_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', order)
      // The caller's Idempotency-Key: a refund asked twice (a double click, a retry) is made once.
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      // JSON [{ lineId, quantity }]; [] for a refund by amount.
      .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('reason', 'text')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_reference', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('order_refunds_idempotency', ['order_id', 'idempotency_key'])
      .addCheckConstraint('order_refunds_amount', sql.raw('amount_cents > 0'))
      .execute();

    await db.schema
      .createTable('coupon_uses')
      .addColumn('website_id', 'text', website)
      // The coupon's code as the store settings spell it, upper-cased.
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('uses', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('coupon_uses_pk', ['website_id', 'code'])
      .addCheckConstraint('coupon_uses_count', sql.raw('uses >= 0'))
      .execute();

    await db.schema
      .createTable('owner_tokens')
      // SHA-256 of the token in the mailed link: the store never holds a usable token.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      // An invitation's role (WebsiteRole code); null for a password reset.
      .addColumn('website_role', 'integer')
      .addColumn('account_id', 'text', (c) => c.references('owner_accounts.id').onDelete('cascade'))
      .addColumn('invited_by', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .addColumn('used_on', bigint)
      .addCheckConstraint('owner_tokens_purpose', sql.raw("purpose in ('invite', 'reset')"))
      .execute();
    await db.schema.createIndex('owner_tokens_email').on('owner_tokens').columns(['website_id', 'email']).execute();
  },

  async down(db: Kysely<any>) {
    for (const table of ['owner_tokens', 'coupon_uses', 'order_refunds', 'order_fulfillments', 'order_events']) {
      await db.schema.dropTable(table).execute();
    }
    for (const index of ['order_lines_item', 'order_lines_sku', 'orders_fulfillment', 'orders_payment', 'orders_list']) {
      await db.schema.dropIndex(index).execute();
    }
    await db.schema.alterTable('owner_accounts').dropColumn('notify_new_orders').execute();
    await db.schema.alterTable('order_lines').dropColumn('refunded_quantity').execute();
    await db.schema.alterTable('order_lines').dropColumn('fulfilled_quantity').execute();
    await db.schema.alterTable('orders').dropColumn('canceled_on').execute();
    await db.schema.alterTable('orders').dropColumn('paid_on').execute();
    await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
    await db.schema.alterTable('orders').dropColumn('customer_name').execute();
  },
});
