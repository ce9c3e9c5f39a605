import { AppError } from '../errors.js';

/** A value of a cursor's key: a sort column's value or a row's id. */
export type CursorValue = string | number;

/** The longest cursor read: past it, no list of ours could have written it. */
const MAX_CURSOR = 2048;
const MAX_TEXT = 1000;

/**
 * The owner's lists page with opaque cursors: the list (or sort) a cursor was made for and the sort
 * key of the last row of its page, the row's id last, so the next page starts right after it
 * (keyset paging, never an offset: a row written meanwhile neither repeats nor skips one).
 */
export function encodeCursor(list: string, key: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify([list, ...key])).toString('base64url');
}

/**
 * The sort key a cursor names, checked against `shape`, one letter per value ('s' a string, 'n' a
 * whole number, 'v' either); null for none. CURSOR_INVALID for anything else, a cursor of another
 * list or sort included.
 */
export function decodeCursor(cursor: unknown, list: string, shape: string): CursorValue[] | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR) throw new AppError('CURSOR_INVALID');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (!Array.isArray(value) || value.length !== shape.length + 1 || value[0] !== list) throw new AppError('CURSOR_INVALID');
  const key = value.slice(1) as unknown[];
  const text = (v: unknown) => typeof v === 'string' && v.length <= MAX_TEXT;
  const whole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
  const ok = key.every((v, i) => (shape[i] === 's' ? text(v) : shape[i] === 'n' ? whole(v) : text(v) || whole(v)));
  if (!ok) throw new AppError('CURSOR_INVALID');
  return key as CursorValue[];
}
