import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/marketing', title: 'Marketing and cookies', permission: 'editCode', nav: 32 };
