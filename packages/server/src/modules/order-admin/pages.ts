import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';
import { productChoices } from './product-choices.js';

/** The studio's order pages: the list, and one order with its actions. */
export function orderAdminPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/orders',
    page: 'orders',
    title: 'Orders',
    permission: 'viewOrders',
    context: async (_request, s) => ({
      timeZone: s.timeZone,
      currency: s.currency,
      products: await productChoices(app.deps.store.db, s.website.id),
    }),
  });
  // The order's own data comes from the orders API once the page has opened: the page carries only its id.
  ownerPage(app, {
    path: '/config/orders/:id',
    page: 'order',
    title: 'Order',
    permission: 'viewOrders',
    context: (request, s) => ({ timeZone: s.timeZone, currency: s.currency, orderId: (request.params as { id: string }).id }),
  });
}
