import { AppError } from '../../errors.js';

/**
 * The list's opaque cursor: the sort it was made for and the position after the last row of its
 * page (the sort key's value and the product's id), so the next page starts right after it (keyset
 * paging: a product saved meanwhile neither repeats nor skips a row).
 */
export interface ListPosition {
  sort: string;
  value: number | string;
  id: string;
}

export function encodeCursor(p: ListPosition): string {
  return Buffer.from(JSON.stringify([p.sort, p.value, p.id])).toString('base64url');
}

/** The position a cursor names; null for none; CURSOR_INVALID for anything else, or for another sort's cursor. */
export function decodeCursor(cursor: string | undefined, sort: string): ListPosition | null {
  if (cursor === undefined || cursor === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (!Array.isArray(value) || value.length !== 3) throw new AppError('CURSOR_INVALID');
  const [s, v, id] = value as unknown[];
  const valueOk = (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && v.length <= 400);
  if (s !== sort || !valueOk || typeof id !== 'string' || id.length > 64) throw new AppError('CURSOR_INVALID');
  return { sort, value: v as number | string, id };
}
