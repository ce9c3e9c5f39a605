import { AppError } from '../../errors.js';

/**
 * A list's opaque cursor: the sort it was made for and the sort key of the last row of its page
 * (the sort's columns, the variant's id last), so the next page starts right after it: keyset
 * paging, never an offset. Each value is a string or a whole number, as the sort's columns are.
 */
export function encodeCursor(sort: string, key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([sort, ...key])).toString('base64url');
}

/** The sort key a cursor names (checked against `shape`: 's' a string, 'n' a whole number); null for none. */
export function decodeCursor(cursor: string | undefined, sort: string, shape: string): (string | number)[] | null {
  if (cursor === undefined || cursor === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (!Array.isArray(value) || value.length !== shape.length + 1 || value[0] !== sort) throw new AppError('CURSOR_INVALID');
  const key = value.slice(1) as unknown[];
  const ok = key.every((v, i) => (shape[i] === 's' ? typeof v === 'string' && v.length <= 1000 : typeof v === 'number' && Number.isSafeInteger(v)));
  if (!ok) throw new AppError('CURSOR_INVALID');
  return key as (string | number)[];
}
