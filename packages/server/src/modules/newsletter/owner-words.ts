import type { SubscriberStatus } from '../../storage/schema-forms.js';

/** A subscriber's state in the owner's words, as the studio's page and the export say it. */
export const STATUS_WORDS: Readonly<Record<SubscriberStatus, string>> = Object.freeze({
  pending: 'Waiting for confirmation',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
});
