/**
 * Product reviews (storefront.md section 2: "product reviews when enabled"): a rating from 1 to 5
 * stars and a text, written by a buyer from the review-request page. The spec words no message for
 * them; these are Tessera's, shared by the page's island and the server.
 */
export const REVIEW_MESSAGES = Object.freeze({
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  bodyBlank: 'Write a few words about the product.',
  bodyTooLong: 'A review can be at most 2000 characters.',
  nameTooLong: 'A name can be at most 60 characters.',
  alreadyReviewed: 'You have already reviewed this product for this order.',
  thanks: 'Thank you! Your review is published.',
  thanksPending: 'Thank you! Your review will be published once the shop approves it.',
});

export const REVIEW_LIMITS = Object.freeze({ minRating: 1, maxRating: 5, maxBodyLength: 2000, maxNameLength: 60 });

export interface ReviewInput {
  readonly rating?: unknown;
  readonly body?: unknown;
  readonly reviewerName?: unknown;
}

/** A rating as a whole number of stars from 1 to 5 ("4" from a form counts), else null. */
export function parseRating(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= REVIEW_LIMITS.minRating && n <= REVIEW_LIMITS.maxRating ? n : null;
}

/** Field id (`rating`, `body`, `reviewerName`) -> message; empty when the review may be sent. */
export function validateReview(input: ReviewInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (parseRating(input.rating) === null) errors.rating = REVIEW_MESSAGES.ratingRequired;
  const body = typeof input.body === 'string' ? input.body.trim() : '';
  if (body === '') errors.body = REVIEW_MESSAGES.bodyBlank;
  else if ([...body].length > REVIEW_LIMITS.maxBodyLength) errors.body = REVIEW_MESSAGES.bodyTooLong;
  const name = typeof input.reviewerName === 'string' ? input.reviewerName.trim() : '';
  if ([...name].length > REVIEW_LIMITS.maxNameLength) errors.reviewerName = REVIEW_MESSAGES.nameTooLong;
  return errors;
}

/** Five flags, the first `rating` of them set: what a theme draws as filled and empty stars. */
export function ratingStars(rating: number): boolean[] {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return Array.from({ length: 5 }, (_, i) => i < filled);
}
