import type { FastifyReply, FastifyRequest, RouteOptions, preParsingHookHandler } from 'fastify';
import { AppError } from '../../errors.js';
import { type Permission, can } from '../../permissions.js';
import type { SiteSnapshot } from '../site/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission of ROLE_MATRIX (docs/roles.md) that the signed-in account needs on the request's
     * site. One hook enforces it: an API route answers 401 OWNER_SIGN_IN_REQUIRED without a session and
     * 403 PERMISSION_DENIED without the role; a page sends the browser to the sign-in page.
     */
    permission?: Permission;
  }
}

/**
 * The sign-in page, with the page asked for as `next` (a path of the owner's area, with its query:
 * a link to a filtered list, such as the home page's reviews waiting, opens that list after signing in).
 */
function toSignIn(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(`/config/login?next=${encodeURIComponent(request.url)}`, 302);
}

/**
 * The check of a route that declares a permission, added to that route only (no cost for the
 * others). It runs as a preParsing hook: after every onRequest hook (the crumb and origin checks, the
 * owner's session, the lock screen), so those answer first as they always have, and before the body
 * is read or validated, so a caller without the right learns nothing of the route's schema.
 */
function permissionCheck(permission: Permission, siteOf: (request: FastifyRequest) => Promise<SiteSnapshot>): preParsingHookHandler {
  // Callback style: the redirect ends the request without calling done, which stops the hooks there.
  return (request, reply, payload, done) => {
    siteOf(request).then(
      (s) => {
        if (can(request.owner, s.website.id, permission)) return done(null, payload);
        if (request.routeOptions.config.surface === 'api') return done(new AppError(request.owner ? 'PERMISSION_DENIED' : 'OWNER_SIGN_IN_REQUIRED'));
        toSignIn(request, reply);
      },
      (error: Error) => done(error),
    );
  };
}

/** Adds the check to a route as it is registered, when its options declare a permission. */
export function guardRoute(route: RouteOptions, siteOf: (request: FastifyRequest) => Promise<SiteSnapshot>): void {
  const permission = route.config?.permission;
  if (!permission) return;
  route.preParsing = [...[route.preParsing ?? []].flat(), permissionCheck(permission, siteOf)];
}
