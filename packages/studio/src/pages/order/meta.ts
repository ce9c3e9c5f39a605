import type { PageMeta } from '../../pages.js';

/** One order, reached from the orders list (not in the navigation). */
export const meta: PageMeta = { path: '/config/orders/:id', title: 'Order', permission: 'viewOrders' };
