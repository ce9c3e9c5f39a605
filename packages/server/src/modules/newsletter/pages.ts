import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';
import { subscriberSources } from './owner-store.js';

/** How many sources the page's source filter offers. */
const SOURCE_CHOICES = 100;

/** The studio's mailing list page, with the site's time zone and the sources addresses came from. */
export function mailingListOwnerPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/mailing-list',
    page: 'mailing-list',
    title: 'Mailing list',
    permission: 'manageMailingList',
    context: async (_request, s) => ({ timeZone: s.timeZone, sources: await subscriberSources(app.deps.store.db, s.website.id, SOURCE_CHOICES) }),
  });
}
