// Variable paths: `a.b.0`, `@`, `@index`, `@index0`, `@var.key`, `$key`.
// A segment is `@` alone, a run of digits, or an optional `@`/`$` then a letter followed by letters,
// digits, `_` and `-`. Anything else makes the whole instruction literal text.

import { varPath, type VarPath } from './nodes.js';

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => isLetter(c) || isDigit(c) || c === 95 /* _ */ || c === 45; /* - */

/** Length of the segment starting at `i`, or 0 when there is none. */
export function segmentLength(s: string, i: number, end: number): number {
  if (i >= end) return 0;
  const c = s.charCodeAt(i);
  if (isDigit(c)) {
    let j = i + 1;
    while (j < end && isDigit(s.charCodeAt(j))) j++;
    return j - i;
  }
  let j = i;
  if (c === 64 /* @ */ || c === 36 /* $ */) {
    j++;
    if (j >= end || !isLetter(s.charCodeAt(j))) return c === 64 ? 1 : 0;
  } else if (!isLetter(c)) {
    return 0;
  }
  j++;
  while (j < end && isWordChar(s.charCodeAt(j))) j++;
  return j - i;
}

/** Length of the dotted path starting at `i` (0 when no valid path starts there). */
export function pathLength(s: string, i: number, end: number): number {
  let j = i;
  for (;;) {
    const n = segmentLength(s, j, end);
    if (n === 0) return 0;
    j += n;
    if (j < end && s.charCodeAt(j) === 46 /* . */) {
      j++;
      continue;
    }
    return j - i;
  }
}

const cache = new Map<string, VarPath>();

const NO_REST: readonly string[] = Object.freeze([]);

/** Parse a complete path; null when `text` is not exactly one path. */
export function parsePath(text: string): VarPath | null {
  const hit = cache.get(text);
  if (hit) return hit;
  if (text === '' || pathLength(text, 0, text.length) !== text.length) return null;
  const path = makePath(text);
  // Paths repeat a lot across templates and partials; keep the cache bounded.
  if (cache.size > 10_000) cache.clear();
  cache.set(text, path);
  return path;
}

/** A path from text already known to be valid. */
function makePath(text: string): VarPath {
  const dot = text.indexOf('.');
  const first = dot < 0 ? text : text.slice(0, dot);
  const rest = dot < 0 ? NO_REST : text.slice(dot + 1).split('.');
  let path: VarPath;
  if (first === '@') path = varPath('node', '@', rest, text);
  else if (first === '@index') path = varPath('index', first, rest, text);
  else if (first === '@index0') path = varPath('index0', first, rest, text);
  else if (first.charCodeAt(0) === 64) path = varPath('var', first, rest, text);
  else path = varPath('name', first, rest, text);
  return path;
}

// Paths read straight from a template, without slicing when the same text was seen before: a small
// direct-mapped table keyed on a few characters of the text.
const TABLE_SIZE = 2048;
interface Entry { readonly text: string; readonly path: VarPath; alone: readonly VarPath[] | null }
const table: (Entry | undefined)[] = new Array(TABLE_SIZE).fill(undefined);
// The generation each slot was written in: older slots count as empty, so forgetting is O(1).
const written = new Int32Array(TABLE_SIZE).fill(-1);
let generation = 0;

function entryAt(src: string, start: number, end: number): Entry {
  const len = end - start;
  const h = (len * 31 + src.charCodeAt(start) * 7 + src.charCodeAt(end - 1) * 13 + src.charCodeAt(start + (len >> 1))) & (TABLE_SIZE - 1);
  const hit = table[h];
  if (hit !== undefined && hit.text.length === len && written[h] === generation && src.startsWith(hit.text, start)) return hit;
  const path = makePath(src.slice(start, end));
  const entry: Entry = { text: path.text, path, alone: null };
  table[h] = entry;
  written[h] = generation;
  return entry;
}

/** The path in src[start, end), which must be a valid path (checked with pathLength). */
export function pathAt(src: string, start: number, end: number): VarPath {
  return entryAt(src, start, end).path;
}

/** [the path in src[start, end)], as a shared frozen list (the variables of a one-variable instruction). */
export function singlePathAt(src: string, start: number, end: number): readonly VarPath[] {
  const entry = entryAt(src, start, end);
  return (entry.alone ??= [entry.path]);
}

export { isLetter, isDigit, isWordChar };

/** Forget every cached path (for measurements of cold compilation). */
export function clearPaths(): void {
  generation++;
  cache.clear();
}
