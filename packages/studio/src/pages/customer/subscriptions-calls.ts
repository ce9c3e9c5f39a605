// The customer's subscriptions (docs/owner-api.md "Subscriptions"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export interface Subscription {
  id: string;
  title: string;
  quantity: number;
  status: 'active' | 'past_due' | 'paused' | 'canceled' | 'ended';
  priceText: string;
  numBillingCycles: number;
  cyclesBilled: number;
  startedOn: number;
  nextBillingDate: number | null;
  retryOn: number | null;
  failedAttempts: number;
  paymentMethod: string | null;
  paused: { on: number; by: string | null } | null;
  resumed: { on: number; by: string | null } | null;
  canceled: { on: number; by: string | null } | null;
  ended: { on: number; reason: string | null } | null;
  orders: { id: string; orderNumber: number; created: number; grandTotalCents: number; paymentStatus: string; renewal: boolean; cycle: number | null }[];
}

export type SubscriptionAction = 'pause' | 'resume' | 'cancel';

export const subscriptionCalls = (api: Api) => ({
  list: (key: string) => api<{ subscriptions: Subscription[] }>('GET', `/api/owner/customers/${encodeURIComponent(key)}/subscriptions`),
  act: (id: string, action: SubscriptionAction) => api<{ subscription: Subscription }>('POST', `/api/owner/subscriptions/${encodeURIComponent(id)}/${action}`),
});
