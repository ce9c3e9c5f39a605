import type { PageMeta } from '../../pages.js';

export const meta: PageMeta = { path: '/config/forms', title: 'Form submissions', permission: 'viewFormSubmissions', nav: 12 };
