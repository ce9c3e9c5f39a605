/** A subscription's states (the customer's page, the owner's customer page, the renewal job). */
export type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'canceled' | 'ended';

/** A subscription's status as its customer reads it: the server's page and the browser's update of it say the same. */
export const SUBSCRIPTION_STATUS_WORDS: Readonly<Record<SubscriptionStatus, string>> = Object.freeze({
  active: 'Active',
  past_due: 'Payment failed: we will try again',
  paused: 'Paused',
  canceled: 'Canceled: it will not renew',
  ended: 'Ended',
});
