// The staff page's calls (docs/owner-api.md "Staff"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export interface StaffAccount {
  id: string;
  email: string;
  role: number;
  roleName: string;
  created: number;
  lastSeen: number | null;
  notifyNewOrders: boolean;
  isYou: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  role: number;
  roleName: string;
  invitedBy: string | null;
  created: number;
  expires: number;
  expired: boolean;
}

export interface Role {
  code: number;
  name: string;
}

export interface StaffList {
  accounts: StaffAccount[];
  invitations: Invitation[];
  roles: Role[];
}

const account = (id: string) => `/api/owner/staff/${encodeURIComponent(id)}`;

export const staffCalls = (api: Api) => ({
  list: () => api<StaffList>('GET', '/api/owner/staff'),
  invite: (email: string, role: number) => api<{ invitation: Invitation }>('POST', '/api/owner/staff/invitations', { email, role }),
  revoke: (id: string) => api<null>('DELETE', `/api/owner/staff/invitations/${encodeURIComponent(id)}`),
  change: (id: string, change: { role?: number; notifyNewOrders?: boolean }) => api<{ account: StaffAccount }>('PUT', account(id), change),
  remove: (id: string) => api<null>('DELETE', account(id)),
});
