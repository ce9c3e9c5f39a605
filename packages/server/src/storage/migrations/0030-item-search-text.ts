import type { Kysely } from 'kysely';
import { searchTextOfJson } from '../search-text.js';
import type { MigrationFactory } from './types.js';

/** Items whose layout text is written per statement batch: the backfill never holds every row at once. */
const BATCH = 200;

/**
 * Site search finds a page by the words of its blocks: `items.search_text` holds their plain text,
 * written with the item's layout (a publish, an import). Items that already have a layout get it
 * here, a batch at a time.
 */
export const itemSearchText: MigrationFactory = () => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('items')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    let after = '';
    for (;;) {
      const rows: { id: string; data: string }[] = await db
        .selectFrom('items')
        .select(['id', 'data'])
        .where('id', '>', after)
        .where('data', 'like', '%"sections"%')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const text = searchTextOfJson(row.data);
        if (text !== '') await db.updateTable('items').set({ search_text: text }).where('id', '=', row.id).execute();
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  },

  async down(db: Kysely<any>) {
    await db.schema.alterTable('items').dropColumn('search_text').execute();
  },
});
