import { sql, type Kysely } from 'kysely';
import type { Dialect, MigrationFactory } from './types.js';

/**
 * How many submissions each form has, and the latest one's time, kept by the store itself: the
 * studio's list of forms reads one small row per form instead of counting every submission (a
 * count of 100,000 submissions read the whole index at every request). Triggers on
 * `form_submissions` keep the row in the same transaction whichever code adds or deletes a
 * submission (a visitor's form, the owner's deletes, a site's removal). An insert adds one with an
 * upsert, atomic on both databases; a delete takes one off and finds the latest time again from the
 * submissions' index. Rows are filled for what the store already holds.
 */

const INSERT = (row: string) => `insert into form_submission_counts (website_id, form_key, submissions, last_on)
  values (${row}.website_id, ${row}.form_key, 1, ${row}.submitted_on)
  on conflict (website_id, form_key) do update set submissions = form_submission_counts.submissions + 1,
    last_on = case when excluded.last_on > form_submission_counts.last_on then excluded.last_on else form_submission_counts.last_on end`;

const DELETE = (row: string) => `update form_submission_counts set submissions = submissions - 1,
    last_on = coalesce((select max(s.submitted_on) from form_submissions s where s.website_id = ${row}.website_id and s.form_key = ${row}.form_key), 0)
  where website_id = ${row}.website_id and form_key = ${row}.form_key`;

const TRIGGERS: Record<Dialect, { create: string[]; drop: string[] }> = {
  sqlite: {
    create: [
      `create trigger form_submission_counts_insert after insert on form_submissions for each row begin ${INSERT('NEW')}; end`,
      `create trigger form_submission_counts_delete after delete on form_submissions for each row begin ${DELETE('OLD')}; end`,
    ],
    drop: ['drop trigger form_submission_counts_insert', 'drop trigger form_submission_counts_delete'],
  },
  postgres: {
    create: [
      `create function form_submission_counts_changed() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then ${INSERT('new')}; end if;
         if tg_op = 'DELETE' then ${DELETE('old')}; end if;
         return null;
       end $$`,
      'create trigger form_submission_counts after insert or delete on form_submissions for each row execute function form_submission_counts_changed()',
    ],
    drop: ['drop trigger form_submission_counts on form_submissions', 'drop function form_submission_counts_changed()'],
  },
};

export const formSubmissionCounts: MigrationFactory = ({ dialect, bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('form_submission_counts')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('form_key', 'text', (c) => c.notNull())
      .addColumn('submissions', 'integer', (c) => c.notNull())
      // 0 once the last submission is deleted.
      .addColumn('last_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('form_submission_counts_pk', ['website_id', 'form_key'])
      .execute();
    await sql
      .raw(
        `insert into form_submission_counts (website_id, form_key, submissions, last_on)
         select website_id, form_key, count(*), max(submitted_on) from form_submissions group by website_id, form_key`,
      )
      .execute(db);
    for (const statement of TRIGGERS[dialect].create) await sql.raw(statement).execute(db);
  },

  async down(db: Kysely<any>) {
    for (const statement of TRIGGERS[dialect].drop) await sql.raw(statement).execute(db);
    await db.schema.dropTable('form_submission_counts').execute();
  },
});
