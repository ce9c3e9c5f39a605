import type { FastifyInstance } from 'fastify';
import type { CommerceDeps } from '../commerce/index.js';
import { cartRoutes } from './cart-routes.js';
import { entriesRoutes } from './entries-routes.js';
import { optionsRoutes } from './options-routes.js';
import { CartService } from './service.js';
import { subscriptionRoutes } from './subscription-routes.js';

/**
 * The cart module: the visitor's cart by cookie, its entries, coupons and shipping, and
 * subscription carts by token. Paths and fields are those of storefront.md section 7; the others
 * are documented in docs/commerce-api.md.
 */
export async function cartPlugin(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  // A cart write changes only its visitor's pages, whose cart indicator is filled per request: pages
  // kept for everyone stay (site/page-cache.ts). Stock changes at checkout, not here.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, changesPages: false };
  });
  const carts = new CartService(deps);
  cartRoutes(app, deps, carts);
  entriesRoutes(app, deps, carts);
  optionsRoutes(app, deps, carts);
  subscriptionRoutes(app, deps, carts);
}
