// What the customer's subscription page says once a new card is kept, whichever form kept it.
import type { SubscriptionAnswer } from '../../api/subscription.js';

/** The outcome of a kept card: a past-due subscription's retry, paid or declined, or the next payment. */
export function savedWords(answer: SubscriptionAnswer): { text: string; error: boolean } {
  if (answer.renewal === 'paid') return { text: 'Your card is saved, and the payment went through.', error: false };
  if (answer.renewal === 'failed') return { text: 'Your card is saved, but the payment was declined. Try another card.', error: true };
  return { text: 'Your card is saved: the next payment uses it.', error: false };
}

/** Shows the subscription's new state in the theme's facts. */
export function showState(answer: SubscriptionAnswer): void {
  const method = document.querySelector('.subscription-method');
  if (method) method.textContent = answer.subscription.paymentMethod ?? 'None on file';
  const status = document.querySelector('.subscription-status');
  const words: Record<string, string> = {
    active: 'Active',
    past_due: 'Payment failed: we will try again',
    paused: 'Paused',
    canceled: 'Canceled: it will not renew',
    ended: 'Ended',
  };
  if (status) status.textContent = words[answer.subscription.status] ?? answer.subscription.status;
  // Paid again (or paused, canceled): the theme's retry date and past-due notice no longer hold.
  if (answer.subscription.status !== 'past_due') for (const stale of document.querySelectorAll('.subscription-retry, .subscription-past-due')) stale.remove();
}
