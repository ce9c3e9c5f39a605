/** Add-to-cart button timings (storefront.md section 4). */
export const ADD_TO_CART_TIMING = Object.freeze({
  /** "Added!" appears this long after adding starts. */
  addedDelayMs: 1_000,
  /** ... and goes back to idle this long later. */
  addedToIdleMs: 2_000,
  /** After an error, back to idle after this. */
  errorToIdleMs: 1_000,
});

/** Breakpoints: mobile up to 432 px wide, desktop from 433 px; tablet never matches. */
export const BREAKPOINTS = Object.freeze({ mobileMaxWidth: 432, desktopMinWidth: 433 });

export function breakpointFor(widthPx: number): 'mobile' | 'desktop' {
  return widthPx <= BREAKPOINTS.mobileMaxWidth ? 'mobile' : 'desktop';
}

/** Query-string parsing limits (the qs parser's options of the same meaning). */
export const QUERY_PARSING_LIMITS = Object.freeze({ parameterLimit: 1_000, depth: 5, arrayLimit: 20 });

/** Captcha: compact when its container is under 320 px wide; light theme. */
export const CAPTCHA = Object.freeze({ compactBelowWidthPx: 320, theme: 'light' as const });

export function captchaSize(containerWidthPx: number): 'compact' | 'normal' {
  return containerWidthPx < CAPTCHA.compactBelowWidthPx ? 'compact' : 'normal';
}

/** Tween and scroll helpers (platform.md section 9). */
export const TWEEN_DEFAULT_DURATION_MS = 300;
export const SCROLL_DEFAULTS = Object.freeze({
  easing: 'easeOutSine' as const,
  offset: 30,
  /** "clamped 50 to 50 ms by default (as given)". */
  minDurationMs: 50,
  maxDurationMs: 50,
});

/** The lightbox keeps this margin when its content is taller than the window. */
export const LIGHTBOX_MARGIN_PX = 50;

/** The cart page and the pill cart's link. */
export const CART_URL = '/cart';

/** Upgrade paths of the editor. */
export const UPGRADE_PATHS = Object.freeze({
  trial: '/settings/billing/upgrade',
  plan: '/settings/billing/subscriptions/website',
});

/** The site's default time zone and the template engine's limits and defaults. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const TEMPLATE_LIMITS = Object.freeze({
  maxPartialDepth: 16,
  truncateDefaultLength: 100,
  truncateEllipsis: '...',
  numberDigitsMin: 0,
  numberDigitsMax: 50,
  formatterCacheSize: 100,
});

export const DEFAULT_SLIDER_ASPECT_RATIO = 50;

/** Errors the UI helpers throw for a wrong call (platform.md section 5, "Analytics and helpers"). */
export const HELPER_MESSAGES = Object.freeze({
  tweenFunction: 'Tween requires a function as its first parameter',
  tweenDuration: 'Tween duration must be a finite number',
  focusContainment: 'Focus containment requires exactly one of container or predicate',
});
