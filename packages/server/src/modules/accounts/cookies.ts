import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The visitor account's cookies:
 * - `tessera_member`: the session token. HttpOnly (no script reads it), SameSite=Lax, path /,
 *   Secure on https; a browser-session cookie, or 30 days with rememberMe.
 * - `SiteUserInfo`: `{"authenticated":true,"siteUserId":"..."}`, URL-encoded, readable by scripts
 *   (storefront.md section 3) so that a page knows a member is signed in before it asks the API.
 *   The server never trusts it: it only ever reads the session cookie.
 */
export const MEMBER_COOKIE = 'tessera_member';
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
/** The header later account calls carry the session's xsrfToken in (besides the crumb's X-CSRF-Token). */
export const XSRF_HEADER = 'x-xsrf-token';

const base = (request: FastifyRequest) => ({ path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' });

export function setMemberCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  siteUserId: string,
  rememberMe: boolean,
  expiresOn: number,
  now: number,
): void {
  const maxAge = rememberMe ? Math.floor((expiresOn - now) / 1000) : undefined;
  reply.setCookie(MEMBER_COOKIE, token, { ...base(request), httpOnly: true, ...(maxAge ? { maxAge } : {}) });
  reply.setCookie(SITE_USER_INFO_COOKIE, siteUserInfoValue(siteUserId), { ...base(request), httpOnly: false, ...(maxAge ? { maxAge } : {}) });
}

export function clearMemberCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(MEMBER_COOKIE, { ...base(request), httpOnly: true });
  reply.clearCookie(SITE_USER_INFO_COOKIE, { ...base(request), httpOnly: false });
}

function siteUserInfoValue(siteUserId: string): string {
  return JSON.stringify({ authenticated: true, siteUserId });
}
