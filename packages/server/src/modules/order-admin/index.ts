import fp from 'fastify-plugin';
import './mail.js';
import { newOrderMailHook } from './new-order.js';
import { orderAdminPages } from './pages.js';
import { orderAdminRoutes } from './routes.js';

/**
 * The owner's orders: the orders API under /api/owner/orders (docs/owner-api.md), the staff's
 * new-order mail (a hook on every order placed), and the studio's order pages.
 */
export default fp(
  async (app) => {
    await app.register(orderAdminRoutes);
    app.commerce.orderPlacedHooks.push(newOrderMailHook({ mail: app.deps.mail, mailFrom: app.deps.config.mailFrom }));
    orderAdminPages(app);
  },
  { name: 'order-admin', dependencies: ['admin', 'commerce', 'checkout', 'orders', 'inventory'] },
);
