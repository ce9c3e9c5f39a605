import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/**
 * The studio's page editor: one page's (or post's, event's) sections and blocks, by the item's id.
 * It has no place in the navigation: the pages list links each page to it. Its data comes from the
 * content API (docs/owner-api.md "Page content"); the context carries only what the editor needs
 * before its first call: the item and the site's time zone, in which a publication is scheduled.
 */
export function pageEditorPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/pages/:itemId/edit',
    page: 'page-editor',
    title: 'Edit page',
    permission: 'editContent',
    context: (request, s) => ({ itemId: (request.params as { itemId: string }).itemId, timeZone: s.timeZone }),
  });
}
