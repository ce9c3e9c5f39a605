import { AppError } from '../../errors.js';
import type { SubmissionCursor, SubmissionFilter } from './owner-store.js';
import { decodeCursor as decodeKey, encodeCursor as encodeKey } from '../../http/cursor.js';

/**
 * The query of the owner's submissions list and export (`q`, `from`, `to`, `limit`, `cursor`),
 * checked by hand so that each field's message says what is allowed.
 */

export interface SubmissionListQuery extends SubmissionFilter {
  readonly limit: number;
  readonly after: SubmissionCursor | null;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
const MAX_SEARCH = 200;

const QUERY_MESSAGES = {
  q: `Search with at most ${MAX_SEARCH} characters.`,
  time: 'Enter a time in epoch milliseconds.',
  limit: `Choose a page size from 1 to ${MAX_LIMIT}.`,
} as const;

function time(value: unknown): number | null | undefined {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** The filters shared by the list and the export. */
export function parseFilter(query: Record<string, unknown>, errors: Record<string, string> = {}): SubmissionFilter {
  const q = query.q ?? '';
  if (typeof q !== 'string' || q.length > MAX_SEARCH) errors.q = QUERY_MESSAGES.q;
  const from = time(query.from);
  if (from === undefined) errors.from = QUERY_MESSAGES.time;
  const to = time(query.to);
  if (to === undefined) errors.to = QUERY_MESSAGES.time;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return { q: (q as string).trim(), from: from ?? null, to: to ?? null };
}

export function parseListQuery(query: Record<string, unknown>): SubmissionListQuery {
  const errors: Record<string, string> = {};
  const limitText = query.limit ?? String(DEFAULT_LIMIT);
  const limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) errors.limit = QUERY_MESSAGES.limit;
  const filter = parseFilter(query, errors);
  return { ...filter, limit, after: decodeCursor(query.cursor) };
}

/** The cursor after a row: its time and id. */
export const encodeCursor = (on: number, id: string) => encodeKey('submitted', [on, id]);

/** A cursor, or null for none; CURSOR_INVALID for anything else. */
function decodeCursor(cursor: unknown): SubmissionCursor | null {
  const key = decodeKey(cursor, 'submitted', 'ns');
  return key && { on: key[0] as number, id: key[1] as string };
}
