import type { RateLimit } from '../../http/rate-limit.js';

/** How often a visitor (hashed address) and a whole site may comment and like. */
export interface CommentLimits {
  readonly commentPerVisitor: RateLimit;
  readonly commentPerSite: RateLimit;
  readonly likePerVisitor: RateLimit;
}

export const DEFAULT_COMMENT_LIMITS: CommentLimits = Object.freeze({
  // A reader joining a discussion writes a few comments an hour; a flood is refused early.
  commentPerVisitor: { name: 'comment:visitor', limit: 5, windowMs: 10 * 60_000 },
  commentPerSite: { name: 'comment:site', limit: 300, windowMs: 60 * 60_000 },
  likePerVisitor: { name: 'like:visitor', limit: 60, windowMs: 10 * 60_000 },
});

/** The lengths a comment's fields may have, in characters (the storefront's form says the same). */
export const COMMENT_FIELD_LIMITS = Object.freeze({ name: 80, email: 254, text: 2000 });

/** Comments a post page lists (oldest first); the count covers them all. */
export const COMMENTS_ON_PAGE = 200;
