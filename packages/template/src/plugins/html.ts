// Small readers shared by the platform plugins (escaping is @tessera/core/html's).

import { isObject } from '../runtime/values.js';

/** An own property of an object, else undefined (arrays and primitives have none). */
export function field(v: unknown, key: string): unknown {
  return isObject(v) && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
}

/** A plain object or an empty one, for reading optional site data. */
export function record(v: unknown): Readonly<Record<string, unknown>> {
  return isObject(v) ? (v as Record<string, unknown>) : {};
}

/** A string field, else ''. */
export function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** A value of the data by dotted path from `v` (own properties only; arrays by index). */
export function dig(v: unknown, ...keys: string[]): unknown {
  for (const k of keys) {
    if (Array.isArray(v)) v = /^\d+$/.test(k) ? v[Number(k)] : undefined;
    else v = field(v, k);
    if (v === undefined) return undefined;
  }
  return v;
}
