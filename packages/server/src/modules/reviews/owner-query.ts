import { AppError } from '../../errors.js';
import type { ReviewStatus } from './store.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';

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

export const encodeReviewCursor = (created: number, id: string) => encodeCursor('created', [created, id]);

/** The position a cursor names; null for none; CURSOR_INVALID for anything else. */
function decodeReviewCursor(cursor: unknown): { created: number; id: string } | null {
  const key = decodeCursor(cursor, 'created', 'ns');
  return key && { created: key[0] as number, id: key[1] as string };
}
