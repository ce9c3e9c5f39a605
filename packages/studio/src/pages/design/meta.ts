import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/design', title: 'Design', permission: 'editStyles', nav: 26 };
