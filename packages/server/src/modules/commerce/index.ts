import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import '../orders/mail.js';
import { RateLimiter } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import type { SiteRenderer } from '../site/renderer.js';
import { cartPlugin } from '../cart/index.js';
import { checkoutPlugin } from '../checkout/routes.js';
import { PaymentProviders, type PaymentProvider } from '../checkout/payments.js';
import { inventoryPlugin } from '../inventory/index.js';
import { ordersPlugin } from '../orders/index.js';
import { DEFAULT_CART_WRITE_LIMITS, type CommerceDeps } from './deps.js';
import { Signer } from './signing.js';

/** What a deployment (or a test) may set: the payment providers the server knows and the cart write limits. */
export interface CommerceSetup {
  /** Default: offline and test; each site chooses among them with store.paymentProviders. */
  paymentProviders?: readonly PaymentProvider[];
  cartWriteLimits?: CommerceDeps['cartWriteLimits'];
}

/** The store's modules (cart, inventory, checkout, orders) with the dependencies they share. */
export async function registerCommerce(
  app: FastifyInstance, base: { store: Store; renderer: SiteRenderer; clock: Clock; config: Config }, setup: CommerceSetup = {},
): Promise<CommerceDeps> {
  const { store, renderer, clock, config } = base;
  const deps: CommerceDeps = {
    store,
    renderer,
    clock,
    mail: app.hasDecorator('mail') ? app.mail : null,
    mailFrom: config.mailFrom,
    signer: new Signer(store, clock),
    limiter: new RateLimiter(store.db, clock),
    payments: new PaymentProviders(setup.paymentProviders),
    cartWriteLimits: setup.cartWriteLimits ?? DEFAULT_CART_WRITE_LIMITS,
    orderFinishedHooks: [],
  };
  await app.register(cartPlugin, deps);
  await app.register(inventoryPlugin, deps);
  await app.register(checkoutPlugin, deps);
  await app.register(ordersPlugin, deps);
  return deps;
}
