import type { PageMeta } from '../../pages.js';

/** A staff invitation's page (the mailed link): open to the invitee, outside the frame and the navigation. */
export const meta: PageMeta = { path: '/config/invitation', title: 'Accept the invitation', permission: null, frame: false };
