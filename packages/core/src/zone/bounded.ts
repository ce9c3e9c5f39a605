/**
 * Keeps `value` under `key` in a cache of at most `max` entries, making room by forgetting the entry kept
 * longest ago (a zone's offsets are found again if it is asked about later).
 */
export function keep<K, V>(cache: Map<K, V>, key: K, value: V, max: number): V {
  if (cache.size >= max && !cache.has(key)) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
  return value;
}
