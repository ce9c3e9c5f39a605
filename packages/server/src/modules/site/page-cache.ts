import type { FastifyRequest } from 'fastify';
import type { SiteSnapshot } from './snapshot.js';

/**
 * A short-lived cache of rendered pages for visitors who see what everyone sees: a GET without a
 * query string, from a visitor without a cart, a member's or owner's session or an unlocked
 * password (the modules name those cookies with `personalCookie`). A page is kept per site
 * snapshot (a new import starts afresh), language and path, for `ttlMs` (what a page shows of the
 * clock, such as "2 hours ago" or past events, moves on within that), and every change made
 * through the API empties the cache at once (`changed`), so that stock, reviews and settings show
 * on the next request. Only full pages with status 200 are kept; the crumb cookie and the headers
 * are still made per request. Writes of visitor telemetry (page views, events, page speed, client
 * errors) change no page and leave the cache alone.
 */
export class PageCache {
  private pages = new WeakMap<SiteSnapshot, Map<string, { body: string | Buffer; language: string | undefined; until: number }>>();
  private readonly personal = new Set<string>();

  constructor(
    readonly enabled: boolean,
    private readonly ttlMs = 1000,
    private readonly maxPagesPerSite = 200,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A cookie that makes a visitor's pages their own (a cart, a session, an unlocked password). */
  personalCookie(name: string): void {
    this.personal.add(name);
  }

  /** The key of this request's page, or null when it is not the same for every visitor. */
  keyFor(request: FastifyRequest, language: string): string | null {
    if (!this.enabled || request.method !== 'GET' || request.url.includes('?')) return null;
    const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
    for (const name of this.personal) if (cookies[name]) return null;
    // The scheme and host too: pages carry absolute URLs made from them.
    return `${request.protocol}://${request.host} ${language} ${request.url}`;
  }

  get(snapshot: SiteSnapshot, key: string): { body: string | Buffer; language: string | undefined } | undefined {
    const entry = this.pages.get(snapshot)?.get(key);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry;
    this.pages.get(snapshot)!.delete(key);
    return undefined;
  }

  set(snapshot: SiteSnapshot, key: string, body: string | Buffer, language: string | undefined): void {
    let pages = this.pages.get(snapshot);
    if (!pages) this.pages.set(snapshot, (pages = new Map()));
    const now = this.clock();
    // Pages are kept in the order they expire (a page kept again moves to the end), so the expired
    // ones are at the front: only pages of the last second stay in memory, at most maxPagesPerSite.
    pages.delete(key);
    for (const [oldKey, old] of pages) {
      if (old.until > now && pages.size < this.maxPagesPerSite) break;
      pages.delete(oldKey);
    }
    pages.set(key, { body, language, until: now + this.ttlMs });
  }

  /** Something changed through the API: every page is rendered afresh. */
  changed(): void {
    this.pages = new WeakMap();
  }
}

/** Whether a finished request may have changed what pages show: writes do, but visitor telemetry (its route says so) does not. */
export function changesPages(request: Pick<FastifyRequest, 'method' | 'routeOptions'>, statusCode: number): boolean {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || statusCode >= 400) return false;
  return request.routeOptions.config?.telemetry !== true;
}
