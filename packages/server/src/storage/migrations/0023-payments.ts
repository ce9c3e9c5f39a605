import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Payments through a card network provider:
 * - `payment_secrets`: a site's provider keys that must never reach a page, a log or an export
 *   (the secret API key, the webhook signing secret), per provider and mode (test, live). The
 *   public half (publishable keys, the test-mode switch, the methods offered) is store settings;
 * - `payment_events`: every provider event (webhook) a site handled, by the provider's event id,
 *   so an event delivered twice is applied once;
 * - on subscriptions, the provider and the payment method kept for their renewals.
 */
export const payments: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_secrets')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addPrimaryKeyConstraint('payment_secrets_pk', ['website_id', 'provider', 'mode', 'name'])
      .execute();
    await db.schema
      .createTable('payment_events')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('received_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_events_pk', ['website_id', 'provider', 'event_id'])
      .execute();
    await db.schema.alterTable('subscriptions').addColumn('payment_provider', 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('saved_method', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('subscriptions').dropColumn('saved_method').execute();
    await db.schema.alterTable('subscriptions').dropColumn('payment_provider').execute();
    await db.schema.dropTable('payment_events').execute();
    await db.schema.dropTable('payment_secrets').execute();
  },
});
