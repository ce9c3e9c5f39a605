import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/reviews', title: 'Reviews', permission: 'moderateReviews', nav: 9 };
