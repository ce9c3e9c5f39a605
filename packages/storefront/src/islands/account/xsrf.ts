// The session's xsrfToken (storefront.md section 3: the sign-in answer carries it; later account
// calls send it in a header). Session data stored by the client may carry an expiry and is removed
// once expired (storefront.md section 4): the token is kept in local storage with the session's
// end, through the collectors' expiring storage, so every tab of the site shares it and it goes
// away with the session.
import { readExpiring, writeExpiring } from '../../collectors/expiring-storage.js';

export const XSRF_KEY = 'tessera.xsrfToken';
export const XSRF_EXPIRY_KEY = 'tessera.xsrfToken.expires';
/** Without a known end (an answer that gives none), a token is kept for a day. */
const DEFAULT_LIFETIME_MS = 24 * 3_600_000;

export interface XsrfStore {
  get(): string | null;
  set(token: string, expiresOn?: number): void;
  clear(): void;
}

export function xsrfStore(storage: () => Storage | null = () => window.localStorage, now: () => number = Date.now): XsrfStore {
  const safe = <T>(work: (s: Storage) => T, fallback: T): T => {
    try {
      const s = storage();
      return s ? work(s) : fallback;
    } catch {
      return fallback; // storage blocked: the page asks for a new token when it needs one
    }
  };
  return {
    get: () => safe((s) => readExpiring(s, XSRF_KEY, XSRF_EXPIRY_KEY, now()), null),
    set: (token, expiresOn) => safe((s) => writeExpiring(s, XSRF_KEY, token, XSRF_EXPIRY_KEY, expiresOn ?? now() + DEFAULT_LIFETIME_MS), undefined),
    clear: () =>
      safe((s) => {
        s.removeItem(XSRF_KEY);
        s.removeItem(XSRF_EXPIRY_KEY);
      }, undefined),
  };
}

/** The SiteUserInfo cookie (storefront.md section 3): `{ authenticated, siteUserId }`, readable by scripts, never trusted by the server. */
export function readSiteUserInfo(cookie: string = document.cookie): { authenticated: boolean; siteUserId: string | null } {
  const match = /(?:^|;\s*)SiteUserInfo=([^;]+)/.exec(cookie);
  if (!match) return { authenticated: false, siteUserId: null };
  try {
    const info = JSON.parse(decodeURIComponent(match[1]!)) as { authenticated?: unknown; siteUserId?: unknown };
    return { authenticated: info.authenticated === true, siteUserId: typeof info.siteUserId === 'string' ? info.siteUserId : null };
  } catch {
    return { authenticated: false, siteUserId: null };
  }
}
