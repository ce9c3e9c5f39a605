import { decodeCursor as decodeKey, encodeCursor as encodeKey } from '../../http/cursor.js';

/** A page's last position in the list of a sort: the sort key's value and the product's id. */
export interface ListPosition {
  sort: string;
  value: number | string;
  id: string;
}

export const encodeCursor = (p: ListPosition) => encodeKey(p.sort, [p.value, p.id]);

/** The position a cursor names; null for none; CURSOR_INVALID for anything else, or for another sort's cursor. */
export function decodeCursor(cursor: string | undefined, sort: string): ListPosition | null {
  const key = decodeKey(cursor, sort, 'vs');
  return key && { sort, value: key[0]!, id: key[1] as string };
}
