import { AppError } from '../../errors.js';
import type { ReviewStatus } from './store.js';

/**
 * The moderation queue's query (`GET /api/owner/reviews`), checked by hand so that each refused
 * field answers what is allowed: a state, a rating, search text, a product, a page size and an
 * opaque keyset cursor (the newest first: the position after the last row of the page).
 */

const REVIEW_STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'hidden'];

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
const MAX_SEARCH = 200;

const REVIEW_QUERY_MESSAGES = Object.freeze({
  status: `Choose one of ${REVIEW_STATUSES.join(', ')}.`,
  rating: 'Choose a rating from 1 to 5.',
  q: `Enter at most ${MAX_SEARCH} characters.`,
  item: 'Enter an item id.',
  limit: `Enter a whole number from 1 to ${MAX_LIMIT}.`,
});

export interface ReviewListQuery {
  /** null: every state. */
  readonly status: ReviewStatus | null;
  readonly rating: number | null;
  /** Lower-cased search text ('' for none). */
  readonly q: string;
  readonly item: string | null;
  readonly limit: number;
  readonly after: { readonly created: number; readonly id: string } | null;
}

const text = (value: unknown) => (value === undefined ? '' : value);

export function parseReviewQuery(query: Record<string, unknown>): ReviewListQuery {
  const errors: Record<string, string> = {};
  const status = text(query.status);
  if (status !== '' && !REVIEW_STATUSES.includes(status as ReviewStatus)) errors.status = REVIEW_QUERY_MESSAGES.status;
  const rating = text(query.rating);
  if (rating !== '' && !(typeof rating === 'string' && /^[1-5]$/.test(rating))) errors.rating = REVIEW_QUERY_MESSAGES.rating;
  const q = text(query.q);
  if (typeof q !== 'string' || q.length > MAX_SEARCH) errors.q = REVIEW_QUERY_MESSAGES.q;
  const item = text(query.item);
  if (typeof item !== 'string' || item.length > 64) errors.item = REVIEW_QUERY_MESSAGES.item;
  const limitText = text(query.limit) || String(DEFAULT_LIMIT);
  const limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) errors.limit = REVIEW_QUERY_MESSAGES.limit;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return {
    status: status === '' ? null : (status as ReviewStatus),
    rating: rating === '' ? null : Number(rating),
    q: (q as string).trim().toLowerCase(),
    item: item === '' ? null : (item as string),
    limit,
    after: decodeReviewCursor(query.cursor),
  };
}

export function encodeReviewCursor(created: number, id: string): string {
  return Buffer.from(JSON.stringify({ c: created, i: id })).toString('base64url');
}

/** The position a cursor names; null for none; CURSOR_INVALID for anything else. */
function decodeReviewCursor(cursor: unknown): { created: number; id: string } | null {
  if (cursor === undefined || cursor === '') return null;
  if (typeof cursor !== 'string' || cursor.length > 512) throw new AppError('CURSOR_INVALID');
  let value: { c?: unknown; i?: unknown };
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (typeof value !== 'object' || value === null || !Number.isSafeInteger(value.c) || typeof value.i !== 'string' || value.i.length > 64) {
    throw new AppError('CURSOR_INVALID');
  }
  return { created: value.c as number, id: value.i };
}
