import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/inventory', title: 'Inventory', permission: 'manageProducts', nav: 8 };
