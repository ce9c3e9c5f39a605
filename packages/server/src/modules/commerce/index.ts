import type { FastifyInstance } from 'fastify';
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

export interface CommerceOptions {
  store: Store;
  renderer: SiteRenderer;
  clock?: () => number;
  /** The payment providers the server knows (default: offline and test); sites choose with store.paymentProviders. */
  paymentProviders?: readonly PaymentProvider[];
  cartWriteLimits?: CommerceDeps['cartWriteLimits'];
}

/** The store's modules (cart, inventory, checkout, orders) with the dependencies they share. */
export async function registerCommerce(app: FastifyInstance, options: CommerceOptions): Promise<CommerceDeps> {
  const clock = options.clock ?? Date.now;
  const deps: CommerceDeps = {
    store: options.store,
    renderer: options.renderer,
    clock,
    signer: new Signer(options.store),
    limiter: new RateLimiter(options.store, clock),
    payments: new PaymentProviders(options.paymentProviders),
    cartWriteLimits: options.cartWriteLimits ?? DEFAULT_CART_WRITE_LIMITS,
  };
  await app.register(cartPlugin, deps);
  await app.register(inventoryPlugin, deps);
  await app.register(checkoutPlugin, deps);
  await app.register(ordersPlugin, deps);
  return deps;
}
