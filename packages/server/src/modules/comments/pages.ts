import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';

/** The studio's comment moderation page, with the site's time zone for the comments' dates. */
export function commentOwnerPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/comments',
    page: 'comments',
    title: 'Comments',
    permission: 'moderateComments',
    context: (_request, s) => ({ timeZone: s.timeZone }),
  });
}
