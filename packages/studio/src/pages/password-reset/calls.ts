// The password reset page's calls: ask for a link by mail; set the new password with it.
import type { Api } from '@tessera/core/api-client';

export const resetCalls = (api: Api) => ({
  request: (email: string) => api<{ sent: boolean; message: string }>('POST', '/api/owner/password-reset', { email }),
  confirm: (token: string, password: string) =>
    api<{ email: string; websiteRoles: number[] }>('POST', '/api/owner/password-reset/confirm', { token, password }),
});
