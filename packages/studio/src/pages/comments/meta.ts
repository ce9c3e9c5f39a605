import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/comments', title: 'Comments', permission: 'moderateComments', nav: 11 };
