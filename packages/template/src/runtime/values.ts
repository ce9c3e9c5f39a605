// JSON values as the language sees them. `undefined` stands for "missing" (a key that is not there),
// which differs from null in a few places: `{x|json}` writes nothing for missing but "null" for null.

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Own property `key` of an object, or element `index` of an array (index is -1 when the key is not a
 * canonical array index). Strings, numbers and other values have no keys.
 */
export function getKey(container: unknown, key: string, index: number): unknown {
  if (typeof container !== 'object' || container === null) return undefined;
  if (Array.isArray(container)) return index >= 0 && index < container.length ? container[index] : undefined;
  const v = (container as Record<string, unknown>)[key];
  // JSON data never holds functions: a function here is inherited from Object.prototype (`constructor`),
  // and `__proto__` reads the prototype unless the object really has its own key of that name.
  if (v === undefined) return undefined;
  if (typeof v === 'function' || key === '__proto__') return hasOwn.call(container, key) ? v : undefined;
  return v;
}

/**
 * `key` as a string V8 has internalized (one copy per content, compared by pointer). Names and plugin
 * arguments are cut out of the template source, and such a substring is not internalized: a Map lookup
 * with it (variables, macros, plugin arguments) compares characters instead of pointers, several times
 * slower. Property lookups need no help (V8 internalizes their keys itself), and internalizing costs a
 * string table lookup, so the compiler does it only for strings that end up as Map keys, once, when it
 * builds a closure. An object's computed property name is internalized by definition.
 */
export function internalize(key: string): string {
  return Object.keys({ [key]: 0 })[0];
}

/** -1 unless `key` is a canonical array index ("0", "12", not "012"). */
export function arrayIndex(key: string): number {
  if (key.length === 0 || key.length > 15) return -1;
  if (key.length > 1 && key.charCodeAt(0) === 48) return -1;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return Number(key);
}

/** Truthiness for sections and `.if`: missing, null, false, 0, NaN, "", [] and {} are false. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v.length > 0;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'boolean':
      return v;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      for (const k in v) if (hasOwn.call(v, k)) return true;
      return false;
    default:
      return false;
  }
}

/** How a value is written out: objects and missing values write nothing; arrays join their elements with commas. */
export function toText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      if (v === null) return '';
      return Array.isArray(v) ? joinArray(v, 0) : '';
    default:
      return '';
  }
}

// Arrays print their elements joined by commas, each as JavaScript's String() would (so null is "null" and
// an object "[object Object]", the language's long-standing behaviour); nested arrays join the same way but
// print null as nothing. Depth is capped so hostile data cannot exhaust the call stack.
function joinArray(a: readonly unknown[], depth: number): string {
  if (depth > 64) return '';
  let out = '';
  for (let i = 0; i < a.length; i++) {
    if (i > 0) out += ',';
    const e = a[i];
    if (e === null || e === undefined) {
      if (depth === 0 && e === null) out += 'null';
      continue;
    }
    if (Array.isArray(e)) out += joinArray(e, depth + 1);
    else if (typeof e === 'object') out += '[object Object]';
    else out += String(e);
  }
  return out;
}

/** Structural equality of JSON values; null and missing are equal. */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (depth > 256) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!hasOwn.call(b, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1)) return false;
  }
  return true;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
