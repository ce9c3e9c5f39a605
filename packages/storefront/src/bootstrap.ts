// The one script every page loads (type="module", hashed by Vite). It reads the site context the
// server embedded in the page, exposes it, starts the collectors (the error reporter and page
// views are part of this script, so they start first; page speed and its web-vitals are fetched
// only where enabled) and loads only the islands whose markers the page holds (each island is its
// own chunk, fetched with a dynamic import).
import { readCrumb } from '@tessera/core/api-client/crumb';
import { WebsiteRole } from '@tessera/core/enums';
import { startAnalytics } from './collectors/analytics.js';
import type { CollectorContext } from './collectors/context.js';
import { installErrorReporter } from './collectors/errors.js';
import type { Visit } from './collectors/visit.js';

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
  popupOverlay?: unknown;
  // Measurement.
  censusDisabled?: boolean;
  pageSpeedEnabled?: boolean;
  collectionType?: number | null;
  authenticated?: boolean;
  websiteRoles?: number[];
  // Variant overrides only on an internal site; Tessera's session recorder's toggle and sample.
  isInternal?: boolean;
  /** The page's words where its language has its own (French, ...): only those that differ from English. */
  localizedStrings?: Record<string, string>;
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

const FORMS_SELECTOR = 'form[data-tessera-island="form"], [data-tessera-island="newsletter-unsubscribe"]';

/** An island's entry: mounts on the page's elements that carry its marker. */
export interface IslandModule {
  mount(elements: Element[], tessera: TesseraGlobal): void;
}

/**
 * Marker selector -> the island's entry, and optionally the document events that wake it: an island
 * whose markers the visitor cannot see yet (`hidden`, like a restock form before its sold-out
 * variant is chosen, or inside a closed `<details>`, like the language list) is fetched only on the
 * first of those events, never on a page where the visitor does not act. One line per
 * island:
 *   ['[data-tessera-cart]', () => import('./islands/cart.js')],
 */
export type IslandEntry = readonly [selector: string, load: () => Promise<IslandModule>, wakeOn?: string];

export const ISLANDS: ReadonlyArray<IslandEntry> = [
  // The store (themes/default/README.md "Containers and markers").
  // Add to cart, the installment badge and the reviews tabs: one chunk (islands/product).
  [
    '.sqs-add-to-cart-button[data-item-id],.installment-badge[data-product-type="1"],[data-tessera-island="product-reviews"]',
    () => import('./islands/product/index.js'),
  ],
  // The indicators are needed only once the cart holds something (else an add loads them).
  ['[data-cart-indicator]:not(.cart-empty)', () => import('./islands/cart-indicators/index.js')],
  ['#tessera-cart', () => import('./pages/cart/index.js')],
  ['#tessera-checkout', () => import('./pages/checkout/index.js')],
  ['#tessera-order-confirmed', () => import('./pages/confirmation/index.js')],
  // The forms islands (site forms, newsletter unsubscribe) register themselves where their markers are.
  [FORMS_SELECTOR, () => import('./islands/forms/register.js')],
  ['.product-restock-notification', () => import('./islands/restock/index.js'), 'change tessera:variant-change'],
  ['[data-tessera-island="review-request"]', () => import('./islands/reviews/request.js')],
  // Visitor accounts, members' areas and lessons, passwords, the translation widget.
  ['[data-tessera-island="account"]', () => import('./islands/account/index.js')],
  [
    '[data-tessera-island="member-access"],[data-tessera-island="lesson-video"],[data-tessera-island="membership-confirmed"]',
    () => import('./islands/member/index.js'),
  ],
  ['[data-tessera-island="lock-screen"],[data-tessera-island="protected-content"]', () => import('./islands/password/index.js')],
  ['[data-tessera-island="language-switcher"]', () => import('./islands/language/index.js'), 'toggle'],
  // Galleries: slideshow and slider controls, autoplay and the lightbox (themes/default/blocks/gallery.block);
  // and a post's video facade, which the player replaces on the visitor's click (blocks/post-video.block):
  // one entry, whose chunk fetches the video island's only where a facade is (the bootstrap's bytes are tight).
  ['[data-tessera-island="gallery"],[data-tessera-island="video"]', () => import('./islands/gallery/index.js')],
  // Layout buttons' census calls, a list's quick views and a product page's related products (whose
  // hidden marker wakes the chunk on the visitor's first scroll, focus or press), and a post's like
  // button and comments below it (whose own chunk it fetches): one small chunk.
  [
    '.layout-block--button,[data-tessera-island="quick-view"],[data-tessera-island="related-products"],.sqs-simple-like,[data-tessera-island=comments]',
    () => import('./islands/visitor-extras/index.js'),
    'scroll focusin pointerdown',
  ],
];

export const CONTEXT_ELEMENT_ID = 'tessera-context';

/** The page's site context; null without one (no element, an empty one and bad JSON all throw here). */
export function readSiteContext(doc: Document = document): SiteContext | null {
  try {
    return JSON.parse(doc.getElementById(CONTEXT_ELEMENT_ID)!.textContent!) as SiteContext;
  } catch {
    return null;
  }
}

/** The page's crumb, read by the API client's one reader. */
export { readCrumb };

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
  // The session recorder and variant overrides only where the site turns them on (their rules run in their chunk).
  if ((context.sessionRecording?.enabled && tracked) || context.isInternal)
    void import('./collectors/site-extras.js').then((m) => m.startSiteExtras(context, tracked)).catch(() => {});
  return Promise.resolve(visit);
}

/** Loads the islands whose markers the page holds (hidden ones on their waking event); resolves how many there were. */
export function loadIslands(doc: Document, tessera: TesseraGlobal, islands: ReadonlyArray<IslandEntry> = ISLANDS): number {
  let count = 0;
  for (const [selector, load, wakeOn] of islands) {
    const elements = Array.from(doc.querySelectorAll(selector));
    if (elements.length === 0) continue;
    count++;
    const start = () => void load().then((island) => island.mount(elements, tessera));
    // Markers the visitor cannot see yet: hidden, or inside a closed disclosure (<details>).
    if (!wakeOn || !elements.every((e) => (e as HTMLElement).hidden || e.closest('details:not([open])'))) {
      start();
      continue;
    }
    const types = wakeOn.split(' ');
    const wake = () => {
      for (const type of types) doc.removeEventListener(type, wake, true);
      start();
    };
    for (const type of types) doc.addEventListener(type, wake, true);
  }
  return count;
}

/**
 * The visitor events the islands publish on the page's bus go to the analytics forwarder; both
 * are fetched only by pages that have islands (a page without any publishes nothing).
 */
function forwardEvents(visit: Promise<Visit | null>): void {
  void visit
    .then(
      (v) =>
        v &&
        Promise.all([import('./events.js'), import('./collectors/visitor-events.js')]).then(([bus, forwarder]) =>
          forwarder.forwardVisitorEvents(v, bus.events),
        ),
    )
    .catch(() => {});
}

export function boot(win: Window = window): TesseraGlobal {
  const context = readSiteContext(win.document);
  const tessera: TesseraGlobal = Object.freeze({ context, crumb: () => readCrumb(), visit: startCollectors(context) });
  win.Tessera = tessera;
  const islands = loadIslands(win.document, tessera);
  // The popup overlay is a forms island without a marker: the site context carries it.
  if (context?.popupOverlay && !win.document.querySelector(FORMS_SELECTOR)) {
    void import('./islands/forms/register.js').then((m) => m.mount([], tessera));
  }
  if (islands > 0) forwardEvents(tessera.visit);
  win.document.dispatchEvent(new CustomEvent('tessera:ready', { detail: tessera.context }));
  return tessera;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') boot();
