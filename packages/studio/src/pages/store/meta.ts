import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/store', title: 'Store settings', permission: 'manageStoreSettings', nav: 30 };
