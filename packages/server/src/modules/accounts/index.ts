import fp from 'fastify-plugin';
import { SCRYPT_COST, type ScryptCost } from '../admin/index.js';
import { MEMBER_COOKIE, SITE_USER_INFO_COOKIE } from './cookies.js';
import { MemberCarts } from './member-cart.js';
import { accountsAuthPlugin, accountsPlugin, type AccountsSetup } from './plugin.js';

export { memberOf, requireXsrf, xsrfMatches } from './auth.js';
export { hasGrant, claimMembershipOrder, listGrants, membershipPaidHook, grantAreaByStaff, revokeArea, type GrantView } from './grants.js';
export { mailPasswordReset } from './reset-routes.js';
export { revokeSiteUserSessions } from './users.js';
export type { AccountsSetup } from './plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in members' carts, kept in the store in place of the cart cookie. */
    memberCarts: MemberCarts;
  }
}

/**
 * Registered before the modules with routes (its hooks must run for all of them): the visitor's
 * session (`request.siteUser`) and, for a signed-in member, the member's cart in place of the
 * cart cookie. A member's pages are their own: never kept for everyone.
 */
export const accountsSession = fp(
  async (app) => {
    const memberCarts = new MemberCarts(app.deps.store, app.deps.clock);
    app.decorate('memberCarts', memberCarts);
    for (const name of [MEMBER_COOKIE, SITE_USER_INFO_COOKIE]) app.renderer.pageCache.personalCookie(name);
    await app.register(accountsAuthPlugin, { clock: app.deps.clock, renderer: app.renderer, memberCarts });
  },
  { name: 'accounts-session', dependencies: ['site'] },
);

/** Visitor accounts (docs/accounts.md): sign-up, sign-in and out, password reset, the account's pages and data. */
export default fp<AccountsSetup & { passwordCost?: ScryptCost }>(
  async (app, setup) => {
    await app.register(accountsPlugin, {
      commerce: app.commerce,
      memberCarts: app.memberCarts,
      passwordCost: setup.passwordCost ?? SCRYPT_COST,
      setup,
    });
  },
  { name: 'accounts', dependencies: ['accounts-session', 'commerce'] },
);
