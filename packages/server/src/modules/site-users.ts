import type { FastifyInstance } from 'fastify';
import type { CommerceDeps } from './commerce/deps.js';
import type { ScryptCost } from './admin/passwords.js';
import { accountsPlugin, type AccountsSetup, type MemberCarts } from './accounts/plugin.js';
import { membersPlugin } from './members/plugin.js';
import { sitePasswordPlugin, type PasswordLimits } from './site-password/plugin.js';
import { multilingualPlugin } from './multilingual/plugin.js';
import { headerFooterPlugin } from './header-footer/plugin.js';
import { placesPlugin, type PlacesProvider } from './places/plugin.js';
import { sessionRecordingPlugin } from './session-recording/plugin.js';

export { accountsAuthPlugin, MemberCarts } from './accounts/plugin.js';

/** What a deployment (or a test) may set for issue 9's modules. */
export interface SiteUsersSetup {
  accounts?: AccountsSetup;
  /** Wrong-password limits of the lock screen and protected pages. */
  passwordLimits?: Partial<PasswordLimits>;
  /** The address lookup service; none: the places calls answer 501. */
  places?: PlacesProvider | null;
}

/**
 * Issue 9's modules, registered after the store's (they use its deps: signer, mail, clock):
 * visitor accounts, members' areas and lessons, the lock screen and protected pages, languages,
 * the header and footer, address lookups and the session recording id.
 */
export async function registerSiteUsers(
  app: FastifyInstance, deps: { commerce: CommerceDeps; memberCarts: MemberCarts; passwordCost: ScryptCost }, setup: SiteUsersSetup = {},
): Promise<void> {
  await app.register(accountsPlugin, { commerce: deps.commerce, memberCarts: deps.memberCarts, passwordCost: deps.passwordCost, setup: setup.accounts });
  await app.register(membersPlugin, deps.commerce);
  await app.register(sitePasswordPlugin, { commerce: deps.commerce, limits: setup.passwordLimits });
  await app.register(multilingualPlugin, deps.commerce);
  await app.register(headerFooterPlugin, deps.commerce);
  await app.register(placesPlugin, { commerce: deps.commerce, provider: setup.places });
  await app.register(sessionRecordingPlugin, deps.commerce);
}
