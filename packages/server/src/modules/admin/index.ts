import fp from 'fastify-plugin';
import { systemClock } from '../../clock.js';
import { OWNER_COOKIE, ownerAuthPlugin } from './auth.js';
import { SCRYPT_COST, type ScryptCost } from './passwords.js';
import { adminPlugin } from './routes.js';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SCRYPT_COST, checkAndUpgrade, hashPassword, verifyPassword, type ScryptCost } from './passwords.js';
export { ownerPage, sendOwnerPage } from './pages.js';
export { OWNER_COOKIE, setOwnerCookie } from './auth.js';
export { OwnerError, createOwner, endSession, normalizeEmail, sessionIdOf, setOwnerPassword, startSession } from './owners.js';

/** Registered before the modules with routes: the owner's session (`request.owner`) for every route; an owner's pages are their own. */
export const ownerSession = fp(
  async (app) => {
    app.renderer.pageCache.personalCookie(OWNER_COOKIE);
    await app.register(ownerAuthPlugin, { clock: app.deps.clock ?? systemClock });
  },
  { name: 'owner-session', dependencies: ['site'] },
);

/** The owner's area: sign-in, the owner's pages under /config/, the owner's API. */
export default fp<{ passwordCost?: ScryptCost }>(
  async (app, setup) => {
    await app.register(adminPlugin, { clock: app.deps.clock, passwordCost: setup.passwordCost ?? SCRYPT_COST });
  },
  { name: 'admin', dependencies: ['owner-session', 'analytics'] },
);
