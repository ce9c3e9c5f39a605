import type { SubscriptionView } from './view.js';

/** A subscription's status as its customer reads it. */
export const STATUS_WORDS: Record<SubscriptionView['status'], string> = {
  active: 'Active',
  past_due: 'Payment failed: we will try again',
  paused: 'Paused',
  canceled: 'Canceled: it will not renew',
  ended: 'Ended',
};
