import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import type { Store } from '../storage/dialect.js';
import { statement } from '../storage/statement.js';

/** At most `limit` hits per window of `windowMs`. */
export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

const hitStatement = statement((db, p) =>
  db.insertInto('rate_limit_counters')
    .values({ bucket: p(0), website_id: p(1), window_start: p(2), hits: 1 })
    .onConflict((oc) => oc.column('bucket').doUpdateSet((eb) => ({
      // Every right-hand side reads the row as it was: a new window starts the count again.
      hits: eb.case().when('rate_limit_counters.window_start', '=', eb.ref('excluded.window_start'))
        .then(eb('rate_limit_counters.hits', '+', 1)).else(1).end(),
      window_start: eb.ref('excluded.window_start'),
    })))
    .returning(['hits', 'window_start']));

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
    const now = this.clock();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const { rows } = await hitStatement(this.store, this.store.db, [`${websiteId}:${bucket}`, websiteId, windowStart]);
    const hits = Number(rows[0]?.hits ?? 1);
    if (++this.hitsSinceSweep >= 1000) {
      this.hitsSinceSweep = 0;
      // Counters of windows long gone are never read again.
      await sweepStatement(this.store, this.store.db, [now - Math.max(rule.windowMs, 3_600_000)]);
    }
    const allowed = hits <= rule.limit;
    return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)) };
  }

  /** Counts a hit and throws RATE_LIMITED, with the Retry-After header set, when over the limit. */
  async enforce(reply: FastifyReply, websiteId: string, bucket: string, rule: RateRule): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.hit(websiteId, bucket, rule);
    if (allowed) return;
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('RATE_LIMITED');
  }
}
