import fp from 'fastify-plugin';
import { HOLD_SWEEP_MS, cancelOrder, expireHolds, type CancelBy, type OrderChange } from './holds.js';
import { markOrderPaid, type PaymentArrived } from './mark-paid.js';
import { checkoutPlugin } from './routes.js';
import type { Adjusted } from '../inventory/index.js';

export { giveBackOrder, stockActor } from './give-back.js';
export { issuePaidOrder } from './paid.js';
export { orderMailInput } from './finish.js';
export { SYSTEM, customerNameOf, nextOrderNumber, recordOrderEvent, timeOrderedId, type OrderActor } from './timeline.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes of an order's payment after checkout, for the owner's side and the tests. */
    orders: OrderPayments;
  }
}

/** Order payments after checkout (docs/commerce-api.md "Order holds"): each a compare-and-set on the order's payment status. */
interface OrderPayments {
  /** A pending order's payment arrived: issue what it earns. */
  markPaid(websiteId: string, orderId: string, payment?: PaymentArrived): ReturnType<typeof markOrderPaid>;
  /** Cancel a pending order, giving back its stock and gift card balance. */
  cancel(websiteId: string, orderId: string, by?: CancelBy): Promise<OrderChange<{ restocked: Adjusted[] }>>;
  /** The `order-holds` job's work, now: cancel the pending orders whose hold passed; answers how many. */
  expireHolds(): Promise<number>;
}

/** Checkout: placing an order, its payment (now or later: `app.orders`), and the job that ends expired holds. */
export default fp(
  async (app) => {
    const deps = app.commerce;
    const logCancelFailure = (error: unknown) =>
      app.log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'orders: the payment of a canceled order could not be stopped',
      );
    await app.register(checkoutPlugin, deps);
    app.decorate('orders', {
      markPaid: (websiteId, orderId, payment) => markOrderPaid(deps, websiteId, orderId, payment),
      cancel: (websiteId, orderId, by) => cancelOrder(deps, websiteId, orderId, by),
      expireHolds: () => expireHolds(deps, logCancelFailure),
    } satisfies OrderPayments);
    // A pending order holds its stock only until its hold expires: then this job cancels it.
    app.jobs.every('order-holds', HOLD_SWEEP_MS, async () => {
      const canceled = await expireHolds(deps, logCancelFailure);
      if (canceled > 0) app.log.info({ canceled }, 'orders: canceled the pending orders whose hold expired');
    });
  },
  { name: 'checkout', dependencies: ['commerce', 'cart', 'inventory', 'orders'] },
);
