import fp from 'fastify-plugin';
import type { ReviewLimits } from './limits.js';
import { reviewOwnerRoutes } from './owner-routes.js';
import { reviewOwnerPages } from './pages.js';
import { reviewsPlugin } from './plugin.js';
import { reviewRequestHook } from './request.js';

export { REVIEWS_REQUEST_PATH } from './request.js';
export { reviewSettings } from './settings.js';
export type { ReviewLimits } from './limits.js';

/**
 * Product reviews: the review form and list, the review request mailed for every paid order, and
 * the owner's moderation queue with its setting (publish at once or after approval).
 */
export default fp<{ limits?: Partial<ReviewLimits> }>(
  async (app, setup) => {
    const { store, clock, mail, config } = app.deps;
    const { signer } = app.commerce;
    await app.register(reviewsPlugin, { store, renderer: app.renderer, signer, clock, limits: setup.limits });
    app.commerce.orderPaidHooks.push(reviewRequestHook({ mail, signer, mailFrom: config.mailFrom }));
    await app.register(reviewOwnerRoutes);
    reviewOwnerPages(app);
  },
  { name: 'reviews', dependencies: ['commerce', 'admin', 'store-settings'] },
);
