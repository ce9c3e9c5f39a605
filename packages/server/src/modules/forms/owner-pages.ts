import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/** The studio's form pages: the site's forms with their counts, one form's submissions and settings, and its builder. */
export function formOwnerPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/forms',
    page: 'forms',
    title: 'Form submissions',
    permission: 'viewFormSubmissions',
    context: (_request, s) => ({ timeZone: s.timeZone }),
  });
  ownerPage(app, {
    path: '/config/forms/:formId',
    page: 'form',
    title: 'Form',
    permission: 'viewFormSubmissions',
    context: (request, s) => ({ timeZone: s.timeZone, formId: (request.params as { formId: string }).formId }),
  });
  // The form builder: page content, so the page editor's permission (docs/owner-api.md "Form builder").
  ownerPage(app, {
    path: '/config/forms/:formId/build',
    page: 'form-builder',
    title: 'Edit form',
    permission: 'editContent',
    context: (request) => ({ formId: (request.params as { formId: string }).formId }),
  });
}
