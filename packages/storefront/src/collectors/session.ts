// Session info, the analytics id and the visitor cookies (platform.md sections 3, 4, 9;
// storefront.md section 9).
import {
  ANALYTICS,
  ANALYTICS_ID_COOKIE,
  ANALYTICS_STORAGE_KEYS as KEYS,
  CENSUS_VISITOR_COOKIE,
  TRACKING_COOKIES,
  isAbsentAnalyticsId,
} from '@tessera/core/constants';
import type { CookieSettings } from './context.js';
import { DAY_SECONDS, clearCookie, readCookie, writeCookie } from './cookies.js';
import { readExpiring, writeExpiring } from './expiring-storage.js';

/** The visit-time cookie, one of TRACKING_COOKIES: the time of the visitor's last page view. */
const VISIT_TIME_COOKIE = 'ss_cvt';

export interface SessionInfo {
  readonly isFirstLanding: boolean;
  readonly isFirstSession: boolean;
  readonly sessionId: string;
}

function newId(): string {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/**
 * The session flags of this page view. Call once per page: it marks the landing, so a second
 * call on the same page reads as a later page of the session.
 */
export function readSessionInfo(): SessionInfo {
  let isFirstLanding = false;
  let isFirstSession = false;
  try {
    const sessionFlag = sessionStorage.getItem(KEYS.isFirstSession);
    const landed = localStorage.getItem(KEYS.hasLanded) !== null;
    isFirstLanding = sessionFlag === null;
    isFirstSession = !landed || sessionFlag === 'true';
    if (isFirstLanding) sessionStorage.setItem(KEYS.isFirstSession, String(isFirstSession));
    if (!landed) localStorage.setItem(KEYS.hasLanded, 'true');
  } catch {
    // storage unavailable: neither flag can be known, so both are false
    isFirstLanding = isFirstSession = false;
  }
  let sessionId = readCookie(KEYS.sessionId);
  if (!sessionId) writeCookie(KEYS.sessionId, (sessionId = newId()));
  return { isFirstLanding, isFirstSession, sessionId };
}

/** The stored analytics id (cookie first, then local storage), or undefined when absent. */
export function readAnalyticsId(): string | undefined {
  const fromCookie = readCookie(ANALYTICS_ID_COOKIE);
  if (!isAbsentAnalyticsId(fromCookie)) return fromCookie;
  try {
    const stored = readExpiring(localStorage, KEYS.analyticsId, KEYS.analyticsExpiration);
    if (!isAbsentAnalyticsId(stored)) return stored!;
  } catch {
    // storage blocked: the id is absent
  }
  return undefined;
}

/**
 * The visitor's analytics id, created when absent and kept for 390 days in its cookie and in
 * local storage. Under the restrictive cookie policy no visitor identifier is kept at all.
 */
export function resolveAnalyticsId(cookieSettings?: CookieSettings): string | undefined {
  if (cookieSettings?.restrictive) return undefined;
  const id = readAnalyticsId() ?? newId();
  const days = ANALYTICS.analyticsCookieLifetimeDays;
  writeCookie(ANALYTICS_ID_COOKIE, id, days * DAY_SECONDS);
  try {
    writeExpiring(localStorage, KEYS.analyticsId, id, KEYS.analyticsExpiration, Date.now() + days * DAY_SECONDS * 1000);
  } catch {
    console.warn('Unable to store analyticsId');
  }
  return id;
}

export function readMarketingId(): string | undefined {
  try {
    const id = localStorage.getItem(KEYS.marketingId);
    if (!isAbsentAnalyticsId(id)) return id!;
  } catch {
    // storage blocked
  }
  return undefined;
}

/**
 * Applies the cookie policy to the tracking cookies and returns the census visitor id (ss_cvr).
 * Restrictive: all five are cleared and none is set. Otherwise the visit-record cookie keeps
 * the visitor id for 2 years and the visit-time cookie marks this page view for 30 minutes.
 */
export function applyCookiePolicy(cookieSettings?: CookieSettings): string | undefined {
  if (cookieSettings?.restrictive) {
    for (const name of TRACKING_COOKIES) clearCookie(name);
    return undefined;
  }
  let visitor = readCookie(CENSUS_VISITOR_COOKIE);
  if (!visitor) writeCookie(CENSUS_VISITOR_COOKIE, (visitor = newId()), ANALYTICS.visitRecordCookieLifetimeDays * DAY_SECONDS);
  writeCookie(VISIT_TIME_COOKIE, String(Date.now()), ANALYTICS.visitTimeCookieLifetimeMinutes * 60);
  return visitor;
}
