// The one script every page loads (type="module", hashed by Vite). It reads the site context the
// server embedded in the page, exposes it, starts the collectors (the error reporter and page
// views are part of this script, so they start first; page speed and its web-vitals are fetched
// only where enabled) and loads only the islands whose markers the page holds (each island is its
// own chunk, fetched with a dynamic import).
import { WebsiteRole } from '@tessera/core/enums';
import { startAnalytics } from './collectors/analytics.js';
import type { CollectorContext } from './collectors/context.js';
import { installErrorReporter } from './collectors/errors.js';
import type { Visit } from './collectors/visit.js';
import { registerFormIslands } from './islands/forms/register.js';

/** The site context for the browser (docs/site-format.md, "The site context for the browser"). */
export interface SiteContext {
  websiteId: string;
  templateId: string;
  authenticatedAccountId: string | null;
  pageType: number;
  collectionId: string | null;
  itemId: string | null;
  language: string;
  cookieSettings: { isRestrictiveCookiePolicyEnabled: boolean; isCookieBannerEnabled: boolean };
  captchaSiteKey: string | null;
  timeZone: { name: string; offset: number; abbreviation: string };
  currency: string;
  storeSettings: Record<string, unknown>;
  // Measurement (issue 8).
  censusDisabled?: boolean;
  pageSpeedEnabled?: boolean;
  collectionType?: number | null;
  authenticated?: boolean;
  websiteRoles?: number[];
  // Issue 9: variant overrides only on an internal site; Tessera's session recorder's toggle and sample.
  isInternal?: boolean;
  sessionRecording?: { enabled: boolean; sampleRate: number };
}

export interface TesseraGlobal {
  readonly context: SiteContext | null;
  /** The CSRF crumb to send as X-CSRF-Token on state-changing API calls. */
  crumb(): string | null;
  /** This page view's visit (for islands' census calls); null when nothing is tracked here. */
  readonly visit: Promise<Visit | null>;
}

declare global {
  interface Window {
    Tessera?: TesseraGlobal;
  }
}

/** An island's entry: mounts on the page's elements that carry its marker. */
export interface IslandModule {
  mount(elements: Element[], tessera: TesseraGlobal): void;
}

/**
 * Marker selector -> the island's entry. One line per island:
 *   ['[data-tessera-cart]', () => import('./islands/cart.js')],
 */
export const ISLANDS: ReadonlyArray<readonly [selector: string, load: () => Promise<IslandModule>]> = [
  // Visitor accounts, members' areas and lessons, passwords, the translation widget (issue 9).
  ['[data-tessera-island="account"]', () => import('./islands/account/index.js')],
  ['[data-tessera-island="member-access"],[data-tessera-island="lesson-video"],[data-tessera-island="membership-confirmed"]', () => import('./islands/member/index.js')],
  ['[data-tessera-island="lock-screen"],[data-tessera-island="protected-content"]', () => import('./islands/password/index.js')],
  ['[data-tessera-island="language-switcher"]', () => import('./islands/language/index.js')],
];

export const CONTEXT_ELEMENT_ID = 'tessera-context';

export function readSiteContext(doc: Document = document): SiteContext | null {
  const element = doc.getElementById(CONTEXT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SiteContext;
  } catch {
    return null;
  }
}

export function readCrumb(doc: Document = document): string | null {
  const match = /(?:^|;\s*)crumb=([^;]+)/.exec(doc.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** What the collectors read (collectors/context.ts), from the site context. */
export function collectorContext(c: SiteContext): CollectorContext {
  return {
    websiteId: c.websiteId,
    templateId: c.templateId,
    pageType: c.pageType,
    collectionType: c.collectionType ?? undefined,
    language: c.language,
    timeZone: c.timeZone?.name,
    memberId: c.authenticatedAccountId ?? undefined,
    authenticated: c.authenticated,
    websiteRoles: c.websiteRoles,
    censusDisabled: c.censusDisabled,
    cookieSettings: { restrictive: c.cookieSettings?.isRestrictiveCookiePolicyEnabled, bannerEnabled: c.cookieSettings?.isCookieBannerEnabled },
    pageSpeedEnabled: c.pageSpeedEnabled,
  };
}

/**
 * The error reporter on every page, first; the analytics collector (session, cookies, page view)
 * unless this visitor is not tracked at all (census off, a signed-in owner or editor: platform.md
 * section 6), in which case no tracking cookie is touched; the page-speed collector when enabled.
 */
export function startCollectors(context: SiteContext | null): Promise<Visit | null> {
  if (!context) return Promise.resolve(null);
  const collector = collectorContext(context);
  // The rule of isPageViewRecorded (@tessera/core) for a visitor, without the page's own skips
  // (not-found, /search...), which the analytics collector applies itself.
  const roles = context.websiteRoles ?? [];
  const viewerOnly = roles.length > 0 && roles.every((r) => r === WebsiteRole.VIEWER) && !`${location.pathname}/`.includes('/config/');
  const tracked = !context.censusDisabled && (!context.authenticated || viewerOnly);
  let visit: Visit | null = null;
  try {
    if (tracked) visit = startAnalytics(collector);
    else installErrorReporter();
  } catch {
    // the collectors never break the page
  }
  // web-vitals is only fetched where page speed is on
  if (collector.pageSpeedEnabled) void import('./collectors/page-speed.js').then((m) => m.startPageSpeed(collector)).catch(() => {});
  // The session recorder and variant overrides only where the site turns them on (their rules run in their chunks).
  if (context.sessionRecording?.enabled && tracked) void import('./collectors/session-recording.js').then((m) => m.startSessionRecording(context.sessionRecording)).catch(() => {});
  if (context.isInternal) {
    void import('./collectors/variant-overrides.js')
      .then((m) => m.applyToDocument(m.variantOverrides('internal', location.search, localStorage)))
      .catch(() => {});
  }
  return Promise.resolve(visit);
}

export function loadIslands(doc: Document, tessera: TesseraGlobal, islands = ISLANDS): void {
  for (const [selector, load] of islands) {
    const elements = Array.from(doc.querySelectorAll(selector));
    if (elements.length > 0) void load().then((island) => island.mount(elements, tessera));
  }
}

export function boot(win: Window = window): TesseraGlobal {
  const context = readSiteContext(win.document);
  const tessera: TesseraGlobal = Object.freeze({ context, crumb: () => readCrumb(win.document), visit: startCollectors(context) });
  win.Tessera = tessera;
  loadIslands(win.document, tessera);
  // The forms islands (site forms, newsletter unsubscribe, popup overlay) register themselves.
  registerFormIslands(win.document, tessera.context);
  win.document.dispatchEvent(new CustomEvent('tessera:ready', { detail: tessera.context }));
  return tessera;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') boot();
