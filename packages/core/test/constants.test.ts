import { describe, expect, it } from 'vitest';
import * as constants from '../src/constants/index.js';
import {
  ADD_TO_CART_TIMING,
  ANALYTICS,
  ANALYTICS_ID_COOKIE,
  ANALYTICS_STORAGE_KEYS,
  BREAKPOINTS,
  CAPTCHA,
  CONTENT_LIMITS,
  ERROR_REPORTER,
  EVENT_ENVIRONMENTS,
  EVENT_SOURCES,
  QUERY_PARSING_LIMITS,
  SCROLL_DEFAULTS,
  TEMPLATE_LIMITS,
  TRACKING_COOKIES,
  TWEEN_DEFAULT_DURATION_MS,
  WEB_VITALS_THRESHOLDS,
  breakpointFor,
  captchaSize,
  checkContentLimits,
  isAbsentAnalyticsId,
  isPageViewRecorded,
  isValidTiming,
  rateWebVital,
} from '../src/constants/index.js';

describe('analytics constants', () => {
  it('pin timeouts, lifetimes, versions and names', () => {
    expect(ANALYTICS).toMatchObject({
      settingsRequestTimeoutMs: 30000,
      queueFlushDelayMs: 30000,
      pageSpeedMaxWaitMs: 60000,
      postTimeoutMs: 2500,
      analyticsCookieLifetimeDays: 390,
      visitRecordCookieLifetimeDays: 730,
      visitTimeCookieLifetimeMinutes: 30,
      userTimingPrefix: 'rum-',
      maxTimingValue: 2147483647,
      collectorVersion: '4.6.0',
      trackerClientVersion: '3.8.0',
      defaultResolvedLocale: 'en-US',
      excludedPaths: ['/search'],
      editingPathMarker: '/config/',
    });
    expect(Object.values(ANALYTICS_STORAGE_KEYS)).toEqual([
      'SS_ANALYTICS_ID',
      'SS_ANALYTICS_EXPIRATION',
      'SS_MID',
      'SS_IS_FIRST_SESSION',
      'SS_HAS_LANDED',
      'SS_SESSION_ID',
    ]);
    expect(ANALYTICS_ID_COOKIE).toBe('SS_ANALYTICS_ID');
    expect(TRACKING_COOKIES).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    expect(EVENT_ENVIRONMENTS).toEqual(['dev', 'qa', 'staging', 'prod']);
    expect(EVENT_SOURCES).toEqual(['WEB', 'IOS', 'ANDROID', 'SERVER']);
  });

  it('drop timings that are not numbers, negative or too large', () => {
    expect(isValidTiming(0)).toBe(true);
    expect(isValidTiming(2147483647)).toBe(true);
    expect(isValidTiming(2147483648)).toBe(false);
    expect(isValidTiming(-1)).toBe(false);
    expect(isValidTiming('5')).toBe(false);
    expect(isValidTiming(Number.NaN)).toBe(false);
  });

  it('treat an empty or "null" analytics id as absent', () => {
    for (const absent of [undefined, null, '', 'null']) expect(isAbsentAnalyticsId(absent)).toBe(true);
    expect(isAbsentAnalyticsId('abc')).toBe(false);
  });

  it('rate web vitals against their thresholds', () => {
    expect(WEB_VITALS_THRESHOLDS).toEqual({ LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25] });
    expect(rateWebVital('LCP', 2500)).toBe('good');
    expect(rateWebVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4001)).toBe('poor');
    expect(rateWebVital('INP', 500)).toBe('needs-improvement');
    expect(rateWebVital('CLS', 0.26)).toBe('poor');
  });

  it('record page views only for whom and where the spec says', () => {
    const page = { authenticated: false, path: '/shop', pageType: 50 };
    expect(isPageViewRecorded(page)).toBe(true);
    expect(isPageViewRecorded({ ...page, censusDisabled: true })).toBe(false);
    for (const pageType of [100, 103, 106]) expect(isPageViewRecorded({ ...page, pageType })).toBe(false);
    expect(isPageViewRecorded({ ...page, path: '/search' })).toBe(false);
    expect(isPageViewRecorded({ ...page, path: '/search/?q=mug' })).toBe(false);
    expect(isPageViewRecorded({ ...page, path: '/searching' })).toBe(true);
    expect(isPageViewRecorded({ ...page, authenticated: true, websiteRoles: [10] })).toBe(true);
    expect(isPageViewRecorded({ ...page, authenticated: true, websiteRoles: [10], path: '/config/pages' })).toBe(false);
    expect(isPageViewRecorded({ ...page, authenticated: true, websiteRoles: [10], path: '/config' })).toBe(false);
    expect(isPageViewRecorded({ ...page, authenticated: true, websiteRoles: [10, 4] })).toBe(false);
    expect(isPageViewRecorded({ ...page, authenticated: true, websiteRoles: [1] })).toBe(false);
    expect(isPageViewRecorded({ ...page, authenticated: true })).toBe(false);
  });

  it('limit the error reporter', () => {
    expect(ERROR_REPORTER).toEqual({ maxSendsPerPage: 20, maxQueued: 10, maxStackLength: 5000, debounceMs: 1000 });
  });
});

describe('storefront constants', () => {
  it('pin timings, breakpoints and helpers', () => {
    expect(ADD_TO_CART_TIMING).toEqual({ addedDelayMs: 1000, addedToIdleMs: 2000, errorToIdleMs: 1000 });
    expect(BREAKPOINTS).toEqual({ mobileMaxWidth: 432, desktopMinWidth: 433 });
    expect(breakpointFor(432)).toBe('mobile');
    expect(breakpointFor(433)).toBe('desktop');
    expect(QUERY_PARSING_LIMITS).toEqual({ parameterLimit: 1000, depth: 5, arrayLimit: 20 });
    expect(CAPTCHA).toEqual({ compactBelowWidthPx: 320, theme: 'light' });
    expect(captchaSize(319)).toBe('compact');
    expect(captchaSize(320)).toBe('normal');
    expect(TWEEN_DEFAULT_DURATION_MS).toBe(300);
    expect(SCROLL_DEFAULTS).toMatchObject({ easing: 'easeOutSine', offset: 30 });
    expect(TEMPLATE_LIMITS).toMatchObject({
      maxPartialDepth: 16,
      truncateDefaultLength: 100,
      truncateEllipsis: '...',
      numberDigitsMax: 50,
      formatterCacheSize: 100,
    });
  });

  it('gather the constants of other modules in one list', () => {
    expect(constants.QUANTITY_INPUT.max).toBe(9999);
    expect(constants.DEFAULT_NUM_INSTALLMENTS).toBe(4);
    expect(constants.EMAIL_MAX_LENGTH).toBe(256);
    expect(constants.CART_COUNT_CAP).toBe(100);
    expect(constants.BYTES_PER_MB).toBe(1000000);
    expect(constants.DEFAULT_CURRENCY).toBe('USD');
    expect(constants.DEFAULT_TIME_ZONE).toBe('America/New_York');
    expect(constants.CART_URL).toBe('/cart');
  });
});

describe('content limits', () => {
  it('pin the editor limits', () => {
    expect(CONTENT_LIMITS).toEqual({
      blocksPerLayout: 60,
      tracksPerAlbum: 60,
      itemsInUserOrderableCollection: 250,
      productsInCollection: 200,
      nestedCategories: 10000,
      photoSharingGalleries: 20,
      photoSharingGallerySize: 50,
      tagLength: 50,
      categoryLength: 25,
    });
  });

  it('pass content within every limit', () => {
    expect(
      checkContentLimits({
        blocksPerLayout: 60,
        productsInCollection: 200,
        tags: ['x'.repeat(50)],
        categories: ['y'.repeat(25)],
        photoSharingGallerySizes: [50],
      }),
    ).toEqual([]);
  });

  it('name each limit exceeded', () => {
    expect(
      checkContentLimits({
        blocksPerLayout: 61,
        tracksPerAlbum: 61,
        itemsInUserOrderableCollection: 251,
        productsInCollection: 201,
        nestedCategories: 10001,
        photoSharingGalleries: 21,
        photoSharingGallerySizes: [50, 51],
        tags: ['t'.repeat(51)],
        categories: ['c'.repeat(26)],
      }),
    ).toEqual([
      'A layout holds at most 60 blocks; this one has 61.',
      'An album holds at most 60 tracks; this one has 61.',
      'A collection in custom order holds at most 250 items; this one has 251.',
      'A collection holds at most 200 products; this one has 201.',
      'A site holds at most 10000 nested categories; this one has 10001.',
      'A site holds at most 20 photo-sharing galleries; this one has 21.',
      'A photo-sharing gallery holds at most 50 images; gallery 2 has 51.',
      `Tags are at most 50 characters: "${'t'.repeat(51)}" is too long.`,
      `Categories are at most 25 characters: "${'c'.repeat(26)}" is too long.`,
    ]);
  });
});
