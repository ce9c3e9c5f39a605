import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Visitor accounts, their sessions and one-time tokens, and members' access grants.
 * Visitor accounts are per site and apart from the owner's accounts (0004); both hash passwords
 * the same way. Sessions and tokens are keyed by the SHA-256 of what the visitor holds, so a copy
 * of the store holds nothing usable. Table shapes: storage/schema-accounts.ts.
 */
export const accounts: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('site_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('locale', 'text')
      .addColumn('email_verified_on', bigint)
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('site_users_email', ['website_id', 'email'])
      .execute();

    await db.schema
      .createTable('site_user_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('site_user_id', 'text', (c) => c.notNull().references('site_users.id').onDelete('cascade'))
      .addColumn('xsrf_hash', 'text', (c) => c.notNull())
      .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('site_user_sessions_user').on('site_user_sessions').column('site_user_id').execute();

    // Password reset links (single use: the row is deleted when used) and email verification.
    await db.schema
      .createTable('site_user_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('site_user_id', 'text', (c) => c.notNull().references('site_users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .addCheckConstraint('site_user_tokens_purpose', sql.raw("purpose in ('password-reset', 'verify-email')"))
      .execute();
    await db.schema.createIndex('site_user_tokens_user').on('site_user_tokens').columns(['site_user_id', 'purpose']).execute();

    // What a member may open: one row per member and area, from the paywall product they bought;
    // `expires_on` null for a one-time purchase, the end of the paid period for a subscription.
    await db.schema
      .createTable('member_grants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', website)
      .addColumn('site_user_id', 'text', (c) => c.notNull().references('site_users.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('item_id', 'text')
      .addColumn('pricing', 'text', (c) => c.notNull())
      .addColumn('starts_on', bigint, (c) => c.notNull())
      .addColumn('expires_on', bigint)
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addUniqueConstraint('member_grants_area', ['website_id', 'site_user_id', 'area'])
      .addCheckConstraint('member_grants_pricing', sql.raw("pricing in ('one-time', 'subscription')"))
      .execute();

    // A member has one live cart (not bought): two devices signing in at once cannot make two.
    await db.schema
      .createIndex('carts_member_live')
      .unique()
      .on('carts')
      .columns(['website_id', 'member_id'])
      .where(sql.ref('member_id'), 'is not', null)
      .where(sql.ref('kind'), '=', 'cart')
      .where(sql.ref('is_purchased'), '=', 0)
      .execute();
    // The account page lists orders by member, and by email for orders placed before signing up.
    await db.schema.createIndex('orders_member').on('orders').columns(['website_id', 'member_id']).execute();
    await db.schema.createIndex('orders_email').on('orders').columns(['website_id', 'customer_email']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_email').execute();
    await db.schema.dropIndex('orders_member').execute();
    await db.schema.dropIndex('carts_member_live').execute();
    for (const table of ['member_grants', 'site_user_tokens', 'site_user_sessions', 'site_users']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
