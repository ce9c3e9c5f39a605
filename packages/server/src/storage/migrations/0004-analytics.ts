import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Visitor analytics, page-speed records, client errors and the site owner's sign-in.
 * Raw rows carry no key of their own: they are only ever read per site and day (roll-ups) and
 * deleted per site and day (retention), which the (website_id, day) indexes serve; a bulk insert
 * then maintains one index per table. Table shapes: storage/schema-analytics.ts.
 */
export const analytics: MigrationFactory = ({ bigint, double }) => ({
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('analytics_events')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('received_on', bigint, (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('page_type', 'integer')
      .addColumn('collection_type', 'integer')
      .addColumn('session_id', 'text')
      .addColumn('visitor_id', 'text')
      .addColumn('referrer_host', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('analytics_events_day').on('analytics_events').columns(['website_id', 'day', 'kind']).execute();

    await db.schema
      .createTable('performance_records')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('received_on', bigint, (c) => c.notNull())
      .addColumn('page_load_id', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('lcp', double)
      .addColumn('inp', double)
      .addColumn('cls', double)
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('performance_records_day').on('performance_records').columns(['website_id', 'day', 'event']).execute();

    await db.schema
      .createTable('client_errors')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('received_on', bigint, (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('stack', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('client_errors_day').on('client_errors').columns(['website_id', 'day']).execute();

    await db.schema
      .createTable('analytics_daily')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('value', double)
      .addColumn('detail', 'text')
      .addPrimaryKeyConstraint('analytics_daily_pk', ['website_id', 'day', 'metric', 'dimension'])
      .execute();

    await db.schema
      .createTable('analytics_days')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('changed_on', bigint, (c) => c.notNull())
      .addColumn('rolled_on', bigint)
      .addPrimaryKeyConstraint('analytics_days_pk', ['website_id', 'day'])
      .execute();

    await db.schema
      .createTable('analytics_rejections')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_rejections_pk', ['website_id', 'day', 'endpoint', 'reason'])
      .execute();

    await db.schema
      .createTable('owner_accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('website_role', 'integer', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('owner_accounts_email', ['website_id', 'email'])
      .execute();

    await db.schema
      .createTable('owner_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('account_id', 'text', (c) => c.notNull().references('owner_accounts.id').onDelete('cascade'))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('owner_sessions_account').on('owner_sessions').column('account_id').execute();
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'owner_sessions',
      'owner_accounts',
      'analytics_rejections',
      'analytics_days',
      'analytics_daily',
      'client_errors',
      'performance_records',
      'analytics_events',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
