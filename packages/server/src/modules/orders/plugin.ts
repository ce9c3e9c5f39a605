import type { FastifyInstance } from 'fastify';
import type { CommerceDeps } from '../commerce/index.js';
import { CartService } from '../cart/index.js';
import { cartTokenOf } from '../cart/index.js';
import { downloadRoutes } from './downloads.js';
import { orderPages } from './pages.js';

/**
 * The orders module: the pages of an order (confirmation, status), the donation and single-item
 * purchase pages, the download links of digital products, and the visitor's cart on every page
 * (`shoppingCart`, for the theme's cart indicator and cart page; absent when the visitor has none).
 */
export async function ordersPlugin(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  const carts = new CartService(deps);
  orderPages(app, deps, carts);
  downloadRoutes(app, deps);
  // A visitor hook: the cart is the visitor's own, shown by the theme's visitor blocks (the cart
  // indicator), so pages kept for everyone are completed with it per visitor (site/page-cache.ts).
  deps.renderer.addContextHook(
    async (request, snapshot, context) => {
      // Only visitors holding a cart cookie cost a query; everyone else has the empty cart.
      const token = cartTokenOf(request);
      if (!token || 'shoppingCart' in context) return;
      const cart = await carts.current(snapshot, token);
      if (cart) context.shoppingCart = await carts.view(snapshot, cart);
    },
    { visitor: true },
  );
}
