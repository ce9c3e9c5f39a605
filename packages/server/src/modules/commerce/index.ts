import fp from 'fastify-plugin';
import { RateLimiter } from '../../http/rate-limit.js';
import { DEFAULT_CART_WRITE_LIMITS, type CommerceDeps } from './deps.js';
import { PaymentProviders, siteProviderIds, type PaymentProvider } from './payments.js';
import { Signer } from './signing.js';

export { baseUrlOf, type CommerceDeps, type OrderPaidHook, type OrderPlacedHook, type OrderPageHook, type KeepConfirmedMethod } from './deps.js';
export { catalogProduct, forSale, liveStock, unitPriceCents, firstImage, type CatalogProduct, type CatalogVariant } from './catalog.js';
export { findCoupon, storeRules, merchandisingOf, type ShippingOption, type StoreRules } from './settings.js';
export { couponUseCount, couponUsesOf, giveBackCouponUses, takeCouponUses } from './coupon-uses.js';
export { Signer, newToken, tokenHash } from './signing.js';
export { siteProviderIds, type PaymentProvider, type PaymentResult, type SavedMethod, type SavedChargeRequest, type SaveMethodResult } from './payments.js';
export { orderView, orderLinks, type OrderView } from './order-view.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the store's modules share: the signer, payment providers, cart write limits, the paid-order hooks. */
    commerce: CommerceDeps;
  }
}

/** What a deployment (or a test) may set: the payment providers the server knows and the cart write limits. */
export interface CommerceSetup {
  /** Default: offline and test; each site chooses among them with store.paymentProviders. */
  paymentProviders?: readonly PaymentProvider[];
  cartWriteLimits?: CommerceDeps['cartWriteLimits'];
}

/**
 * The store's shared parts (`app.commerce`), used by the cart, inventory, checkout, orders and the
 * modules that act on paid orders; and the payment providers' ids that every page carries.
 */
export default fp<CommerceSetup>(
  async (app, setup) => {
    const { store, clock, mail, config } = app.deps;
    const deps: CommerceDeps = {
      store,
      renderer: app.renderer,
      clock,
      mail,
      mailFrom: config.mailFrom,
      signer: new Signer(store, clock),
      limiter: new RateLimiter(store.db, clock),
      payments: new PaymentProviders(setup.paymentProviders),
      cartWriteLimits: setup.cartWriteLimits ?? DEFAULT_CART_WRITE_LIMITS,
      orderPaidHooks: [],
      orderPlacedHooks: [],
      orderPageHooks: [],
      keepConfirmedMethod: null,
    };
    app.decorate('commerce', deps);
    // The payment providers' ids the checkout offers (ids only; a provider's keys never reach a page).
    app.renderer.addBrowserContextHook((s, context) => {
      context.storeSettings.paymentProviders = siteProviderIds(s.store);
    });
  },
  { name: 'commerce', dependencies: ['site'] },
);
