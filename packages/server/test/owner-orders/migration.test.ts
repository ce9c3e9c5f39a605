import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { orderAdmin } from '../../src/storage/migrations/0012-order-admin.js';
import { columnTypes } from '../../src/storage/migrations/types.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

describe.each(DIALECTS)('migration 0012-order-admin on %s', (dialect) => {
  it('goes down and up again: the refund state, the restocked quantities and its indexes', async () => {
    const store = await freshStore(dialect);
    try {
      const migration = orderAdmin(columnTypes(dialect));
      await migration.down(store.db);
      const indexes = async () => {
        const query =
          dialect === 'sqlite'
            ? "select name from sqlite_master where type = 'index' and name in ('orders_search', 'orders_total', 'order_refunds_order')"
            : "select indexname as name from pg_indexes where indexname in ('orders_search', 'orders_total', 'order_refunds_order')";
        const { rows } = await sql.raw<{ name: string }>(query).execute(store.db);
        return rows.map((r) => r.name).sort();
      };
      expect(await indexes()).toEqual([]);
      await migration.up(store.db);
      expect(await indexes()).toEqual(['order_refunds_order', 'orders_search', 'orders_total']);
    } finally {
      await store.close();
    }
  });
});
