// The customer list's call (docs/owner-api.md "Customers"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export type CustomerSort = 'last_order' | 'total_spent' | 'order_count' | 'email' | 'newest_account';

export interface CustomerSummary {
  key: string;
  email: string;
  name: string;
  orderCount: number;
  totalSpentCents: number;
  lastOrderOn: number | null;
  hasAccount: boolean;
  accountState: 'none' | 'unverified' | 'verified';
  accountCreated: number | null;
  membershipCount: number;
}

export interface CustomerPage {
  customers: CustomerSummary[];
  nextCursor: string | null;
  currency: string;
}

export interface ListQuery {
  readonly q: string;
  readonly sort: CustomerSort;
}

/** The list's address of the API: only what differs from the defaults. */
export function listUrl(query: ListQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.sort !== 'last_order') params.set('sort', query.sort);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return `/api/owner/customers${text ? `?${text}` : ''}`;
}

export const customerListCalls = (api: Api) => ({
  list: (query: ListQuery, cursor: string | null) => api<CustomerPage>('GET', listUrl(query, cursor)),
});

/** A customer's page in the studio. */
export const customerPath = (key: string) => `/config/customers/${encodeURIComponent(key)}`;
