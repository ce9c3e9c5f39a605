import type { FastifyInstance } from 'fastify';
import { ownerPage } from '../admin/index.js';
import { reviewedProducts } from './owner-store.js';

/** How many products the queue's product filter offers (the reviewed ones, by title). */
const PRODUCT_CHOICES = 500;

/** The studio's moderation queue, with the site's time zone and the reviewed products for its filter. */
export function reviewOwnerPages(app: FastifyInstance): void {
  ownerPage(app, {
    path: '/config/reviews',
    page: 'reviews',
    title: 'Reviews',
    permission: 'moderateReviews',
    context: async (_request, s) => ({ timeZone: s.timeZone, products: await reviewedProducts(app.deps.store.db, s.website.id, PRODUCT_CHOICES) }),
  });
}
