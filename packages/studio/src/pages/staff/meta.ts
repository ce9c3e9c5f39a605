import type { PageMeta } from '../../pages.js';

/** The site's staff: accounts, roles, invitations. Admins only. */
export const meta: PageMeta = { path: '/config/staff', title: 'Staff', permission: 'managePermissions', nav: 40 };
