// The visitor's cookie choice and what it allows (docs/marketing.md "The consent rule"). Tiny on
// purpose: the bootstrap reads it on every page to decide whether the marketing chunk loads at all.
import { readCookie, writeCookie } from '../collectors/cookies.js';

/** The first-party cookie that keeps the visitor's choice: `accepted` or `declined`. */
export const CONSENT_COOKIE = 'tessera_consent';
/** A choice is kept for a year, then asked again. */
const CONSENT_MAX_AGE = 365 * 86_400;

export type ConsentChoice = 'accepted' | 'declined' | undefined;

export interface ConsentPolicy {
  /** The site's restrictive cookie policy: nothing marketing-related and no tracking cookie before an Accept. */
  readonly restrictive: boolean;
  /** The site asks its visitors with the cookie banner. */
  readonly bannerEnabled: boolean;
}

export interface ConsentOutcome {
  /** The banner is shown (the site asks and the visitor has not chosen). */
  readonly showBanner: boolean;
  /** The owner's marketing tags may load (when configured). */
  readonly marketing: boolean;
  /** The analytics collectors may keep their tracking cookies (else they clear them, as under the restrictive policy). */
  readonly trackingCookies: boolean;
}

/**
 * The rule: a visitor's choice decides (Accept: on; Decline: off); without one, the restrictive
 * policy keeps everything off and an ordinary policy lets it load. The banner asks until the visitor chooses.
 */
export function consentRule(policy: ConsentPolicy, choice: ConsentChoice): ConsentOutcome {
  const allowed = choice === undefined ? !policy.restrictive : choice === 'accepted';
  return { showBanner: policy.bannerEnabled && choice === undefined, marketing: allowed, trackingCookies: allowed };
}

export function readConsent(): ConsentChoice {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

export function writeConsent(choice: 'accepted' | 'declined'): void {
  writeCookie(CONSENT_COOKIE, choice, CONSENT_MAX_AGE);
}
