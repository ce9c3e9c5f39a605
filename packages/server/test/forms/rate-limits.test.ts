import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/http/rate-limit.js';
import { DEFAULT_FORM_LIMITS, type FormLimits } from '../../src/modules/forms/limits.js';
import { DIALECTS } from '../helpers/store.js';
import { everyKindValues, formsSite, submission, type FormsSite } from './helpers.js';

const MINUTE = 60_000;
const LIMITS: FormLimits = {
  ...DEFAULT_FORM_LIMITS,
  submissionPerVisitor: { name: 'form-submission:visitor', limit: 2, windowMs: 10 * MINUTE },
  submissionPerSite: { name: 'form-submission:site', limit: 3, windowMs: 60 * MINUTE },
  keyPerVisitor: { name: 'form-key:visitor', limit: 3, windowMs: MINUTE },
  keyPerSite: { name: 'form-key:site', limit: 1000, windowMs: 60 * MINUTE },
};

describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  let site: FormsSite;
  beforeAll(async () => {
    site = await formsSite(dialect, { setup: { forms: { limits: LIMITS } } });
  });
  afterAll(async () => {
    await site?.close();
  });

  const key = (ip: string) => site.call('POST', '/api/form/FormSubmissionKey', undefined, { remoteAddress: ip });
  const save = async (ip: string) => {
    const k = await key(ip);
    return site.call('POST', '/api/form/SaveFormSubmission', submission('everything', k.json().data?.key ?? 'x', everyKindValues()), { remoteAddress: ip });
  };

  it('limits submission keys per visitor with 429 and Retry-After, and lets the next window through', async () => {
    site.clock.advance(MINUTE - (site.clock() % MINUTE)); // start of a window
    for (let i = 0; i < 3; i++) expect((await key('10.0.0.1')).statusCode).toBe(200);
    site.clock.advance(15_000);
    const refused = await key('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.json()).toMatchObject({
      code: 'FORM_RATE_LIMITED',
      error: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    });
    // Another visitor is not held back by this one.
    expect((await key('10.0.0.2')).statusCode).toBe(200);
    site.clock.advance(45_000);
    expect((await key('10.0.0.1')).statusCode).toBe(200);
  });

  it('limits submissions per visitor and per site', async () => {
    site.clock.advance(60 * MINUTE - (site.clock() % (60 * MINUTE)));
    expect((await save('10.1.0.1')).statusCode).toBe(200);
    expect((await save('10.1.0.1')).statusCode).toBe(200);
    const visitor = await save('10.1.0.1');
    expect(visitor.statusCode).toBe(429);
    expect(Number(visitor.headers['retry-after'])).toBe(600);
    // The third visitor's submission is the site's third hit this hour; the fourth is one too many.
    expect((await save('10.1.0.2')).statusCode).toBe(200);
    const perSite = await save('10.1.0.3');
    expect(perSite.statusCode).toBe(429);
    expect(Number(perSite.headers['retry-after'])).toBe(3600);
  });

  it('counts in the store, so two server processes on one store agree', async () => {
    const other = await formsSite(dialect, { store: site.store, setup: { forms: { limits: LIMITS } }, clock: site.clock });
    try {
      site.clock.advance(MINUTE - (site.clock() % MINUTE));
      expect((await key('10.2.0.1')).statusCode).toBe(200);
      expect((await other.call('POST', '/api/form/FormSubmissionKey', undefined, { remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
      expect((await key('10.2.0.1')).statusCode).toBe(200);
      expect((await other.call('POST', '/api/form/FormSubmissionKey', undefined, { remoteAddress: '10.2.0.1' })).statusCode).toBe(429);
    } finally {
      await other.app.close();
    }
  });

  it('stores no address, only a hash of it, and sweeps ended windows', async () => {
    const rows = await site.store.db.selectFrom('rate_limit_counters').select('counter_key').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.counter_key).not.toMatch(/10\.\d+\.\d+\.\d+/);
    site.clock.advance(2 * 60 * MINUTE);
    await new RateLimiter(site.store.db, site.clock).prune();
    expect(await site.store.db.selectFrom('rate_limit_counters').select('counter_key').execute()).toEqual([]);
  });
});
