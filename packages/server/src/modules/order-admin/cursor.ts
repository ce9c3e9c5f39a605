import { decodeCursor as decodeKey, encodeCursor as encodeKey } from '../../http/cursor.js';

/** A page's last position in the list of a sort: the sort column's value and the order's id. */
export interface ListPosition {
  sort: string;
  value: number;
  id: string;
}

export const encodeCursor = (p: ListPosition) => encodeKey(p.sort, [p.value, p.id]);

/** The position a cursor names; null for none; CURSOR_INVALID for anything else, or for another sort's cursor. */
export function decodeCursor(cursor: string | undefined, sort: string): ListPosition | null {
  const key = decodeKey(cursor, sort, 'ns');
  return key && { sort, value: key[0] as number, id: key[1] as string };
}
