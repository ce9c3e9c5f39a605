import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Coupon use limits (docs/commerce-api.md "Coupons"): an order placed with coupons counts one use of
 * each in `coupon_uses` (migration 0011) and records here that it did, so that an order that ends
 * unpaid (declined, its hold expired, canceled) gives its uses back exactly once, and orders placed
 * before use counts existed give back nothing they never took.
 */
export const storeSettings: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('orders')
      .addColumn('coupon_uses_taken', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('coupon_uses_taken').execute();
  },
});
