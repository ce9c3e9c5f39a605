/**
 * The tables of migration 0003-forms, added to the store's `Database` by declaration
 * merging so that modules adding tables in parallel do not all edit schema.ts. Same conventions
 * as schema.ts: text ids, epoch milliseconds, JSON text for values read whole.
 */
interface SiteSecretsTable {
  website_id: string;
  /** `captcha-hmac`, `mailing-list`, ... */
  name: string;
  secret: string;
  created_on: number;
}

interface FormSubmissionKeysTable {
  submission_key: string;
  website_id: string;
  created_on: number;
  expires_on: number;
}

export interface FormSubmissionsTable {
  id: string;
  website_id: string;
  form_key: string;
  form_name: string;
  /** JSON: [{ id, type, title }] of the form when the submission was made. */
  fields: string;
  /** JSON: the submission's `form` object, values keyed by field id in the spec's shapes. */
  submitted_values: string;
  page_title: string;
  page_id: string;
  content_source: string;
  page_path: string;
  page_permission_type_value: string;
  submitted_on: number;
}

interface CaptchaSolutionsTable {
  website_id: string;
  challenge: string;
  expires_on: number;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: string;
  website_id: string;
  /** The mail kind (`form-submission`, `newsletter-confirmation`, ...). */
  kind: string;
  sender: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers (List-Unsubscribe, ...). */
  headers: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_on: number;
  /** A process delivering the message holds it until then; another process may take it after. */
  claimed_until: number | null;
  last_error: string | null;
  /** `smtp` or `log`: how it left. */
  transport: string | null;
  created_on: number;
  sent_on: number | null;
}

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

interface MailingListSubscribersTable {
  id: string;
  website_id: string;
  /** Lowercased. */
  email: string;
  status: SubscriberStatus;
  /** `newsletter-form`, `restock`, ... */
  source: string;
  created_on: number;
  updated_on: number;
  confirmed_on: number | null;
  unsubscribed_on: number | null;
}

interface RateLimitCountersTable {
  counter_key: string;
  website_id: string;
  hits: number;
  expires_on: number;
}

declare module './schema.js' {
  interface Database {
    site_secrets: SiteSecretsTable;
    form_submission_keys: FormSubmissionKeysTable;
    form_submissions: FormSubmissionsTable;
    captcha_solutions: CaptchaSolutionsTable;
    outbox: OutboxTable;
    mailing_list_subscribers: MailingListSubscribersTable;
    rate_limit_counters: RateLimitCountersTable;
  }
}
