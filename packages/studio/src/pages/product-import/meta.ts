import type { PageMeta } from '../../pages.js';

// Reached from the products list's "Import/export" link, so it has no place of its own in the navigation.
export const meta: PageMeta = { path: '/config/products/import', title: 'Import products', permission: 'manageProducts' };
