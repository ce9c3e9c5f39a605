import type { SubscriberStatus } from '../../storage/schema-forms.js';
import { AppError } from '../../errors.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';

/**
 * The mailing list's query (`GET /api/owner/mailing-list` and its CSV export), checked by hand so
 * that each refused field answers what is allowed: search text, a state, a source, a page size and
 * an opaque keyset cursor (newest first: the position after the last row of the page).
 */

const SUBSCRIBER_STATUSES: readonly SubscriberStatus[] = ['pending', 'subscribed', 'unsubscribed'];

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
const MAX_SEARCH = 200;

const MAILING_LIST_QUERY_MESSAGES = Object.freeze({
  q: `Enter at most ${MAX_SEARCH} characters.`,
  status: `Choose one of ${SUBSCRIBER_STATUSES.join(', ')}.`,
  source: 'Enter a source of at most 100 characters.',
  limit: `Enter a whole number from 1 to ${MAX_LIMIT}.`,
});

export interface SubscriberFilters {
  /** Lower-cased search text in the address ('' for none). */
  readonly q: string;
  readonly status: SubscriberStatus | null;
  readonly source: string | null;
}

export interface SubscriberListQuery extends SubscriberFilters {
  readonly limit: number;
  readonly after: { readonly created: number; readonly id: string } | null;
}

const text = (value: unknown) => (value === undefined ? '' : value);

/** The filters of the list and of the export; refused fields answer 400 VALIDATION_FAILED with their message. */
export function parseSubscriberFilters(query: Record<string, unknown>, errors: Record<string, string> = {}): SubscriberFilters {
  const q = text(query.q);
  if (typeof q !== 'string' || q.length > MAX_SEARCH) errors.q = MAILING_LIST_QUERY_MESSAGES.q;
  const status = text(query.status);
  if (status !== '' && !SUBSCRIBER_STATUSES.includes(status as SubscriberStatus)) errors.status = MAILING_LIST_QUERY_MESSAGES.status;
  const source = text(query.source);
  if (typeof source !== 'string' || source.length > 100) errors.source = MAILING_LIST_QUERY_MESSAGES.source;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return {
    q: (q as string).trim().toLowerCase(),
    status: status === '' ? null : (status as SubscriberStatus),
    source: source === '' ? null : (source as string),
  };
}

export function parseSubscriberQuery(query: Record<string, unknown>): SubscriberListQuery {
  const errors: Record<string, string> = {};
  const limitText = text(query.limit) || String(DEFAULT_LIMIT);
  const limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) errors.limit = MAILING_LIST_QUERY_MESSAGES.limit;
  const filters = parseSubscriberFilters(query, errors);
  return { ...filters, limit, after: decodeSubscriberCursor(query.cursor) };
}

export const encodeSubscriberCursor = (created: number, id: string) => encodeCursor('created', [created, id]);

/** The position a cursor names; null for none; CURSOR_INVALID for anything else. */
function decodeSubscriberCursor(cursor: unknown): { created: number; id: string } | null {
  const key = decodeCursor(cursor, 'created', 'ns');
  return key && { created: key[0] as number, id: key[1] as string };
}
