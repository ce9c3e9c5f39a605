import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limit.js';
import type { CommerceDeps } from '../commerce/deps.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import type { MemberCarts } from './member-cart.js';

/** What the accounts module uses: the commerce deps (store, renderer, clock, mail, signer) and its own. */
export interface AccountsDeps extends CommerceDeps {
  memberCarts: MemberCarts;
  accountLimiter: RateLimiter;
  accountLimits: AccountLimits;
}

/**
 * Rate limits of the account calls, counted in the store (http/rate-limit.ts) so that every server
 * process counts the same attempts. Over one: 429 RATE_LIMITED with Retry-After.
 */
export interface AccountLimits {
  /** Sign-in attempts per account (the email, hashed) and per client address. */
  signInPerAccount: RateLimit;
  signInPerAddress: RateLimit;
  /** Accounts made per client address. */
  signUpPerAddress: RateLimit;
  /** Password reset mails per account and per address. */
  resetPerAccount: RateLimit;
  resetPerAddress: RateLimit;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  signInPerAccount: { name: 'site-user-sign-in:account', limit: 10, windowMs: 15 * 60_000 },
  signInPerAddress: { name: 'site-user-sign-in:address', limit: 30, windowMs: 15 * 60_000 },
  signUpPerAddress: { name: 'site-user-sign-up:address', limit: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { name: 'site-user-reset:account', limit: 3, windowMs: 60 * 60_000 },
  resetPerAddress: { name: 'site-user-reset:address', limit: 10, windowMs: 60 * 60_000 },
};

export async function siteOf(deps: CommerceDeps, request: FastifyRequest): Promise<SiteSnapshot> {
  const snapshot = await deps.renderer.snapshotFor(request);
  if (!snapshot) throw new AppError('NOT_FOUND');
  return snapshot;
}
