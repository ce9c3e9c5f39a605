// The invitation page's call: accept with a password, which signs the browser in.
import type { Api } from '@tessera/core/api-client';

export const invitationCalls = (api: Api) => ({
  accept: (token: string, password: string) => api<{ email: string; websiteRoles: number[] }>('POST', '/api/owner/invitation/accept', { token, password }),
});
