export const INVALID_ENCODING_MAP = 'Invalid encoding map';

/**
 * Builds an encoder from a map of single characters to their replacements (an HTML escape
 * table, a URL-safe table). Throws `Invalid encoding map` unless the map is a plain object
 * whose every key is one character and every value a string.
 */
export function createEncoder(map: unknown): (text: string) => string {
  if (map === null || typeof map !== 'object' || Array.isArray(map) || Object.getPrototypeOf(map) !== Object.prototype) {
    throw new TypeError(INVALID_ENCODING_MAP);
  }
  const entries = Object.entries(map as Record<string, unknown>);
  if (entries.length === 0) throw new TypeError(INVALID_ENCODING_MAP);
  const table = new Map<string, string>();
  for (const [key, value] of entries) {
    if ([...key].length !== 1 || typeof value !== 'string') throw new TypeError(INVALID_ENCODING_MAP);
    table.set(key, value);
  }
  const pattern = new RegExp([...table.keys()].map((k) => k.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'), 'gu');
  return (text: string) => text.replace(pattern, (ch) => table.get(ch)!);
}
