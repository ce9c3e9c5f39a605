import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Subscriptions that renew (modules/subscriptions):
 * - on subscriptions, the failed attempts of the cycle being billed and when the next retry is due,
 *   when the owner paused it, when it was canceled (by whom) and when and why it ended, the cycles
 *   a pause skipped (the schedule stays on its first date: no drift); statuses
 *   are now active, past_due, paused, canceled and ended;
 * - on orders, the subscription and billing cycle a renewal order is for, unique together: one
 *   cycle makes one order, whichever process runs the job and however often it is retried.
 */
export const renewals: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('subscriptions')
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('subscriptions').addColumn('retry_on', bigint).execute();
    await db.schema.alterTable('subscriptions').addColumn('paused_on', bigint).execute();
    await db.schema.alterTable('subscriptions').addColumn('paused_by', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('canceled_on', bigint).execute();
    await db.schema.alterTable('subscriptions').addColumn('canceled_by', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('ended_on', bigint).execute();
    await db.schema.alterTable('subscriptions').addColumn('ended_reason', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('resumed_on', bigint).execute();
    await db.schema.alterTable('subscriptions').addColumn('resumed_by', 'text').execute();
    await db.schema
      .alterTable('subscriptions')
      .addColumn('skipped_cycles', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('subscriptions_retry').on('subscriptions').columns(['status', 'retry_on']).execute();
    await db.schema.createIndex('subscriptions_customer').on('subscriptions').columns(['website_id', 'customer_email']).execute();
    await db.schema.alterTable('orders').addColumn('subscription_id', 'text').execute();
    await db.schema.alterTable('orders').addColumn('subscription_cycle', 'integer').execute();
    await db.schema.createIndex('orders_subscription_cycle').unique().on('orders').columns(['subscription_id', 'subscription_cycle']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_subscription_cycle').execute();
    await db.schema.alterTable('orders').dropColumn('subscription_cycle').execute();
    await db.schema.alterTable('orders').dropColumn('subscription_id').execute();
    await db.schema.dropIndex('subscriptions_customer').execute();
    await db.schema.dropIndex('subscriptions_retry').execute();
    for (const column of [
      'skipped_cycles',
      'resumed_by',
      'resumed_on',
      'ended_reason',
      'ended_on',
      'canceled_by',
      'canceled_on',
      'paused_by',
      'paused_on',
      'retry_on',
      'failed_attempts',
    ]) {
      await db.schema.alterTable('subscriptions').dropColumn(column).execute();
    }
  },
});
