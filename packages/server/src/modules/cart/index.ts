import fp from 'fastify-plugin';
import { cartPlugin } from './plugin.js';
import { pruneAbandonedCarts } from './store.js';
import { CART_COOKIE } from './visitor.js';

export { CartService, additionalFieldsFor, productData, publicIn, ruleFailed } from './service.js';
export { CART_COOKIE, cartTokenOf, clearCartCookie, explicitToken, limitCartWrite, setCartCookie } from './visitor.js';
export { findCart, findPurchasable, listEntries, lockCart, lockCartWithEntries, type CartRow, type EntryRow, type PurchasableRow } from './store.js';
export { AdditionalFieldsSchema, MoneySchema, Nullable } from './schemas.js';
export { parseLocation } from './view.js';

/** How often the `abandoned-carts` job deletes the carts nobody can reach any more. */
const ABANDONED_CARTS_EVERY_MS = 3_600_000;

/** The shopping cart: its API, and the job that deletes abandoned carts. A cart makes a visitor's pages their own only in the cart indicator. */
export default fp(
  async (app) => {
    app.renderer.pageCache.visitorCookie(CART_COOKIE);
    await app.register(cartPlugin, app.commerce);
    app.jobs.every('abandoned-carts', ABANDONED_CARTS_EVERY_MS, async ({ now }) => {
      const deleted = await pruneAbandonedCarts(app.deps.store, now);
      if (deleted > 0) app.log.info({ deleted }, 'carts: deleted the abandoned carts');
    });
  },
  { name: 'cart', dependencies: ['commerce', 'forms'] },
);
