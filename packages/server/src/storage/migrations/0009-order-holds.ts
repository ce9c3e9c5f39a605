import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';
import { systemClock } from '../../clock.js';

/** The hold a pending order had before this migration: the default, counted from the upgrade. */
const UPGRADE_HOLD_MS = 72 * 3_600_000;

/**
 * Order holds (docs/commerce-api.md "Order holds"): an order whose payment is pending holds its
 * stock until `hold_expires_on`; then the `order-holds` job cancels it. `base_url` is the site's
 * address as the shopper placed the order: mails sent when the order is paid later (gift card
 * codes, download links, the review request) link there.
 */
export const orderHolds: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('hold_expires_on', bigint).execute();
    await db.schema
      .alterTable('orders')
      .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // The job looks for pending orders whose hold passed.
    await db.schema.createIndex('orders_hold').on('orders').columns(['payment_status', 'hold_expires_on']).execute();
    // Orders left pending before holds existed get the default hold from now, not from when they
    // were placed: an upgrade must not cancel a week of unpaid orders at once without notice.
    await db
      .updateTable('orders')
      .set({ hold_expires_on: systemClock() + UPGRADE_HOLD_MS })
      .where('payment_status', '=', 'pending')
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_hold').execute();
    await db.schema.alterTable('orders').dropColumn('base_url').execute();
    await db.schema.alterTable('orders').dropColumn('hold_expires_on').execute();
  },
});
