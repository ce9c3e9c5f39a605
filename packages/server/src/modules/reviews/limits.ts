import type { RateLimit } from '../../http/rate-limit.js';

/** Review submissions per visitor (hashed address) and per site: a buyer rating an order stays well inside them. */
export interface ReviewLimits {
  readonly submitPerVisitor: RateLimit;
  readonly submitPerSite: RateLimit;
}

export const DEFAULT_REVIEW_LIMITS: ReviewLimits = Object.freeze({
  submitPerVisitor: { name: 'review-submit:visitor', limit: 20, windowMs: 10 * 60_000 },
  submitPerSite: { name: 'review-submit:site', limit: 500, windowMs: 60 * 60_000 },
});

/** Reviews shown on a product page (newest first); the count and average cover them all. */
export const REVIEWS_ON_PAGE = 20;
