import type { FastifyInstance } from 'fastify';
import type { CommerceDeps } from './commerce/deps.js';
import type { ScryptCost } from './admin/passwords.js';
import { accountsPlugin, type AccountsSetup, type MemberCarts } from './accounts/index.js';
import { membersPlugin } from './members/index.js';
import { sitePasswordPlugin, type PasswordLimits } from './site-password/index.js';
import { multilingualPlugin } from './multilingual/index.js';
import { headerFooterPlugin } from './header-footer/index.js';
import { placesPlugin, type PlacesProvider } from './places/index.js';
import { sessionRecordingPlugin } from './session-recording/index.js';

export { accountsAuthPlugin, MemberCarts } from './accounts/index.js';

/** What a deployment (or a test) may set for the site-users modules. */
export interface SiteUsersSetup {
  accounts?: AccountsSetup;
  /** Wrong-password limits of the lock screen and protected pages. */
  passwordLimits?: Partial<PasswordLimits>;
  /** The address lookup service; none: the places calls answer 501. */
  places?: PlacesProvider | null;
}

/**
 * The site-users modules, registered after the store's (they use its deps: signer, mail, clock):
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
