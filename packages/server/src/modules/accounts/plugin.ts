import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../clock.js';
import { isApiRequest } from '../../http/paths.js';
import { RateLimiter } from '../../http/rate-limit.js';
import type { CommerceDeps } from '../commerce/index.js';
import { SCRYPT_COST, type ScryptCost } from '../admin/index.js';
import type { SiteRenderer } from '../site/index.js';
import { accountRoutes } from './account-routes.js';
import { memberOf, siteUserAuthPlugin } from './auth.js';
import { DEFAULT_ACCOUNT_LIMITS, type AccountLimits, type AccountsDeps } from './deps.js';
import type { MemberCarts } from './member-cart.js';
import { accountPages } from './pages.js';
import { resetRoutes } from './reset-routes.js';
import { sessionRoutes } from './session-routes.js';
import './mail.js';

export { MemberCarts } from './member-cart.js';

/**
 * Requests whose cart is read: the store's API and pages (not assets, the owner's area or other APIs),
 * told by the route the router matched (its registered path), not by the request's URL text.
 */
function readsCart(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (isApiRequest(request)) return route !== undefined && (route.startsWith('/api/commerce/') || route.startsWith('/api/3/commerce/'));
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return route === undefined || !/^\/(static|theme|assets|config|healthz|favicon\.ico)(\/|$)/.test(route);
}

/**
 * Registered before the other modules (its hooks must run for all of them): the visitor's session
 * (request.siteUser) and, for a signed-in member, the member's cart in place of the cart cookie.
 */
export const accountsAuthPlugin = fp(
  async (app: FastifyInstance, opts: { clock: Clock; renderer: SiteRenderer; memberCarts: MemberCarts }) => {
    await app.register(siteUserAuthPlugin, { clock: opts.clock });
    app.addHook('onRequest', async (request) => {
      if (!request.siteUser || !readsCart(request)) return;
      const s = opts.renderer.resolvedSite(request);
      const member = s ? memberOf(request, s.website.id) : null;
      if (s && member) await opts.memberCarts.useFor(request, s.website.id, member.id);
    });
  },
  { name: 'tessera-accounts-auth', dependencies: ['@fastify/cookie'] },
);

export interface AccountsSetup {
  limits?: Partial<AccountLimits>;
}

/** Visitor accounts (docs/accounts.md): sign-up, sign-in and out, password reset, the account's pages and data. */
export async function accountsPlugin(
  app: FastifyInstance,
  opts: { commerce: CommerceDeps; memberCarts: MemberCarts; passwordCost?: ScryptCost; setup?: AccountsSetup },
): Promise<void> {
  const deps: AccountsDeps = {
    ...opts.commerce,
    memberCarts: opts.memberCarts,
    passwordCost: opts.passwordCost ?? SCRYPT_COST,
    accountLimiter: new RateLimiter(opts.commerce.store.db, opts.commerce.clock),
    accountLimits: { ...DEFAULT_ACCOUNT_LIMITS, ...opts.setup?.limits },
  };
  // Every page tells themes who is signed in (`authenticatedAccount`): the member's name and email, never more.
  deps.renderer.addContextHook((request, s, context) => {
    const user = memberOf(request, s.website.id);
    if (user) {
      context.authenticatedAccount = {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        displayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
      };
    }
  });
  await sessionRoutes(app, deps);
  await resetRoutes(app, deps);
  await accountRoutes(app, deps);
  await accountPages(app, deps);
}
