/**
 * Pages rendered for a request (a shopper's, a member's, a page with a query string) are rendered
 * again from the same data most of the time: the same product with the same stock, the same list.
 * The renderer keeps each rendered page under a digest of everything its render reads (the page's
 * context after every hook, the visitor, the template, the second of the clock the engine is given),
 * so a request whose data is the same gets the same bytes without running the engine; a request whose
 * data differs in anything (stock, a price, a review, the cart) has another digest and is rendered.
 *
 * The digest is cheap because the big parts of a context are shared objects that are never changed
 * once built (the site's settings, navigation and strings per site version, the item contexts kept
 * per site version and live data, context/item-memo.ts): `shared` gives each an identity, and the
 * digest names it by that identity instead of walking it.
 */

const identities = new WeakMap<object, number>();
let nextIdentity = 1;

/** A shallow copy of a shared object, to which a page adds its own keys (an item page's item). */
const copies = new WeakMap<object, object>();

/** Marks an object that is never changed again: digests name it by its identity. */
export function shared<T extends object>(value: T): T {
  if (!identities.has(value)) identities.set(value, nextIdentity++);
  return value;
}

/** Marks an object and everything it holds as never changed again (frozen, so that a change fails loudly). */
export function sharedDeep<T extends object>(value: T): T {
  if (identities.has(value)) return value;
  for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) sharedDeep(child);
  Object.freeze(value);
  return shared(value);
}

/** A copy of a shared object that a page may add keys to; its digest is the original's and what differs. */
export function copyOfShared<T extends object>(value: T): T {
  const copy = { ...value };
  if (identities.has(value)) copies.set(copy, value);
  return copy;
}

const MAX_DEPTH = 48;

/**
 * A string that is the same for two values exactly when a template sees the same data in them, or
 * null when the value holds something a digest cannot name (a class instance, a function): then the
 * page is rendered as always. Plain objects are read in their key order (the same code builds them in
 * the same order; another order only costs a render).
 */
export function digestOf(value: unknown): string | null {
  const parts: string[] = [];
  return write(value, parts, 0) ? parts.join('') : null;
}

function write(value: unknown, parts: string[], depth: number): boolean {
  switch (typeof value) {
    case 'string':
      // Length-prefixed: no escaping, and no string can pass for the parts around it.
      parts.push(`s${value.length}:`, value);
      return true;
    case 'number':
      parts.push(`n${Object.is(value, -0) ? '-0' : value};`);
      return true;
    case 'boolean':
      parts.push(value ? 'T' : 'F');
      return true;
    case 'undefined':
      parts.push('U');
      return true;
    case 'object':
      if (value !== null) return writeObject(value, parts, depth);
      parts.push('Z');
      return true;
    default:
      return false;
  }
}

function writeObject(value: object, parts: string[], depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const identity = identities.get(value);
  if (identity !== undefined) {
    parts.push(`#${identity};`);
    return true;
  }
  if (Array.isArray(value)) {
    parts.push(`[${value.length};`);
    for (const element of value) if (!write(element, parts, depth + 1)) return false;
    parts.push(']');
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  const original = copies.get(value) as Record<string, unknown> | undefined;
  if (original) {
    // A copy of a shared object: the original's identity, then each key whose value is not the original's.
    parts.push(`~${identities.get(original)};`);
    for (const key of Object.keys(original)) if (!(key in record)) parts.push(`-${key.length}:${key}`);
  } else {
    parts.push('{');
  }
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (original && key in original && original[key] === child) continue;
    parts.push(`${key.length}:${key}`);
    if (!write(child, parts, depth + 1)) return false;
  }
  parts.push('}');
  return true;
}

/**
 * Rendered pages by digest, per site version and theme (a new version or theme starts afresh), at most
 * `maxPerSite`, the oldest dropped first. Everything a render reads is in its digest, so nothing
 * here can be stale; `changed` still empties it with the page cache, to give the memory back.
 */
export class RenderMemo<T> {
  private pages = new WeakMap<object, WeakMap<object, Map<string, T>>>();
  /** Pages served from here and pages rendered: what the tests and a diagnosis read. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly maxPerSite = 200) {}

  get(site: object, theme: object, key: string): T | undefined {
    const page = this.pages.get(site)?.get(theme)?.get(key);
    if (page) this.stats.hits++;
    else this.stats.misses++;
    return page;
  }

  set(site: object, theme: object, key: string, page: T): void {
    let byTheme = this.pages.get(site);
    if (!byTheme) this.pages.set(site, (byTheme = new WeakMap()));
    let pages = byTheme.get(theme);
    if (!pages) byTheme.set(theme, (pages = new Map()));
    pages.delete(key);
    while (pages.size >= this.maxPerSite) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
  }

  changed(): void {
    this.pages = new WeakMap();
  }
}
