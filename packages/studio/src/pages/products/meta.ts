import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/products', title: 'Products', permission: 'manageProducts', nav: 7 };
