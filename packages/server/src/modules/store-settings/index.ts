import fp from 'fastify-plugin';
import { storeSettingsPages } from './pages.js';
import { storeSettingsRoutes } from './routes.js';

/**
 * The store's settings in the studio: currency, shipping, taxes, coupons (with their use counts),
 * payment providers and the store's messages, the same settings `tessera import` loads and
 * `tessera export` writes, under /api/owner/store-settings and /config/store.
 */
export default fp(
  async (app) => {
    await app.register(storeSettingsRoutes);
    storeSettingsPages(app);
  },
  { name: 'store-settings', dependencies: ['site', 'admin', 'commerce', 'checkout'] },
);

/** The store settings as stored, and their compare-and-set save: other modules keep their own settings there too. */
export { readStoreSettings, saveStoreSettings } from './settings-store.js';
