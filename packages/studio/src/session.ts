// The owner's session calls, used by the sign-in page and the frame's Sign out, and the way back to
// the sign-in page when a call finds the session gone.
import type { Api } from '@tessera/core/api-client';

export const signIn = (api: Api, email: string, password: string) =>
  api<{ email: string; websiteRoles: number[] }>('POST', '/api/owner/session', { email, password });

export const signOut = (api: Api) => api<null>('DELETE', '/api/owner/session');

/** The sign-in page, coming back to `path` once signed in. */
export function signInAgain(path: string = location.pathname): void {
  location.assign(`/config/login?next=${encodeURIComponent(path)}`);
}
