import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import type { Store } from '../storage/dialect.js';
import { statement, type Executor } from '../storage/statement.js';

/** At most `limit` hits per window of `windowMs`. */
export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

// One statement counts a hit in up to two buckets (one commit, one round trip).
const hit = (p: (i: number) => any, offset: number) => ({ bucket: p(offset), website_id: p(offset + 1), window_start: p(offset + 2), hits: 1 });
const hitStatement = (count: 1 | 2) => statement((db, p) =>
  db.insertInto('rate_limit_counters')
    .values(count === 1 ? [hit(p, 0)] : [hit(p, 0), hit(p, 3)])
    .onConflict((oc) => oc.column('bucket').doUpdateSet((eb) => ({
      // Every right-hand side reads the row as it was: a new window starts the count again.
      hits: eb.case().when('rate_limit_counters.window_start', '=', eb.ref('excluded.window_start'))
        .then(eb('rate_limit_counters.hits', '+', 1)).else(1).end(),
      window_start: eb.ref('excluded.window_start'),
    })))
    .returning(['bucket', 'hits']));
const hitStatements = { 1: hitStatement(1), 2: hitStatement(2) };

const sweepStatement = statement((db, p) => db.deleteFrom('rate_limit_counters').where('window_start', '<', p(0)));

/**
 * Fixed-window rate limits counted in the store: one atomic upsert per hit, so every process of a
 * deployment (and every restart) counts against the same numbers. Any module can use it: name a
 * bucket (`cart:<visitor>`) and a rule. Over the limit, `enforce` throws RATE_LIMITED (429) with a
 * Retry-After of the seconds left in the window.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(private readonly store: Store, private readonly clock: () => number = Date.now) {}

  /** Counts a hit; answers whether it is allowed and, when not, how many seconds to wait. */
  async hit(websiteId: string, bucket: string, rule: RateRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    return (await this.hitAll(websiteId, [{ bucket, rule }]))[0]!;
  }

  /** Counts a hit in one or two buckets at once (a visitor and its address), each by its own rule. */
  async hitAll(
    websiteId: string, limits: readonly { bucket: string; rule: RateRule }[], db: Executor = this.store.db,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }[]> {
    if (limits.length !== 1 && limits.length !== 2) throw new RangeError('one or two buckets at a time');
    const now = this.clock();
    const windows = limits.map(({ rule }) => Math.floor(now / rule.windowMs) * rule.windowMs);
    const keys = limits.map(({ bucket }) => `${websiteId}:${bucket}`);
    const values = limits.flatMap((_, i) => [keys[i], websiteId, windows[i]]);
    const { rows } = await hitStatements[limits.length as 1 | 2](this.store, db, values);
    if (++this.hitsSinceSweep >= 1000 && db === this.store.db) {
      this.hitsSinceSweep = 0;
      // Counters of windows long gone are never read again.
      await sweepStatement(this.store, this.store.db, [now - Math.max(...limits.map((l) => l.rule.windowMs), 3_600_000)]);
    }
    return limits.map(({ rule }, i) => {
      const hits = Number(rows.find((r) => r.bucket === keys[i])?.hits ?? 1);
      const allowed = hits <= rule.limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windows[i]! + rule.windowMs - now) / 1000)) };
    });
  }

  /**
   * Counts a hit in each bucket and throws RATE_LIMITED, with Retry-After set, when any is over its
   * limit. `db` may be an open write transaction: the count then commits (or not) with it.
   */
  async enforce(reply: FastifyReply, websiteId: string, limits: readonly { bucket: string; rule: RateRule }[], db?: Executor): Promise<void> {
    const results = await this.hitAll(websiteId, limits, db);
    const wait = Math.max(...results.map((r) => r.retryAfterSeconds));
    if (results.every((r) => r.allowed)) return;
    reply.header('retry-after', String(wait));
    throw new AppError('RATE_LIMITED');
  }
}
