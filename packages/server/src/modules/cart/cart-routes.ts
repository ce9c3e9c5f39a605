import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { CommerceDeps } from '../commerce/index.js';
import { tokenHash } from '../commerce/index.js';
import { findCart } from './store.js';
import { ShoppingCartSchema } from './schemas.js';
import type { CartService } from './service.js';
import { cartTokenOf, clearCartCookie, explicitToken } from './visitor.js';

const Query = Type.Object({
  /** `true`: the empty cart, without reading or creating the visitor's (previews, the editor). */
  mock: Type.Optional(Type.String()),
  /** A cache buster; ignored (the answer is never cached). */
  timecode: Type.Optional(Type.String()),
  /** Accepted for compatibility: totals are always computed, they are cheap and must agree with the entries. */
  calculateSubtotal: Type.Optional(Type.String()),
  /** A cart by its token (a subscription's cartToken) instead of the visitor's cart cookie. */
  cartToken: Type.Optional(Type.String()),
});

/** GET /api/commerce/shopping-cart: the visitor's cart with every field of the spec, or the empty cart. */
export function cartRoutes(app: FastifyInstance, deps: CommerceDeps, carts: CartService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/commerce/shopping-cart',
    {
      schema: { querystring: Query, response: { 200: ShoppingCartSchema } },
    },
    async (request, reply) => {
      const s = request.site;
      reply.header('cache-control', 'no-store');
      if (request.query.mock === 'true') return carts.view(s, null);
      const token = explicitToken(request.query.cartToken);
      if (token) {
        // A token cart is shown even once purchased: isPurchased and orderId tell the page what happened.
        const cart = await findCart(deps.store, deps.store.db, s.website.id, tokenHash(token));
        return carts.view(s, cart ?? null);
      }
      const cookie = cartTokenOf(request);
      const cart = await carts.current(s, cookie);
      // A cookie naming a purchased (or unknown) cart is dropped: the visitor starts a new cart.
      if (cookie && !cart) clearCartCookie(request, reply);
      return carts.view(s, cart);
    },
  );
}
