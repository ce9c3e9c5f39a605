import type { PageMeta } from '../../pages.js';

// No place in the navigation: the pages list (/config/pages) links each page to its editor.
export const meta: PageMeta = { path: '/config/pages/:itemId/edit', title: 'Edit page', permission: 'editContent' };
