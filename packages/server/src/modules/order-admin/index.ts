import fp from 'fastify-plugin';
import { orderAdminPages } from './pages.js';
import { orderAdminRoutes } from './routes.js';

/** The owner's orders: the orders API under /api/owner/orders (docs/owner-api.md) and the studio's order pages. */
export default fp(
  async (app) => {
    await app.register(orderAdminRoutes);
    orderAdminPages(app);
  },
  { name: 'order-admin', dependencies: ['admin', 'commerce', 'checkout', 'orders'] },
);
