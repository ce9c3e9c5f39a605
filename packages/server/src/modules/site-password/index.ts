import fp from 'fastify-plugin';
import { sitePasswordPlugin, type PasswordLimits } from './plugin.js';
import { UNLOCK_COOKIE } from './unlock.js';

export type { PasswordLimits } from './plugin.js';
export { lockScreenPage } from './plugin.js';

/** The lock screen and protected pages; an unlocked visitor's pages are their own. */
export default fp<{ limits?: Partial<PasswordLimits> }>(
  async (app, setup) => {
    app.renderer.pageCache.personalCookie(UNLOCK_COOKIE);
    await app.register(sitePasswordPlugin, { commerce: app.commerce, limits: setup.limits });
  },
  { name: 'site-password', dependencies: ['commerce'] },
);
