import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/mailing-list', title: 'Mailing list', permission: 'manageMailingList', nav: 14 };
