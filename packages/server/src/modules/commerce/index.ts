import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import '../orders/mail.js';
import { RateLimiter } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import type { SiteRenderer } from '../site/renderer.js';
import { cartPlugin } from '../cart/index.js';
import { pruneAbandonedCarts } from '../cart/store.js';
import { checkoutPlugin } from '../checkout/routes.js';
import { HOLD_SWEEP_MS, cancelOrder, expireHolds, type OrderChange } from '../checkout/holds.js';
import { markOrderPaid } from '../checkout/mark-paid.js';
import { PaymentProviders, type PaymentProvider } from '../checkout/payments.js';
import { inventoryPlugin } from '../inventory/index.js';
import { ordersPlugin } from '../orders/index.js';
import { DEFAULT_CART_WRITE_LIMITS, type CommerceDeps } from './deps.js';
import { Signer } from './signing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes of an order's payment after checkout, for the owner's side (no routes yet) and the tests. */
    orders: OrderPayments;
  }
}

/** Order payments after checkout (docs/commerce-api.md "Order holds"): each a compare-and-set on the order's payment status. */
interface OrderPayments {
  /** A pending order's payment arrived: issue what it earns. */
  markPaid(websiteId: string, orderId: string, payment?: { reference?: string; baseUrl?: string }): ReturnType<typeof markOrderPaid>;
  /** Cancel a pending order, giving back its stock and gift card balance. */
  cancel(websiteId: string, orderId: string): Promise<OrderChange>;
  /** The `order-holds` job's work, now: cancel the pending orders whose hold passed; answers how many. */
  expireHolds(): Promise<number>;
}

/** How often the `abandoned-carts` job deletes the carts nobody can reach any more. */
const ABANDONED_CARTS_EVERY_MS = 3_600_000;

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
    orderPaidHooks: [],
  };
  await app.register(cartPlugin, deps);
  await app.register(inventoryPlugin, deps);
  await app.register(checkoutPlugin, deps);
  await app.register(ordersPlugin, deps);

  app.decorate('orders', {
    markPaid: (websiteId, orderId, payment) => markOrderPaid(deps, websiteId, orderId, payment),
    cancel: (websiteId, orderId) => cancelOrder(deps, websiteId, orderId),
    expireHolds: () => expireHolds(deps),
  } satisfies OrderPayments);
  // A pending order holds its stock only until its hold expires: then this job cancels it.
  app.jobs.every('order-holds', HOLD_SWEEP_MS, async () => {
    const canceled = await expireHolds(deps);
    if (canceled > 0) app.log.info({ canceled }, 'orders: canceled the pending orders whose hold expired');
  });
  app.jobs.every('abandoned-carts', ABANDONED_CARTS_EVERY_MS, async ({ now }) => {
    const deleted = await pruneAbandonedCarts(store, now);
    if (deleted > 0) app.log.info({ deleted }, 'carts: deleted the abandoned carts');
  });
  return deps;
}
