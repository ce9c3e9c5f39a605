import { AppError } from '../../errors.js';

/**
 * The owner's lists page by page with opaque cursors: the position after the last row of a page
 * (keyset pagination, so a signup arriving meanwhile neither repeats nor skips a row).
 */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor names, checked field by field; null for none; CURSOR_INVALID for anything else. */
export function decodeCursor<T extends Record<string, 'string' | 'number'>>(
  cursor: unknown,
  shape: T,
): { [K in keyof T]: T[K] extends 'string' ? string : number } | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  if (typeof cursor !== 'string' || cursor.length > 512) throw new AppError('CURSOR_INVALID');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (typeof value !== 'object' || value === null) throw new AppError('CURSOR_INVALID');
  for (const [key, type] of Object.entries(shape)) {
    if (typeof (value as Record<string, unknown>)[key] !== type) throw new AppError('CURSOR_INVALID');
  }
  return value as { [K in keyof T]: T[K] extends 'string' ? string : number };
}
