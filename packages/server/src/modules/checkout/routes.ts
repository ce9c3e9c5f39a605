import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import { CRUMB_COOKIE } from '../../http/crumb.js';
import { baseUrlOf, type CommerceDeps } from '../commerce/index.js';
import { AdditionalFieldsSchema } from '../cart/index.js';
import { cartTokenOf, clearCartCookie, explicitToken, limitCartWrite } from '../cart/index.js';
import { PlacedOrderSchema } from '../orders/index.js';
import { placeOrder, type CheckoutBody } from './place-order.js';

const Body = Type.Object({
  /** A token cart (a subscription's cartToken); default: the visitor's cart (cookie). */
  cartToken: Type.Optional(Type.String({ maxLength: 64 })),
  /** Express checkout: this one item instead of the cart, which stays as it is. */
  expressCheckout: Type.Optional(
    Type.Object({
      itemId: Type.String({ minLength: 1, maxLength: 64 }),
      sku: Type.Optional(Type.String({ maxLength: 200 })),
      quantity: Type.Optional(Type.Unknown()),
      additionalFields: AdditionalFieldsSchema,
    }),
  ),
  /** A donation of this amount (a preset or a custom one) instead of the cart. */
  donation: Type.Optional(Type.Object({ amountCents: Type.Unknown() })),
  email: Type.String({ maxLength: 256 }),
  shippingAddress: Type.Optional(Type.Unknown()),
  shippingOptionId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  giftCardCode: Type.Optional(Type.String({ maxLength: 64 })),
  /** `provider` (one of the site's store.paymentProviders; default its first) and the provider's fields (`cardNumber`). */
  payment: Type.Optional(Type.Object({ provider: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: true })),
});

const Headers = Type.Object({ 'idempotency-key': Type.Optional(Type.String()) });

const KEY = /^[\x21-\x7e]{8,200}$/;

/**
 * POST /api/commerce/checkout, with an `Idempotency-Key` header (8 to 200 printable characters,
 * a new one per attempt; a retry of the same attempt sends the same key). Answers 201
 * `{order, confirmationUrl, orderStatusUrl}`; a retry with the key answers the same status and
 * body (`Idempotent-Replayed: true`), never a second order.
 */
export async function checkoutPlugin(app: FastifyInstance, deps: CommerceDeps): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/commerce/checkout',
    {
      schema: { body: Body, headers: Headers, response: { 201: PlacedOrderSchema } },
    },
    async (request, reply) => {
      const s = request.site;
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !KEY.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      await limitCartWrite(deps, request, s.website.id);
      const body = request.body as CheckoutBody;
      if (body.cartToken !== undefined && !explicitToken(body.cartToken)) throw new AppError('CART_NOT_FOUND');
      const visitor = { crumb: request.cookies[CRUMB_COOKIE] ?? '', cartToken: cartTokenOf(request), baseUrl: baseUrlOf(deps, request) };
      const answer = await placeOrder(deps, s, key, visitor, body);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // The visitor's cart was bought: the next add starts a new one.
      if (answer.status === 201 && !body.cartToken && !body.expressCheckout && !body.donation) clearCartCookie(request, reply);
      // 201 is serialized by its schema; a stored failure (402, 502) is an error body, sent as it is.
      return (reply as unknown as FastifyReply).status(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );
}
