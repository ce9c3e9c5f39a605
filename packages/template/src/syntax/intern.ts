// Interning of short substrings of a template: names and paths repeat across instructions and templates,
// and returning the same string object for the same text spares a slice and lets map lookups use the hash
// the string already carries. A small direct-mapped table: a miss just slices and replaces the entry.

const SIZE = 2048;
const table: (string | undefined)[] = new Array(SIZE).fill(undefined);
// The generation each slot was written in: older slots count as empty, so forgetting is O(1).
const written = new Int32Array(SIZE).fill(-1);
let generation = 0;

/** src.slice(start, end), as a string shared with earlier calls for the same text. */
export function intern(src: string, start: number, end: number): string {
  const len = end - start;
  if (len <= 0) return '';
  if (len > 128) return src.slice(start, end);
  const h = (len * 31 + src.charCodeAt(start) * 7 + src.charCodeAt(end - 1) * 13 + src.charCodeAt(start + (len >> 1))) & (SIZE - 1);
  const hit = table[h];
  if (hit !== undefined && hit.length === len && written[h] === generation && src.startsWith(hit, start)) return hit;
  const s = src.slice(start, end);
  table[h] = s;
  written[h] = generation;
  return s;
}

const argLists = new Map<string, readonly string[]>();
const NO_ARGS: readonly string[] = Object.freeze([]);

/**
 * The arguments of a formatter or predicate: src[start, end) holds the delimiter character followed by the
 * arguments it separates (`" 10 ..."` gives ['10', '...']). Lists are frozen, since plugins receive them on
 * every render, and shared between instructions with the same text.
 */
export function argList(src: string, start: number, end: number): readonly string[] {
  if (start >= end) return NO_ARGS;
  const key = intern(src, start, end);
  let list = argLists.get(key);
  if (list === undefined) {
    list = Object.freeze(key.slice(1).split(key[0]));
    if (argLists.size >= 10_000) argLists.clear();
    argLists.set(key, list);
  }
  return list;
}

/** Forget every interned name and argument list (for measurements of cold compilation). */
export function clearInterned(): void {
  generation++;
  argLists.clear();
}
