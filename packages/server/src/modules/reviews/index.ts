import fp from 'fastify-plugin';
import type { ReviewLimits } from './limits.js';
import { reviewsPlugin } from './plugin.js';
import { reviewRequestHook } from './request.js';

export { REVIEWS_REQUEST_PATH } from './request.js';
export type { ReviewLimits } from './limits.js';

/** Product reviews: the review form and list, and the review request mailed for every paid order. */
export default fp<{ limits?: Partial<ReviewLimits> }>(
  async (app, setup) => {
    const { store, clock, mail, config } = app.deps;
    const { signer } = app.commerce;
    await app.register(reviewsPlugin, { store, renderer: app.renderer, signer, clock, limits: setup.limits });
    app.commerce.orderPaidHooks.push(reviewRequestHook({ mail, signer, mailFrom: config.mailFrom }));
  },
  { name: 'reviews', dependencies: ['commerce'] },
);
