import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The studio's form builder (modules/forms, docs/owner-api.md "Form builder") saves a whole form at
 * once: `revision` counts the saves, so a save made from an older read is refused instead of
 * overwriting someone else's fields; `updated_on` says when the form last changed (0: never since
 * it came with the site directory).
 */
export const formBuilder: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('forms')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('forms')
      .addColumn('updated_on', bigint, (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('forms').dropColumn('updated_on').execute();
    await db.schema.alterTable('forms').dropColumn('revision').execute();
  },
});
