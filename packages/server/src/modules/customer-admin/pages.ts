import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';
import { membersAreas } from './areas.js';

/** The studio's customer pages: the list, and one customer (its key in the context) with the site's members' areas to grant. */
export function customerAdminPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/customers',
    page: 'customers',
    title: 'Customers',
    permission: 'viewCustomers',
    context: (_request, s) => ({ timeZone: s.timeZone, currency: s.currency }),
  });
  ownerPage(app, {
    path: '/config/customers/:key',
    page: 'customer',
    title: 'Customer',
    permission: 'viewCustomers',
    context: (request, s) => ({
      timeZone: s.timeZone,
      currency: s.currency,
      customerKey: (request.params as { key: string }).key,
      membersAreas: membersAreas(s).map(({ collectionId, title, area }) => ({ collectionId, title, area })),
    }),
  });
}
