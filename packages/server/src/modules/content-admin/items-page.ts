import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';
import { collectionUrl } from '../site/index.js';

/**
 * The studio's list of a blog's posts or an events list's events, by the collection's id. No place
 * in the navigation: the pages list links each blog and events list to it. The context names the
 * collection (absent when the id is no blog or events list of the site) and the site's time zone.
 */
export function itemsPage(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/pages/collections/:collectionId',
    page: 'collection-items',
    title: 'Posts and events',
    permission: 'editContent',
    context: (request, s) => {
      const collectionId = (request.params as { collectionId: string }).collectionId;
      const c = s.collectionsById.get(collectionId);
      const listed = c && (c.type_name === 'blog' || c.type_name === 'events');
      return {
        collectionId,
        timeZone: s.timeZone,
        ...(listed ? { collection: { title: c.title, type: c.type_name, url: collectionUrl(s, c) } } : {}),
      };
    },
  });
}
