import type { PageMeta } from '../../pages.js';

/** The owner's password reset by mail ("Forgot your password?" on the sign-in page): outside the frame and the navigation. */
export const meta: PageMeta = { path: '/config/password-reset', title: 'Reset your password', permission: null, frame: false };
