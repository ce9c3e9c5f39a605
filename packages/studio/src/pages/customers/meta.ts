import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/customers', title: 'Customers', permission: 'viewCustomers', nav: 6 };
