import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/restock', title: 'Restock notifications', permission: 'viewRestockSignups', nav: 20 };
