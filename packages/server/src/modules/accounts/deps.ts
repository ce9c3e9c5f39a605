import type { RateLimit, RateLimiter } from '../../http/rate-limit.js';
import type { ScryptCost } from '../admin/index.js';
import type { CommerceDeps } from '../commerce/index.js';
import type { MemberCarts } from './member-cart.js';

/** What the accounts module uses: the commerce deps (store, renderer, clock, mail, signer) and its own. */
export interface AccountsDeps extends CommerceDeps {
  memberCarts: MemberCarts;
  accountLimiter: RateLimiter;
  accountLimits: AccountLimits;
  /** The scrypt cost of new password hashes (admin/passwords.ts). */
  passwordCost: ScryptCost;
}

/**
 * Rate limits of the account calls, counted in the store (http/rate-limit.ts) so that every server
 * process counts the same attempts. Over one: 429 RATE_LIMITED with Retry-After.
 *
 * Sign-in and reset count an account's attempts per client address first, so that a stranger's
 * attempts never lock the account's holder out; then the address's across accounts; then the
 * account's from everywhere, a ceiling that bounds a guesser (or a mailer) spread over many
 * addresses. An attempt refused by an earlier rule does not count in the later ones, so one
 * address alone can never reach the ceiling.
 */
export interface AccountLimits {
  /** Sign-in attempts per account (the email, hashed) from one client address: how slow guessing is. */
  signInPerAccountAndAddress: RateLimit;
  /** Sign-in attempts per client address, whatever the account. */
  signInPerAddress: RateLimit;
  /** Sign-in attempts per account from every address. */
  signInPerAccount: RateLimit;
  /** Accounts made per client address. */
  signUpPerAddress: RateLimit;
  /** Mails telling an account's holder that someone tried to sign up with their address; past it, none is sent (the answer is the same). */
  signUpNoticePerAccount: RateLimit;
  /** Password reset requests per account and address, per address, and per account from everywhere (each may mail the account). */
  resetPerAccountAndAddress: RateLimit;
  resetPerAddress: RateLimit;
  resetPerAccount: RateLimit;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  signInPerAccountAndAddress: { name: 'site-user-sign-in:account-address', limit: 10, windowMs: 15 * 60_000 },
  signInPerAddress: { name: 'site-user-sign-in:address', limit: 30, windowMs: 15 * 60_000 },
  signInPerAccount: { name: 'site-user-sign-in:account', limit: 100, windowMs: 15 * 60_000 },
  signUpPerAddress: { name: 'site-user-sign-up:address', limit: 10, windowMs: 60 * 60_000 },
  signUpNoticePerAccount: { name: 'site-user-sign-up-notice:account', limit: 3, windowMs: 60 * 60_000 },
  resetPerAccountAndAddress: { name: 'site-user-reset:account-address', limit: 3, windowMs: 60 * 60_000 },
  resetPerAddress: { name: 'site-user-reset:address', limit: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { name: 'site-user-reset:account', limit: 10, windowMs: 60 * 60_000 },
};
