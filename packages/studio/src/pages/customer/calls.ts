// One customer's calls (docs/owner-api.md "Customers"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export interface CustomerOrder {
  id: string;
  orderNumber: number;
  kind: string;
  created: number;
  paymentStatus: string;
  fulfillmentStatus: string;
  itemCount: number;
  grandTotalCents: number;
  refundedCents: number;
  url: string;
}

export interface CustomerAddress {
  address: {
    firstName?: string;
    lastName?: string;
    address1?: string;
    address2?: string;
    city?: string;
    region?: string;
    postalCode?: string;
    country?: string;
    phone?: string;
  };
  orderCount: number;
  lastUsedOn: number;
}

export interface Membership {
  area: string;
  collections: { collectionId: string; title: string; url: string }[];
  grantedBy: 'order' | 'staff';
  order: { id: string; orderNumber: number | null; url: string } | null;
  staffEmail: string | null;
  pricing: 'one-time' | 'subscription';
  grantedOn: number;
  changedOn: number;
  startsOn: number;
  expiresOn: number | null;
  active: boolean;
}

export interface CustomerAccount {
  id: string;
  firstName: string;
  lastName: string;
  created: number;
  verified: boolean;
  verifiedOn: number | null;
  activeSessions: number;
  lastSignInOn: number | null;
}

export interface CustomerDetail {
  customer: {
    key: string;
    email: string;
    name: string;
    orderCount: number;
    totalSpentCents: number;
    lastOrderOn: number | null;
    hasAccount: boolean;
  };
  orders: CustomerOrder[];
  moreOrders: boolean;
  addresses: CustomerAddress[];
  memberships: Membership[];
  account: CustomerAccount | null;
  currency: string;
}

const base = (key: string) => `/api/owner/customers/${encodeURIComponent(key)}`;

export const customerCalls = (api: Api) => ({
  detail: (key: string) => api<CustomerDetail>('GET', base(key)),
  grant: (key: string, collectionId: string) => api<{ memberships: Membership[] }>('POST', `${base(key)}/memberships`, { collectionId }),
  revoke: (key: string, collectionId: string) =>
    api<{ revoked: boolean; memberships: Membership[] }>('DELETE', `${base(key)}/memberships/${encodeURIComponent(collectionId)}`),
  passwordReset: (key: string) => api<{ sent: true; to: string }>('POST', `${base(key)}/password-reset`),
  signOut: (key: string) => api<{ endedSessions: number }>('POST', `${base(key)}/sign-out`),
});
