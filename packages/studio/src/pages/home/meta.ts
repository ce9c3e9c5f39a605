import type { PageMeta } from '../../pages.js';

/** The studio's first page for every role that opens it: the shop at a glance, each card a link to its list. */
export const meta: PageMeta = { path: '/config/', title: 'Home', permission: 'openConfig', nav: 1 };
