import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Native comments on posts and the simple like button (modules/comments, docs/comments.md):
 * - `comments`: a visitor's comment (or the site's reply) on an item, waiting (`pending`), shown
 *   (`approved`) or set aside as `spam`; the post page reads an item's approved ones oldest first,
 *   the studio's queue reads a site's by state.
 * - `content_likes`: one row per item and visitor (a hash of the visitor's like cookie), so a
 *   visitor's like counts once however often they press.
 * Neither references `items`: an import replaces items by their stable ids, and what visitors wrote
 * stays with the id.
 */
export const comments: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'spam')`))
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('author_email', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('by_site', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('moderated_on', bigint)
      .addColumn('moderated_by', 'text')
      .execute();
    await db.schema.createIndex('comments_item').on('comments').columns(['website_id', 'item_id', 'status', 'created_on']).execute();
    await db.schema.createIndex('comments_queue').on('comments').columns(['website_id', 'status', 'created_on']).execute();
    await db.schema
      .createTable('content_likes')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('visitor_key', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('content_likes_pk', ['website_id', 'item_id', 'visitor_key'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('content_likes').execute();
    await db.schema.dropTable('comments').execute();
  },
});
