/**
 * The table of migration 0021-moderation-lists, added to the store's `Database` by declaration
 * merging (as schema-forms.ts does).
 */
interface MailingListCountsTable {
  website_id: string;
  status: 'pending' | 'subscribed' | 'unsubscribed';
  source: string;
  /** Kept by triggers on mailing_list_subscribers: the addresses of this state and source. */
  n: number;
}

interface ModerationTables {
  mailing_list_counts: MailingListCountsTable;
}

declare module './schema.js' {
  interface Database extends ModerationTables {}
}
