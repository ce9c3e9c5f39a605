// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readExpiring, writeExpiring } from '../../src/collectors/expiring-storage.js';
import { applyCookiePolicy, readAnalyticsId, readMarketingId, readSessionInfo, resolveAnalyticsId } from '../../src/collectors/session.js';
import { blockStorage, cookieNames, goTo, resetPage, useFakeClock } from './browser.js';

afterEach(resetPage);

const TRACKING = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];

/** The Set-Cookie strings the page wrote, by cookie name. */
function cookieWrites(): Map<string, string> {
  const writes = new Map<string, string>();
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.set(value.split('=')[0], value);
    // still store it: the jar is the browser's, not the double
    Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!.call(this, value);
  });
  return writes;
}

describe('session info', () => {
  it('the first page of the first session is a first landing of a first session', () => {
    expect(readSessionInfo()).toMatchObject({ isFirstLanding: true, isFirstSession: true });
    expect(sessionStorage.getItem('SS_IS_FIRST_SESSION')).toBe('true');
    expect(localStorage.getItem('SS_HAS_LANDED')).toBe('true');
  });

  it('later pages of the first session keep isFirstSession but are no landing', () => {
    readSessionInfo();
    expect(readSessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: true });
  });

  it('a new session of a visitor who landed before is a landing but no first session', () => {
    readSessionInfo();
    sessionStorage.clear(); // the browser session ended; local storage stays
    expect(readSessionInfo()).toMatchObject({ isFirstLanding: true, isFirstSession: false });
    expect(readSessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: false });
  });

  it('both flags are false when storage is unavailable', () => {
    blockStorage();
    expect(readSessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: false });
  });

  it('creates the session id once, in a session cookie, and keeps it', () => {
    const writes = cookieWrites();
    const { sessionId } = readSessionInfo();
    expect(sessionId).toMatch(/^[\w-]{16,}$/);
    expect(writes.get('SS_SESSION_ID')).toBe(`SS_SESSION_ID=${sessionId}; path=/`);
    writes.clear();
    expect(readSessionInfo().sessionId).toBe(sessionId);
    expect(writes.size).toBe(0);
  });

  it('keeps a session id even when storage is blocked', () => {
    blockStorage();
    const { sessionId } = readSessionInfo();
    expect(document.cookie).toContain(`SS_SESSION_ID=${sessionId}`);
  });
});

describe('analytics id', () => {
  it('is created and kept 390 days in its cookie (path /) and in local storage with its expiry', () => {
    useFakeClock();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const writes = cookieWrites();
    const id = resolveAnalyticsId();
    expect(id).toBeTruthy();
    expect(writes.get('SS_ANALYTICS_ID')).toBe(`SS_ANALYTICS_ID=${id}; max-age=${390 * 86400}; path=/`);
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBe(id);
    expect(Number(localStorage.getItem('SS_ANALYTICS_EXPIRATION'))).toBe(Date.parse('2025-01-01') + 390 * 86400_000);
    expect(resolveAnalyticsId()).toBe(id);
  });

  it('the cookie is secure on https', () => {
    goTo('https://shop.example/products/mug');
    const writes = cookieWrites();
    const id = resolveAnalyticsId();
    expect(writes.get('SS_ANALYTICS_ID')).toBe(`SS_ANALYTICS_ID=${id}; max-age=${390 * 86400}; path=/; secure`);
    expect(readAnalyticsId()).toBe(id);
  });

  it.each(['', 'null'])('an id of %j counts as absent and is replaced', (stored) => {
    document.cookie = `SS_ANALYTICS_ID=${stored}; path=/`;
    localStorage.setItem('SS_ANALYTICS_ID', stored);
    expect(readAnalyticsId()).toBeUndefined();
    const id = resolveAnalyticsId();
    expect(id).not.toBe(stored);
    expect(id).toMatch(/^[\w-]{16,}$/);
  });

  it('falls back to local storage when the cookie is gone, until the stored expiry passes', () => {
    useFakeClock();
    const id = resolveAnalyticsId()!;
    document.cookie = 'SS_ANALYTICS_ID=; max-age=-1; path=/';
    expect(readAnalyticsId()).toBe(id);
    vi.advanceTimersByTime(390 * 86400_000);
    expect(readAnalyticsId()).toBeUndefined();
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBeNull();
    expect(localStorage.getItem('SS_ANALYTICS_EXPIRATION')).toBeNull();
  });

  it('warns "Unable to store analyticsId" when storage is blocked, and still uses the id', () => {
    blockStorage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = resolveAnalyticsId();
    expect(warn).toHaveBeenCalledWith('Unable to store analyticsId');
    expect(document.cookie).toContain(`SS_ANALYTICS_ID=${id}`);
  });

  it('is neither created nor stored under the restrictive cookie policy', () => {
    expect(resolveAnalyticsId({ restrictive: true })).toBeUndefined();
    expect(cookieNames()).not.toContain('SS_ANALYTICS_ID');
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBeNull();
  });

  it("reads the marketing id, with 'null' as absent", () => {
    expect(readMarketingId()).toBeUndefined();
    localStorage.setItem('SS_MID', 'null');
    expect(readMarketingId()).toBeUndefined();
    localStorage.setItem('SS_MID', 'm-1');
    expect(readMarketingId()).toBe('m-1');
  });
});

describe('cookie policy', () => {
  it('restrictive: clears every tracking cookie and sets none', () => {
    for (const name of [...TRACKING, 'other']) document.cookie = `${name}=1; path=/`;
    expect(applyCookiePolicy({ restrictive: true, bannerEnabled: true })).toBeUndefined();
    expect(cookieNames()).toEqual(['other']);
  });

  it('otherwise: the visit-record cookie lasts 2 years and the visit-time cookie 30 minutes', () => {
    goTo('https://shop.example/');
    useFakeClock();
    vi.setSystemTime(1_700_000_000_000);
    const writes = cookieWrites();
    const visitor = applyCookiePolicy({ restrictive: false });
    expect(writes.get('ss_cvr')).toBe(`ss_cvr=${visitor}; max-age=${730 * 86400}; path=/; secure`);
    expect(writes.get('ss_cvt')).toBe('ss_cvt=1700000000000; max-age=1800; path=/; secure');
    expect(cookieNames().sort()).toEqual(['ss_cvr', 'ss_cvt']);
  });

  it('keeps the visitor id of the visit-record cookie across page views', () => {
    const visitor = applyCookiePolicy();
    expect(applyCookiePolicy()).toBe(visitor);
  });
});

describe('expiring storage', () => {
  it('returns the value before its expiry and removes both keys once expired', () => {
    writeExpiring(sessionStorage, 'K', 'v', 'K_EXP', 1000);
    expect(readExpiring(sessionStorage, 'K', 'K_EXP', 999)).toBe('v');
    expect(readExpiring(sessionStorage, 'K', 'K_EXP', 1000)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('a value without expiry never expires; a broken expiry counts as expired', () => {
    sessionStorage.setItem('K', 'v');
    expect(readExpiring(sessionStorage, 'K', 'K_EXP', Number.MAX_SAFE_INTEGER)).toBe('v');
    sessionStorage.setItem('K_EXP', 'soon');
    expect(readExpiring(sessionStorage, 'K', 'K_EXP', 0)).toBeNull();
  });
});
