import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { MigrationFactory } from './types.js';

/**
 * The owner's lists of reviews and subscribers, newest first, read from indexes:
 * - every review of a site (the moderation queue's "all" view), beside the per-status index of 0018;
 * - subscribers per state, so that a state's page reads an index instead of the site's whole list;
 * - `mailing_list_counts`: how many addresses each state and source holds, kept by triggers in the
 *   transaction of every change, whichever code makes it (a form, a restock sign-up, a confirmation
 *   link, the owner's removal), so the list's counts read a few rows instead of counting 100,000.
 */

/** SQLite: one trigger per change (SQLite has no functions); an upsert adds, an update takes away. */
function sqliteTriggers(): string[] {
  const add = (row: 'NEW') =>
    `insert into mailing_list_counts (website_id, status, source, n) values (${row}.website_id, ${row}.status, ${row}.source, 1) ` +
    'on conflict (website_id, status, source) do update set n = n + 1';
  const remove = (row: 'OLD') =>
    `update mailing_list_counts set n = n - 1 where website_id = ${row}.website_id and status = ${row}.status and source = ${row}.source`;
  const trigger = (name: string, event: string, statements: string[]) =>
    `create trigger ${name} after ${event} for each row begin\n${statements.join(';\n')};\nend`;
  return [
    trigger('mailing_list_counts_insert', 'insert on mailing_list_subscribers', [add('NEW')]),
    trigger('mailing_list_counts_update', 'update of status, source on mailing_list_subscribers', [remove('OLD'), add('NEW')]),
    trigger('mailing_list_counts_delete', 'delete on mailing_list_subscribers', [remove('OLD')]),
  ];
}

/** PostgreSQL: one function; the upsert changes one counter row atomically, so concurrent sign-ups add up. */
function postgresTriggers(): string[] {
  return [
    `create function mailing_list_counted() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then
         update mailing_list_counts set n = n - 1 where website_id = old.website_id and status = old.status and source = old.source;
       end if;
       if tg_op in ('INSERT', 'UPDATE') then
         insert into mailing_list_counts (website_id, status, source, n) values (new.website_id, new.status, new.source, 1)
         on conflict (website_id, status, source) do update set n = mailing_list_counts.n + 1;
       end if;
       return null;
     end $$`,
    'create trigger mailing_list_counts after insert or delete or update of status, source on mailing_list_subscribers for each row execute function mailing_list_counted()',
  ];
}

const TRIGGERS: Record<Dialect, { create(): string[]; drop: string[] }> = {
  sqlite: {
    create: sqliteTriggers,
    drop: ['insert', 'update', 'delete'].map((t) => `drop trigger mailing_list_counts_${t}`),
  },
  postgres: {
    create: postgresTriggers,
    drop: ['drop trigger mailing_list_counts on mailing_list_subscribers', 'drop function mailing_list_counted()'],
  },
};

export const moderationLists: MigrationFactory = ({ dialect }) => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('product_reviews_list').on('product_reviews').columns(['website_id', 'created_on', 'id']).execute();
    await db.schema
      .createIndex('mailing_list_subscribers_status')
      .on('mailing_list_subscribers')
      .columns(['website_id', 'status', 'created_on', 'id'])
      .execute();
    await db.schema
      .createTable('mailing_list_counts')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('mailing_list_counts_pk', ['website_id', 'status', 'source'])
      .execute();
    await sql`insert into mailing_list_counts (website_id, status, source, n)
              select website_id, status, source, count(*) from mailing_list_subscribers group by website_id, status, source`.execute(db);
    for (const statement of TRIGGERS[dialect].create()) await sql.raw(statement).execute(db);
  },

  async down(db: Kysely<any>) {
    for (const statement of TRIGGERS[dialect].drop) await sql.raw(statement).execute(db);
    await db.schema.dropTable('mailing_list_counts').execute();
    await db.schema.dropIndex('mailing_list_subscribers_status').execute();
    await db.schema.dropIndex('product_reviews_list').execute();
  },
});
