import { AppError } from '../../errors.js';
import { decodeCursor as decodeKey, encodeCursor as encodeKey } from '../../http/cursor.js';

/**
 * The customer list's query (`GET /api/owner/customers`), checked by hand so that each field's
 * message says what is allowed: search text, a sort, a page size and an opaque keyset cursor.
 */

/** Each sort: the customers table's column, newest or largest first but the email's; the email breaks ties. */
export const SORTS = {
  last_order: { column: 'last_order_on', direction: 'desc' },
  total_spent: { column: 'spent_cents', direction: 'desc' },
  order_count: { column: 'order_count', direction: 'desc' },
  email: { column: 'email', direction: 'asc' },
  newest_account: { column: 'account_created_on', direction: 'desc' },
} as const;

export type CustomerSort = keyof typeof SORTS;

/** Where the next page starts: after the row with this sort value and email. */
interface CustomerCursor {
  readonly value: number | string;
  readonly email: string;
}

export interface CustomerListQuery {
  /** Lower-cased search text ('' for none). */
  readonly q: string;
  readonly sort: CustomerSort;
  readonly limit: number;
  readonly after: CustomerCursor | null;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
const MAX_SEARCH = 200;

const SEARCH_MESSAGE = `Search with at most ${MAX_SEARCH} characters.`;
const SORT_MESSAGE = `Sort by ${Object.keys(SORTS).join(', ')}.`;
const LIMIT_MESSAGE = `Choose a page size from 1 to ${MAX_LIMIT}.`;

const isSort = (value: unknown): value is CustomerSort => typeof value === 'string' && Object.hasOwn(SORTS, value);

export function parseListQuery(query: Record<string, unknown>): CustomerListQuery {
  const errors: Record<string, string> = {};
  const q = query.q ?? '';
  if (typeof q !== 'string' || q.length > MAX_SEARCH) errors.q = SEARCH_MESSAGE;
  const sort = query.sort ?? 'last_order';
  if (!isSort(sort)) errors.sort = SORT_MESSAGE;
  const limitText = query.limit ?? String(DEFAULT_LIMIT);
  const limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) errors.limit = LIMIT_MESSAGE;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  const s = sort as CustomerSort;
  return { q: (q as string).trim().toLowerCase(), sort: s, limit, after: decodeCursor(query.cursor, s) };
}

/** The cursor after a row: the sort it was made for, the row's sort value and email. */
export const encodeCursor = (sort: CustomerSort, value: number | string, email: string) => encodeKey(sort, [value, email]);

/** A cursor of this sort, or null for none; CURSOR_INVALID for anything else (a cursor of another sort too). */
function decodeCursor(cursor: unknown, sort: CustomerSort): CustomerCursor | null {
  const key = decodeKey(cursor, sort, SORTS[sort].column === 'email' ? 'ss' : 'ns');
  return key && { value: key[0]!, email: key[1] as string };
}
