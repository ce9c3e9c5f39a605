import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../clock.js';
import { AppError, type ErrorCode } from '../errors.js';
import { sqliteConnections } from '../storage/dialect.js';
import type { Database } from '../storage/schema.js';
import type {} from '../storage/schema-forms.js';
import { statement, type Executor } from '../storage/statement.js';

/** At most `limit` hits per `windowMs` for one subject (a visitor, a whole site). */
export interface RateLimit {
  /** Names the counter: `form-submission:visitor`, `form-key:site`, ... */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /**
   * Where the hits are counted. `store` (the default): in the store, so that every server process
   * counts the same hits (ARCHITECTURE.md "Scale"); a limit on what a visitor may try (sign-ins,
   * submissions, cart writes) must hold however many processes serve. `process`: in this process's
   * memory, for a limit that only shields this process's own work on a hot path (analytics
   * ingestion, where a store write per request would cost more than the request): each process
   * then allows `limit` on its own.
   */
  readonly counted?: 'store' | 'process';
}

export interface RateLimitHit {
  readonly rule: RateLimit;
  /** Who is counted: a visitor's hashed address, or the site itself. */
  readonly subject: string;
}

export interface RateLimitResult {
  readonly allowed: boolean;
  /** Seconds until the window that refused the hit ends (0 when allowed). */
  readonly retryAfterSeconds: number;
}

/**
 * The store's counters: one upsert per rule, which counts the hit only while the window has room:
 * `INSERT ... ON CONFLICT DO UPDATE SET hits = hits + 1 WHERE hits < limit`. It changes a row when
 * the hit is allowed and none when it is refused, atomically on SQLite and PostgreSQL, and reads
 * nothing back (a RETURNING clause cost SQLite more than the upsert itself).
 */
const hitStatement = statement((db, p) =>
  db
    .insertInto('rate_limit_counters')
    .values({ counter_key: p(0), website_id: p(1), hits: 1, expires_on: p(2) })
    .onConflict((oc) =>
      oc
        .column('counter_key')
        .doUpdateSet((eb) => ({ hits: eb('rate_limit_counters.hits', '+', 1) }))
        .where('rate_limit_counters.hits', '<', p(3)),
    ),
);

/**
 * The counters of `process` rules, in this process's memory: hits per key (the key names the
 * window), forgotten once their window has ended.
 */
class ProcessCounters {
  private readonly hits = new Map<string, { count: number; windowEnd: number }>();
  /** No window kept ends before this: until then nothing is forgotten. */
  private nextEnd = Infinity;

  /** Counts a hit under `key` while its window has room below `limit`; true when counted. */
  add(key: string, windowEnd: number, limit: number, now: number): boolean {
    if (now >= this.nextEnd) this.forget(now);
    const entry = this.hits.get(key);
    if (entry === undefined) {
      this.hits.set(key, { count: 1, windowEnd });
      if (windowEnd < this.nextEnd) this.nextEnd = windowEnd;
      return true;
    }
    if (entry.count >= limit) return false;
    entry.count++;
    return true;
  }

  private forget(now: number): void {
    this.nextEnd = Infinity;
    for (const [key, entry] of this.hits) {
      if (entry.windowEnd <= now) this.hits.delete(key);
      else if (entry.windowEnd < this.nextEnd) this.nextEnd = entry.windowEnd;
    }
  }
}

/**
 * The site id under which a `process` rule counts a subject across every site of the server (the
 * analytics ingestion's, checked before the site is known). The store's counters belong to a site.
 */
export const EVERY_SITE = '';

/**
 * Fixed-window rate limits, the one limiter of the server: each rule is counted where it says
 * (`RateLimit.counted`), the store by default. Windows start at multiples of `windowMs` since the
 * epoch, by the injected clock, and a refused hit says how long until its window ends (the 429's
 * Retry-After).
 */
export class RateLimiter {
  private storeCalls = 0;
  /** The upsert is compiled once per dialect (a cart write counts two rules on its hot path). */
  private readonly dialect: { dialect: 'sqlite' | 'postgres' };
  private readonly inProcess = new ProcessCounters();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {
    this.dialect = { dialect: sqliteConnections.has(db) ? 'sqlite' : 'postgres' };
  }

  /**
   * Counts one hit against each rule in turn; refused (and not counted further) at the first rule
   * over its limit. `db` may be an open write transaction: the store's counts then commit (or roll
   * back) with it.
   */
  async hit(websiteId: string, hits: readonly RateLimitHit[], db: Executor = this.db): Promise<RateLimitResult> {
    const now = this.clock();
    let retryAfterSeconds = 0;
    let usedStore = false;
    for (const { rule, subject } of hits) {
      const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
      const windowEnd = windowStart + rule.windowMs;
      const key = `${rule.name}|${websiteId}|${subject}|${windowStart}`;
      let counted: boolean;
      // A rule allowing nothing refuses without counting (the upsert's first hit always inserts).
      if (rule.limit < 1) counted = false;
      else if (rule.counted === 'process') counted = this.inProcess.add(key, windowEnd, rule.limit, now);
      else {
        usedStore = true;
        counted = (await hitStatement(this.dialect, db, [key, websiteId, windowEnd, rule.limit])).changes > 0;
      }
      if (!counted) {
        // Rules are checked in order (the visitor's, then the site's): a hit one rule refuses is not
        // counted by the later ones, so one visitor's flood does not use up the whole site's allowance.
        retryAfterSeconds = Math.ceil((windowEnd - now) / 1000);
        break;
      }
    }
    if (usedStore && ++this.storeCalls % 500 === 0 && db === this.db) await this.prune(now);
    return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
  }

  /** The store's counters of windows that have ended are of no further use. */
  async prune(now = this.clock()): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').where('expires_on', '<=', now).execute();
  }

  /** Counts the hits and throws a 429 (with its Retry-After) when any rule refuses. */
  async enforce(websiteId: string, hits: readonly RateLimitHit[], code: ErrorCode = 'RATE_LIMITED', db?: Executor): Promise<void> {
    const result = await this.hit(websiteId, hits, db);
    if (!result.allowed) throw new AppError(code, undefined, undefined, { retryAfterSeconds: result.retryAfterSeconds });
  }
}

/**
 * A visitor as rate limits count them: their address, hashed (the store keeps no addresses).
 * Behind a proxy, the app's trustProxy setting decides what request.ip is.
 */
export function visitorSubject(request: FastifyRequest): string {
  return createHash('sha256')
    .update(addressNetwork(request.ip ?? ''))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The network an address counts as: an IPv4 address itself, an IPv6 address's /64. One
 * subscriber or server gets a whole /64 and may use any of its 2^64 addresses, so limits per
 * address would not hold if each of them counted apart.
 */
export function addressNetwork(ip: string): string {
  const address = ip.split('%', 1)[0]!.toLowerCase();
  if (!address.includes(':')) return address;
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  const mapped = /^(?:(?:0{1,4}:){5}|::(?:0{1,4}:)?)ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The subject that counts a whole site's hits. */
export const SITE_SUBJECT = 'site';
