import type { PageMeta } from '../../pages.js';

// The form builder of one form: opened from the forms page, a form's page and the page editor's form block.
export const meta: PageMeta = { path: '/config/forms/:formId/build', title: 'Edit form', permission: 'editContent' };
