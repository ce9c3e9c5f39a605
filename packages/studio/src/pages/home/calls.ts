// The home page's calls: its summary (GET /api/owner/home, docs/owner-api.md "Home") and the
// account's own new-order mail switch (PUT /api/owner/staff/:accountId).
import type { Api } from '@tessera/core/api-client';

/** A money object of the API: a decimal `value` in the currency's major units. */
export interface MoneyValue {
  value: string;
  currency: string;
}

interface PeriodSide {
  from: number;
  to: number;
  orders: number;
  salesCents: number;
  salesMoney: MoneyValue;
}

export interface Comparison {
  current: PeriodSide;
  previous: PeriodSide;
  /** The orders list from the period's start. */
  link: string;
}

export interface HomeCards {
  sales?: { today: Comparison; week: Comparison };
  toFulfill?: { count: number; link: string };
  pendingPayments?: { count: number; amountCents: number; amountMoney: MoneyValue; link: string };
  lowStock?: {
    threshold: number;
    count: number;
    variants: { variantId: string; itemId: string; productTitle: string; sku: string; variantText: string; stock: number }[];
    link: string;
  };
  reviews?: {
    /** true: reviews wait for approval, and `count` is how many wait; false: the approved ones of the last 7 days. */
    waiting: boolean;
    since: number | null;
    count: number;
    latest: { id: string; itemId: string; productTitle: string | null; rating: number; reviewerName: string; excerpt: string; created: number }[];
    link: string;
  };
  formSubmissions?: { since: number; count: number; forms: { formKey: string; formName: string; count: number }[]; link?: string };
}

export interface HomeSummary {
  now: number;
  timeZone: string;
  currency: string;
  account: { id: string; email: string; notifyNewOrders: boolean };
  cards: HomeCards;
}

export const homeCalls = (api: Api) => ({
  summary: () => api<HomeSummary>('GET', '/api/owner/home'),
  setNotify: (accountId: string, notifyNewOrders: boolean) =>
    api<{ account: { notifyNewOrders: boolean } }>('PUT', `/api/owner/staff/${encodeURIComponent(accountId)}`, { notifyNewOrders }),
});
