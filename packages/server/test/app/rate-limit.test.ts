import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter, type RateLimit, type RateLimitResult } from '../../src/http/rate-limit.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { TestClock } from '../commerce/helpers.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

const MINUTE = 60_000;
const inStore: RateLimit = { name: 'test:store', limit: 2, windowMs: MINUTE };
const inProcess: RateLimit = { name: 'test:process', limit: 2, windowMs: MINUTE, counted: 'process' };

describe.each(DIALECTS)('the rate limiter on %s', (dialect) => {
  let store: Store;
  // The store's counters belong to a site (its id is a foreign key).
  let SITE: string;
  beforeAll(async () => {
    store = await freshStore(dialect);
    SITE = (await importSite(store, FIXTURE_SITE)).websiteId;
  });
  afterAll(async () => {
    await store.close();
  });

  /** A clock at the start of a minute, and the answers to five hits of `rule` over that minute and the next. */
  async function fiveHits(limiter: RateLimiter, clock: TestClock, rule: RateLimit, subject: string): Promise<RateLimitResult[]> {
    const answers: RateLimitResult[] = [];
    const hit = async () => answers.push(await limiter.hit(SITE, [{ rule, subject }]));
    await hit();
    await hit();
    clock.advance(20_000);
    await hit(); // over the limit: 40 seconds left in the window
    clock.advance(39_999);
    await hit(); // still refused, 1 second (rounded up) left
    clock.advance(1);
    await hit(); // a new window
    return answers;
  }

  it("answers alike whether a rule is counted in the store or in the process, and writes only the store's to the store", async () => {
    const clock = new TestClock();
    clock.now = 1_000 * MINUTE;
    const limiter = new RateLimiter(store.db, clock.fn);
    const start = clock.now;
    const stored = await fiveHits(limiter, clock, inStore, 'visitor-a');
    clock.now = start;
    const kept = await fiveHits(new RateLimiter(store.db, clock.fn), clock, inProcess, 'visitor-a');
    const expected = [
      { allowed: true, retryAfterSeconds: 0 },
      { allowed: true, retryAfterSeconds: 0 },
      { allowed: false, retryAfterSeconds: 40 },
      { allowed: false, retryAfterSeconds: 1 },
      { allowed: true, retryAfterSeconds: 0 },
    ];
    expect(stored).toEqual(expected);
    expect(kept).toEqual(expected);
    const keys = (await store.db.selectFrom('rate_limit_counters').select('counter_key').execute()).map((r) => r.counter_key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith('test:store|'))).toBe(true);
  });

  it("lets every process allow a process rule's limit on its own, while a store rule's is shared", async () => {
    const clock = new TestClock();
    clock.now = 2_000 * MINUTE;
    const [one, two] = [new RateLimiter(store.db, clock.fn), new RateLimiter(store.db, clock.fn)];
    const both = async (rule: RateLimit) => {
      const answers: boolean[] = [];
      for (const limiter of [one, two, one, two]) answers.push((await limiter.hit(SITE, [{ rule, subject: 'visitor-b' }])).allowed);
      return answers;
    };
    expect(await both(inProcess)).toEqual([true, true, true, true]);
    expect(await both(inStore)).toEqual([true, true, false, false]);
  });

  it('checks the rules in order, wherever each is counted: a hit one refuses is not counted by the next', async () => {
    const clock = new TestClock();
    clock.now = 3_000 * MINUTE;
    const limiter = new RateLimiter(store.db, clock.fn);
    const tight: RateLimit = { name: 'test:tight', limit: 1, windowMs: MINUTE, counted: 'process' };
    const wide: RateLimit = { name: 'test:wide', limit: 2, windowMs: MINUTE };
    const hits = (subject: string) => [
      { rule: tight, subject },
      { rule: wide, subject: 'everyone' },
    ];
    expect((await limiter.hit(SITE, hits('c'))).allowed).toBe(true);
    // Refused by the first rule: the second does not count it, so it still has room for d.
    expect((await limiter.hit(SITE, hits('c'))).allowed).toBe(false);
    expect((await limiter.hit(SITE, hits('d'))).allowed).toBe(true);
    expect((await limiter.hit(SITE, hits('e'))).allowed).toBe(false);
  });

  it('refuses every hit of a rule that allows none, and counts nothing for it', async () => {
    const clock = new TestClock();
    const limiter = new RateLimiter(store.db, clock.fn);
    for (const rule of [
      { ...inStore, name: 'test:none-store', limit: 0 },
      { ...inProcess, name: 'test:none-process', limit: 0 },
    ]) {
      expect(await limiter.hit(SITE, [{ rule, subject: 'f' }])).toMatchObject({ allowed: false });
    }
    expect(await store.db.selectFrom('rate_limit_counters').select('counter_key').where('counter_key', 'like', 'test:none%').execute()).toEqual([]);
  });
});
