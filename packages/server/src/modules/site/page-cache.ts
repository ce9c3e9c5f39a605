import type { FastifyRequest } from 'fastify';
import type { SiteSnapshot } from './snapshot.js';
import { systemClock, type Clock } from '../../clock.js';

/**
 * A short-lived cache of rendered pages for visitors who see what everyone sees: a GET without a
 * query string, from a visitor without a member's or owner's session or an unlocked password (the
 * modules name those cookies with `personalCookie`). A visitor with a cart gets the kept page too,
 * completed with their own visitor blocks (the theme's cart indicator: `personalize`), except on the
 * pages whose route says they show the cart itself (`visitorPage`). A page is kept per site snapshot
 * (a new import starts afresh), language and path, for `ttlMs` (what a page shows of the clock, such
 * as "2 hours ago" or past events, moves on within that), and every change made through the API
 * empties the cache at once (`changed`), so that stock, reviews and settings show on the next
 * request. Only full pages with status 200 are kept; the crumb cookie and the headers are still made
 * per request. Writes that change no page (visitor telemetry, a visitor's own cart) leave it alone.
 */
export interface KeptPage {
  /** The page as a visitor without a cart sees it. */
  body: Buffer;
  language: string | undefined;
  /** The page's own Content-Security-Policy, when it is not the site's default (a page that loads Stripe.js). */
  contentSecurityPolicy?: string;
  /** The same page completed for this request's visitor; absent when the theme declares no visitor blocks. */
  personalize?: (request: FastifyRequest) => Promise<Buffer>;
}

export class PageCache {
  private pages = new WeakMap<SiteSnapshot, Map<string, KeptPage & { until: number }>>();
  private readonly personal = new Set<string>();
  private readonly visitor = new Set<string>();

  constructor(
    readonly enabled: boolean,
    private readonly ttlMs = 1000,
    private readonly maxPagesPerSite = 200,
    // Real time by default, not the app's clock: how long a page has been kept is what makes it stale
    // (a test clock standing still must not keep a page for ever).
    private readonly clock: Clock = systemClock,
  ) {}

  /** A cookie that makes a visitor's pages their own (a session, an unlocked password). */
  personalCookie(name: string): void {
    this.personal.add(name);
  }

  /** A cookie whose holder gets kept pages completed with their visitor blocks (a cart); on a `visitorPage` route, their own page. */
  visitorCookie(name: string): void {
    this.visitor.add(name);
  }

  /** Whether the request carries a visitor cookie (its kept pages must be completed for it). */
  hasVisitorCookie(request: FastifyRequest): boolean {
    const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
    for (const name of this.visitor) if (cookies[name]) return true;
    return false;
  }

  /** The key of this request's page, or null when it is not the same for every visitor. */
  keyFor(request: FastifyRequest, language: string): string | null {
    if (!this.enabled || request.method !== 'GET' || request.url.includes('?')) return null;
    const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
    for (const name of this.personal) if (cookies[name]) return null;
    if (request.routeOptions.config?.visitorPage && this.hasVisitorCookie(request)) return null;
    // The scheme and host too: pages carry absolute URLs made from them.
    return `${request.protocol}://${request.host} ${language} ${request.url}`;
  }

  get(snapshot: SiteSnapshot, key: string): KeptPage | undefined {
    const entry = this.pages.get(snapshot)?.get(key);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry;
    this.pages.get(snapshot)!.delete(key);
    return undefined;
  }

  set(snapshot: SiteSnapshot, key: string, page: KeptPage): void {
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
    pages.set(key, { ...page, until: now + this.ttlMs });
  }

  /** Something changed through the API: every page is rendered afresh. */
  changed(): void {
    this.pages = new WeakMap();
  }
}

/**
 * Whether a finished request may have changed what pages show: writes do, but not those whose route
 * says so (visitor telemetry, a visitor's own cart, which only their visitor blocks show).
 */
export function changesPages(request: Pick<FastifyRequest, 'method' | 'routeOptions'>, statusCode: number): boolean {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || statusCode >= 400) return false;
  const config = request.routeOptions.config;
  return config?.telemetry !== true && config?.changesPages !== false;
}
