import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/orders', title: 'Orders', permission: 'viewOrders', nav: 5 };
