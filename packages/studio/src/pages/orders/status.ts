// An order's payment and fulfilment states in the owner's words, with the tone of their badge
// (docs/owner-api.md "Orders"). The order page uses them too.
import type { BadgeTone } from '../../ui/status-badge.js';

const PAYMENT: Record<string, [string, BadgeTone]> = {
  PROCESSING: ['Processing', 'neutral'],
  PENDING: ['Payment pending', 'warn'],
  PAID: ['Paid', 'good'],
  PARTIALLY_REFUNDED: ['Partially refunded', 'warn'],
  REFUNDED: ['Refunded', 'neutral'],
  DECLINED: ['Declined', 'bad'],
  CANCELED: ['Canceled', 'bad'],
};

const FULFILLMENT: Record<string, [string, BadgeTone]> = {
  PENDING: ['Unfulfilled', 'warn'],
  PARTIALLY_FULFILLED: ['Partially fulfilled', 'warn'],
  FULFILLED: ['Fulfilled', 'good'],
  CANCELED: ['Canceled', 'bad'],
};

const words = (state: string) => state.charAt(0) + state.slice(1).toLowerCase().replaceAll('_', ' ');

export function paymentState(state: string): { text: string; tone: BadgeTone } {
  const [text, tone] = PAYMENT[state] ?? [words(state), 'neutral'];
  return { text, tone };
}

export function fulfillmentState(state: string): { text: string; tone: BadgeTone } {
  const [text, tone] = FULFILLMENT[state] ?? [words(state), 'neutral'];
  return { text, tone };
}

/** The payment providers' names as the owner knows them. */
export function providerName(id: string): string {
  return ({ offline: 'Offline payment', test: 'Test payments', stripe: 'Stripe' } as Record<string, string>)[id] ?? id;
}
