import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The studio's home page counts the paid orders still to fulfil on every visit: an index of both
 * states answers the count from the index alone, however many orders the shop has.
 */
export const ordersStateIndex: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('orders_states').on('orders').columns(['website_id', 'payment_status', 'fulfillment_status']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_states').execute();
  },
});
