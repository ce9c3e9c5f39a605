import type { PageMeta } from '../../pages.js';

// A page about one product: the list links to it, so it has no place in the navigation.
export const meta: PageMeta = { path: '/config/products/:id', title: 'Product', permission: 'manageProducts' };
