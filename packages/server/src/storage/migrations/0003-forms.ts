import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * Site forms, captcha, outgoing mail, the mailing list and rate limits.
 *
 * Submissions point at their form by its key (`form_key`, the id of forms/<formId>.json), not by
 * the forms row: an import replaces a site's form rows, and submissions must outlive that.
 */
export const forms: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    // Per-site secrets (the captcha's HMAC key, the mailing list's token key), made on first use.
    await db.schema
      .createTable('site_secrets')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('site_secrets_pk', ['website_id', 'name'])
      .execute();

    // Single-use submission keys: a key is deleted by the transaction that stores its submission.
    await db.schema
      .createTable('form_submission_keys')
      .addColumn('submission_key', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_submission_keys_expiry').on('form_submission_keys').column('expires_on').execute();

    await db.schema
      .createTable('form_submissions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('form_key', 'text', (c) => c.notNull())
      .addColumn('form_name', 'text', (c) => c.notNull())
      // The form's fields when the submission was made (id, type, title), so exports read well after the form changes.
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('submitted_values', 'text', (c) => c.notNull())
      .addColumn('page_title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('page_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content_source', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('page_path', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('page_permission_type_value', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('submitted_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_submissions_form').on('form_submissions').columns(['website_id', 'form_key', 'submitted_on']).execute();

    // The captcha's replay store: a solved challenge is accepted once, until it expires.
    await db.schema
      .createTable('captcha_solutions')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('captcha_solutions_pk', ['website_id', 'challenge'])
      .execute();
    await db.schema.createIndex('captcha_solutions_expiry').on('captcha_solutions').column('expires_on').execute();

    // Every outgoing message, written before any delivery attempt (mail/README.md).
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_on', bigint, (c) => c.notNull())
      .addColumn('claimed_until', bigint)
      .addColumn('last_error', 'text')
      .addColumn('transport', 'text')
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('sent_on', bigint)
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_on']).execute();
    await db.schema.createIndex('outbox_website').on('outbox').columns(['website_id', 'created_on']).execute();

    // One mailing list per site: newsletter signups and mailing-list opt-ins, with double opt-in.
    await db.schema
      .createTable('mailing_list_subscribers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_on', bigint, (c) => c.notNull())
      .addColumn('updated_on', bigint, (c) => c.notNull())
      .addColumn('confirmed_on', bigint)
      .addColumn('unsubscribed_on', bigint)
      .addUniqueConstraint('mailing_list_subscribers_email', ['website_id', 'email'])
      .execute();

    // Fixed-window counters shared by every server process (http/rate-limit.ts).
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('counter_key', 'text', (c) => c.primaryKey())
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('expires_on', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_counters_expiry').on('rate_limit_counters').column('expires_on').execute();
  },

  async down(db: Kysely<any>) {
    for (const table of [
      'rate_limit_counters',
      'mailing_list_subscribers',
      'outbox',
      'captcha_solutions',
      'form_submissions',
      'form_submission_keys',
      'site_secrets',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
