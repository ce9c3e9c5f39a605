import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { canSellSubscription } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { CommerceDeps } from '../commerce/index.js';
import { AdditionalFieldsSchema, ENTRY_BODY_LIMIT } from './schemas.js';
import { additionalFieldsFor, type CartService } from './service.js';

const Body = Type.Object({
  itemId: Type.String({ minLength: 1, maxLength: 64 }),
  sku: Type.Optional(Type.String({ maxLength: 200 })),
  qty: Type.Optional(Type.Unknown()),
  additionalFields: AdditionalFieldsSchema,
});

/**
 * POST /api/3/commerce/cart/subscription {itemId, sku, qty, additionalFields} -> {cartToken}.
 * A subscription is bought alone: a cart of its own (kind "subscription") holding the one entry,
 * found by the token it answers. The subscription page (/checkout/subscription?cartToken=) shows
 * its plan and price text; checking it out creates the subscription record.
 */
export function subscriptionRoutes(app: FastifyInstance, _deps: CommerceDeps, carts: CartService): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/3/commerce/cart/subscription',
    {
      schema: { body: Body, response: { 200: Type.Object({ cartToken: Type.String() }) } },
      bodyLimit: ENTRY_BODY_LIMIT,
    },
    async (request, _reply) => {
      const s = request.site;
      const body = request.body;
      const input = { itemId: body.itemId, sku: body.sku ?? '', quantity: body.qty, additionalFields: body.additionalFields };
      const { newToken } = await carts.write(s, request, undefined, 'subscription', true, async (tx, cart, entries) => {
        const product = await carts.product(s, body.itemId, tx);
        // Subscriptions can be sold only for physical and service products (storefront.md section 6).
        if (!canSellSubscription(product.productType)) throw new AppError('SUBSCRIPTION_NOT_ALLOWED');
        if (!product.isSubscribable) throw new AppError('NOT_SUBSCRIBABLE');
        const fields = additionalFieldsFor(s, product.additionalFieldsFormId, body.additionalFields);
        return carts.add(s, tx, cart, entries, product, input, fields);
      });
      return { cartToken: newToken! };
    },
  );
}
