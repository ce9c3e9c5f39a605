import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/media', title: 'Media', permission: 'manageMedia', nav: 25 };
