import type { PageMeta } from '../../pages.js';

/** The sign-in page: open to anyone, outside the frame and the navigation. */
export const meta: PageMeta = { path: '/config/login', title: 'Sign in', permission: null, frame: false };
