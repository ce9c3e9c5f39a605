import type { PageMeta } from '../../pages.js';

// One form's submissions and settings: opened from the forms page, not listed in the navigation itself.
export const meta: PageMeta = { path: '/config/forms/:formId', title: 'Form', permission: 'viewFormSubmissions' };
