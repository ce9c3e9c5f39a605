import type { RateLimit } from '../../http/rate-limit.js';

/**
 * Restock signups per visitor (hashed address) and per site. The spec asks for limits and gives no
 * numbers: a shopper signing up for a few sold-out variants stays well inside them, a script does not.
 */
export interface RestockLimits {
  readonly signUpPerVisitor: RateLimit;
  readonly signUpPerSite: RateLimit;
}

export const DEFAULT_RESTOCK_LIMITS: RestockLimits = Object.freeze({
  signUpPerVisitor: { name: 'restock-signup:visitor', limit: 10, windowMs: 10 * 60_000 },
  signUpPerSite: { name: 'restock-signup:site', limit: 500, windowMs: 60 * 60_000 },
});

/** Groups and signups per page of the owner's lists. */
export const DEFAULT_PAGE_SIZE = 50;

/** Signups claimed and mailed per transaction when sending: a large group is sent in several commits. */
export const SEND_BATCH = 200;

/** How often each process looks for waiting signups whose variant came back into stock (sites with restockAutoSend). */
export const DEFAULT_SWEEP_MS = 60_000;
