import type { PageMeta } from '../../pages.js';

// One customer: opened from the customer list, not listed in the navigation itself.
export const meta: PageMeta = { path: '/config/customers/:key', title: 'Customer', permission: 'viewCustomers' };
