import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/** The studio's order pages: the list, and one order with its actions. */
export function orderAdminPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/orders',
    page: 'orders',
    title: 'Orders',
    permission: 'viewOrders',
    context: (_request, s) => ({ timeZone: s.timeZone, currency: s.currency }),
  });
}
