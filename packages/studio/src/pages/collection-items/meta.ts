import type { PageMeta } from '../../pages.js';

// No place in the navigation: the pages list links a blog and an events list to it.
export const meta: PageMeta = { path: '/config/pages/collections/:collectionId', title: 'Posts and events', permission: 'editContent' };
