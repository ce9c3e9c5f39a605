// Conversions shared by plugins. Formatters see JSON values; these helpers give the language's answers
// for "this value as text" and "this value as a number".

import { arrayIndex, getKey } from '../runtime/values.js';

/** Primitive values as text; objects, arrays, null and missing as ''. */
export function asString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return '';
  }
}

const NUMERIC = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A string holding a decimal number, else NaN ("" and "abc" are NaN). */
export function parseNumber(s: string): number {
  return NUMERIC.test(s) ? Number(s) : NaN;
}

/** Numbers as themselves, numeric strings parsed, booleans 1/0, other strings NaN, anything else 0. */
export function asNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return parseNumber(v);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

/**
 * A value read as an integer, the way the reference engines read codes (record types, folder behaviours):
 * numbers truncated, numeric strings parsed, booleans 1/0, anything else (missing, null, text) 0.
 */
export function asInt(v: unknown): number {
  const n = asNumber(v);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** Walk `keys` (each may be dotted) into `v`: `['a.b', '0']` reads v.a.b[0]. */
export function walkKeys(v: unknown, keys: readonly string[]): unknown {
  for (const k of keys) {
    for (const part of k.split('.')) {
      if (v === undefined) return undefined;
      v = getKey(v, part, arrayIndex(part));
    }
  }
  return v;
}

/** Read one key (string or number) from an object or array. */
export function readKey(v: unknown, key: unknown): unknown {
  if (typeof key === 'number') return Number.isInteger(key) ? getKey(v, String(key), key >= 0 ? key : -1) : undefined;
  if (typeof key !== 'string') return undefined;
  return getKey(v, key, arrayIndex(key));
}

/** JSON text that is safe inside a <script> element: every `</` becomes `<\/`. */
export function scriptSafeJson(v: unknown, indent?: number): string | undefined {
  const s = JSON.stringify(v, null, indent);
  return s === undefined || s.indexOf('</') < 0 ? s : s.replace(/<\//g, '<\\/');
}
