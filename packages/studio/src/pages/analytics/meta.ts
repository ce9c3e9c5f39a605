import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/analytics', title: 'Analytics', permission: 'viewAnalytics', nav: 10 };
