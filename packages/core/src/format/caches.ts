// The process-wide caches of what formatting derives once and reuses (compiled number and date formats,
// Intl objects, a zone's offsets and names). Each one is bounded, so that a server asked about ever new
// locales, currencies, options or zones keeps a fixed amount of memory, and each one is listed by name in
// one registry, so that a test can drive every cache past its bound and see that it holds.

/** What the registry tells of one cache. */
export interface CacheSize {
  readonly name: string;
  readonly size: number;
  readonly max: number;
}

interface Sized {
  readonly size: number;
  readonly max: number;
}

const registry = new Map<string, Sized>();

/**
 * A map of at most `max` entries: keeping one more forgets the entry kept longest ago (emptying a full
 * cache instead would make every format in use be built again at once).
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Keeps `value` under `key` and returns it. */
  set(key: K, value: V): V {
    const map = this.map;
    if (map.size >= this.max && !map.has(key)) map.delete(map.keys().next().value as K);
    map.set(key, value);
    return value;
  }

  get size(): number {
    return this.map.size;
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }
}

/** A bounded cache listed in the registry under `name` (a module-level cache, made once). */
export function namedCache<K, V>(name: string, max: number): BoundedCache<K, V> {
  const cache = new BoundedCache<K, V>(max);
  registry.set(name, cache);
  return cache;
}

/** Lists a cache that is not one map (one per zone, say) by its largest size and the bound each one keeps. */
export function registerCache(name: string, sized: Sized): void {
  registry.set(name, sized);
}

/** Every registered cache's size and bound, for tests and diagnostics. */
export function cacheSizes(): CacheSize[] {
  return [...registry].map(([name, c]) => ({ name, size: c.size, max: c.max }));
}
