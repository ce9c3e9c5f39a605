// Variable paths: `a.b.0`, `@`, `@index`, `@index0`, `@var.key`, `$key`.
// A segment is `@` alone, a run of digits, or an optional `@`/`$` then a letter followed by letters,
// digits, `_` and `-`. Anything else makes the whole instruction literal text.

import { varPath, type VarPath } from './nodes.js';

// One table lookup per character instead of a chain of range tests: the lexer classifies every character
// of every instruction.
const LETTER = 1;
const DIGIT = 2;
const WORD = 4;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const digit = c >= 48 && c <= 57;
  CLASS[c] = (letter ? LETTER | WORD : 0) | (digit ? DIGIT | WORD : 0) | (c === 95 || c === 45 ? WORD : 0);
}

/** The class bits of a character code (0 beyond ASCII, and for NaN: charCodeAt past the end). */
const cls = (c: number) => (c < 128 ? CLASS[c] : 0);
const isLetter = (c: number) => (cls(c) & LETTER) !== 0;
const isDigit = (c: number) => (cls(c) & DIGIT) !== 0;
const isWordChar = (c: number) => (cls(c) & WORD) !== 0;

/** Length of the segment starting at `i`, or 0 when there is none. */
function segmentLength(s: string, i: number, end: number): number {
  if (i >= end) return 0;
  const c = s.charCodeAt(i);
  let j = i + 1;
  if ((cls(c) & DIGIT) !== 0) {
    while (j < end && (cls(s.charCodeAt(j)) & DIGIT) !== 0) j++;
    return j - i;
  }
  if (c === 64 /* @ */ || c === 36 /* $ */) {
    if (j >= end || (cls(s.charCodeAt(j)) & LETTER) === 0) return c === 64 ? 1 : 0;
    j++;
  } else if ((cls(c) & LETTER) === 0) {
    return 0;
  }
  while (j < end && (cls(s.charCodeAt(j)) & WORD) !== 0) j++;
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

const NO_REST: readonly string[] = Object.freeze([]);

/** Parse a complete path; null when `text` is not exactly one path. */
export function parsePath(text: string): VarPath | null {
  if (text === '' || pathLength(text, 0, text.length) !== text.length) return null;
  return pathAt(text, 0, text.length);
}

/**
 * The path in src[start, end), which must be a valid path (checked with pathLength): one slice for the
 * text, and one per segment when there are several (a one-segment path's name is its text).
 */
export function pathAt(src: string, start: number, end: number): VarPath {
  const text = start === 0 && end === src.length ? src : src.slice(start, end);
  let dot = text.indexOf('.');
  const first = dot < 0 ? text : text.slice(0, dot);
  let rest = NO_REST;
  if (dot >= 0) {
    const keys: string[] = [];
    for (;;) {
      const next = text.indexOf('.', dot + 1);
      if (next < 0) {
        keys.push(text.slice(dot + 1));
        break;
      }
      keys.push(text.slice(dot + 1, next));
      dot = next;
    }
    rest = keys;
  }
  if (first.charCodeAt(0) !== 64 /* @ */) return varPath('name', first, rest, text);
  if (first.length === 1) return varPath('node', '@', rest, text);
  if (first === '@index') return varPath('index', first, rest, text);
  if (first === '@index0') return varPath('index0', first, rest, text);
  return varPath('var', first, rest, text);
}

export { isLetter, isDigit, isWordChar };
