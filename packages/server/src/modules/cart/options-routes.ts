import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isCouponInDates } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import type { CommerceDeps } from '../commerce/index.js';
import { couponUseCount, findCoupon, storeRules } from '../commerce/index.js';
import { CartAnswerSchema } from './schemas.js';
import type { CartService } from './service.js';
import { updateCart } from './store.js';
import { cartTokenOf, explicitToken } from './visitor.js';

/** At most this many coupon codes on one cart. */
const MAX_COUPONS = 5;

const TokenQuery = Type.Object({ cartToken: Type.Optional(Type.String()) });
const CouponBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });
const CouponParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });
const LocationBody = Type.Object({
  country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
  region: Type.Optional(Type.String({ maxLength: 100 })),
  postalCode: Type.Optional(Type.String({ maxLength: 20 })),
});
const OptionBody = Type.Object({ shippingOptionId: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]) });

/**
 * Coupons and shipping, on the visitor's cart (or a token cart, `?cartToken=`), each answering
 * `{shoppingCart}`:
 * POST   /api/commerce/shopping-cart/coupons            {code}
 * DELETE /api/commerce/shopping-cart/coupons/{code}
 * PUT    /api/commerce/shopping-cart/shipping-location  {country, region, postalCode}
 * PUT    /api/commerce/shopping-cart/shipping-option    {shippingOptionId}
 */
export function optionsRoutes(app: FastifyInstance, deps: CommerceDeps, carts: CartService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const token = (request: { query: { cartToken?: string } } & Parameters<typeof cartTokenOf>[0]) =>
    explicitToken(request.query.cartToken) ?? cartTokenOf(request);

  api.post(
    '/api/commerce/shopping-cart/coupons',
    {
      schema: { querystring: TokenQuery, body: CouponBody, response: { 200: CartAnswerSchema } },
    },
    async (request, _reply) => {
      const s = request.site;
      const { cart } = await carts.write(s, request, token(request), 'cart', false, async (tx, cart) => {
        const coupon = findCoupon(storeRules(s), request.body.code);
        // A coupon before its start or after its end is not offered (yet, or any more).
        if (!coupon || !isCouponInDates(coupon, deps.clock())) throw new AppError('INVALID_COUPON');
        const codes = JSON.parse(cart.coupons) as string[];
        if (codes.some((c) => c.toUpperCase() === coupon.code.toUpperCase())) return;
        if (codes.length >= MAX_COUPONS) throw new AppError('INVALID_COUPON');
        // Used up already: said now rather than at checkout. The checkout still counts the use.
        if (coupon.usageLimit !== undefined && (await couponUseCount(tx, s.website.id, coupon.code)) >= coupon.usageLimit) {
          throw new AppError('COUPON_USAGE_LIMIT');
        }
        // A coupon whose minimum is not met yet is kept: it shows under invalidCoupons until it applies.
        cart.coupons = JSON.stringify([...codes, coupon.code]);
        await updateCart(tx, cart.id, deps.clock(), { coupons: cart.coupons });
      });
      return { shoppingCart: await carts.view(s, cart) };
    },
  );

  api.delete(
    '/api/commerce/shopping-cart/coupons/:code',
    {
      schema: { querystring: TokenQuery, params: CouponParams, response: { 200: CartAnswerSchema } },
    },
    async (request, _reply) => {
      const s = request.site;
      const wanted = request.params.code.trim().toUpperCase();
      const { cart } = await carts.write(s, request, token(request), 'cart', false, async (tx, cart) => {
        cart.coupons = JSON.stringify((JSON.parse(cart.coupons) as string[]).filter((c) => c.toUpperCase() !== wanted));
        await updateCart(tx, cart.id, deps.clock(), { coupons: cart.coupons });
      });
      return { shoppingCart: await carts.view(s, cart) };
    },
  );

  api.put(
    '/api/commerce/shopping-cart/shipping-location',
    {
      schema: { querystring: TokenQuery, body: LocationBody, response: { 200: CartAnswerSchema } },
    },
    async (request, _reply) => {
      const s = request.site;
      const b = request.body;
      const location = { country: b.country.toUpperCase(), region: (b.region ?? '').trim().toUpperCase(), postalCode: (b.postalCode ?? '').trim() };
      const { cart } = await carts.write(s, request, token(request), 'cart', false, async (tx, cart) => {
        cart.shipping_location = JSON.stringify(location);
        await updateCart(tx, cart.id, deps.clock(), { shipping_location: cart.shipping_location });
      });
      return { shoppingCart: await carts.view(s, cart) };
    },
  );

  api.put(
    '/api/commerce/shopping-cart/shipping-option',
    {
      schema: { querystring: TokenQuery, body: OptionBody, response: { 200: CartAnswerSchema } },
    },
    async (request, _reply) => {
      const s = request.site;
      const id = request.body.shippingOptionId;
      const { cart } = await carts.write(s, request, token(request), 'cart', false, async (tx, cart) => {
        if (id !== null && !storeRules(s).shippingOptions.some((o) => o.id === id)) throw new AppError('SHIPPING_OPTION_UNAVAILABLE');
        cart.shipping_option_id = id;
        await updateCart(tx, cart.id, deps.clock(), { shipping_option_id: id });
      });
      return { shoppingCart: await carts.view(s, cart) };
    },
  );
}
