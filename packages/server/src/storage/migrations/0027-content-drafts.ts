import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * A page's (or a post's, an event's) content lifecycle in the editor (modules/content-admin,
 * docs/owner-api.md "Page content"):
 * - `item_drafts`: one row per item, the unsaved-to-visitors document and its revision. The row
 *   outlives a publish or a discard with a null document, so that its revision, the item's counter,
 *   only ever increases: a save is compared-and-set on it, never last-write-wins;
 * - `item_revisions`: every published version, kept for the history and its restore;
 * - `item_editors`: who has the item open in the editor, and when they last said so.
 */
export const contentDrafts: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('item_drafts')
      .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('document', 'text')
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('item_revisions')
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addColumn('published_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('item_revisions_pk', ['item_id', 'revision'])
      .execute();
    await db.schema
      .createTable('item_editors')
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('seen_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('item_editors_pk', ['item_id', 'account_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('item_editors').execute();
    await db.schema.dropTable('item_revisions').execute();
    await db.schema.dropTable('item_drafts').execute();
  },
});
