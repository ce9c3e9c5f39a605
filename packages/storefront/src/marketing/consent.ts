// The visitor's cookie choice and what it allows (docs/marketing.md "The consent rule"). The cookie
// helpers are this entry's own: it shares no module with the bootstrap (whose bytes every page pays).

/** The first-party cookie that keeps the visitor's choice: `accepted` or `declined`. */
export const CONSENT_COOKIE = 'tessera_consent';
/** A choice is kept for a year, then asked again. */
const CONSENT_MAX_AGE = 365 * 86_400;

/** The spec's tracking cookies (TRACKING_COOKIES of @tessera/core, which a test compares), cleared on a decline. */
export const TRACKING_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;

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

function writeCookie(name: string, value: string, maxAge: number): void {
  try {
    document.cookie = `${name}=${value}; max-age=${maxAge}; path=/; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  } catch {
    // cookies blocked (a sandboxed frame): the choice lasts this page
  }
}

export function readConsent(): ConsentChoice {
  let cookies = '';
  try {
    cookies = document.cookie;
  } catch {
    // cookies blocked: no choice kept
  }
  const value = /(?:^|; )tessera_consent=(accepted|declined)(?:;|$)/.exec(cookies)?.[1];
  return value as ConsentChoice;
}

export function writeConsent(choice: 'accepted' | 'declined'): void {
  writeCookie(CONSENT_COOKIE, choice, CONSENT_MAX_AGE);
}

/** Takes back the analytics collectors' tracking cookies (a decline). */
export function clearTrackingCookies(): void {
  for (const name of TRACKING_COOKIES) writeCookie(name, '', -1);
}
