import type { PageMeta } from '../../pages.js';

/** The site's navigation as a tree, and each page's settings (/config/pages). */
export const meta: PageMeta = { path: '/config/pages', title: 'Pages', permission: 'editContent', nav: 2 };
