import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { AppError } from '../../errors.js';
import { MEMBER_COOKIE, SITE_USER_INFO_COOKIE, XSRF_HEADER, clearMemberCookies } from './cookies.js';
import { sha256, siteUserSession, type SiteUserAuth } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in visitor (a site user), from the session cookie; null for everyone else. */
    siteUser: SiteUserAuth | null;
  }
}

/**
 * Reads the visitor's session on every request that carries its cookie (one indexed lookup;
 * anonymous visitors cost nothing). A SiteUserInfo cookie left from a session that has ended is
 * removed, so that scripts stop believing they are signed in.
 */
export const siteUserAuthPlugin = fp(
  async (app: FastifyInstance, opts: { clock: Clock }) => {
    app.decorateRequest('siteUser', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[MEMBER_COOKIE];
      if (token) request.siteUser = await siteUserSession(app.store.db, null, token, opts.clock());
      if (!request.siteUser && (token || request.cookies[SITE_USER_INFO_COOKIE])) clearMemberCookies(request, reply);
    });
  },
  { name: 'tessera-site-user-auth', dependencies: ['@fastify/cookie'] },
);

/** The signed-in member of this site, or null (a session of another site on the same host counts as none). */
export function memberOf(request: FastifyRequest, websiteId: string): SiteUserAuth | null {
  const user = request.siteUser;
  return user && user.websiteId === websiteId ? user : null;
}

/** A signed-in member of this site, or 401 SIGN_IN_REQUIRED. */
function requireMember(request: FastifyRequest, websiteId: string): SiteUserAuth {
  const user = memberOf(request, websiteId);
  if (!user) throw new AppError('SIGN_IN_REQUIRED');
  return user;
}

/** Whether the request carries the session's xsrfToken in X-XSRF-Token (timing-safe). */
export function xsrfMatches(request: FastifyRequest, user: SiteUserAuth): boolean {
  const sent = request.headers[XSRF_HEADER];
  if (typeof sent !== 'string' || sent.length === 0 || sent.length > 100) return false;
  const a = Buffer.from(sha256(sent));
  const b = Buffer.from(user.xsrfHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A signed-in member whose call carries the session's xsrfToken: 401 without a session, 403 XSRF_TOKEN_INVALID without the token. */
export function requireXsrf(request: FastifyRequest, websiteId: string): SiteUserAuth {
  const user = requireMember(request, websiteId);
  if (!xsrfMatches(request, user)) throw new AppError('XSRF_TOKEN_INVALID');
  return user;
}
