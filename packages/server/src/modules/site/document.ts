import { escapeHtml } from '@tessera/core/html';
import type { StorefrontBuild } from '../../http/storefront.js';
import type { SiteSnapshot } from './snapshot.js';
import type { LoadedTheme } from './theme.js';
import { captchaSiteKey, cookieSettings } from './context/site.js';
import { Captcha, CHALLENGE_PATH } from '../../captcha/index.js';
import { DEFAULT_STRINGS, variantOverridesAllowed } from '@tessera/core';
import { localizedStrings } from './localized-strings.js';
import { stripeBrowserSettings } from './context/stripe.js';
import { pageStyles } from './styles.js';

/** Who is browsing, for the collectors' skip rules (platform.md section 6): the site owner, signed in, is not counted. */
export interface BrowserVisitor {
  readonly authenticated: boolean;
  /** WebsiteRole codes of the signed-in user. */
  readonly websiteRoles: readonly number[];
  /** The signed-in visitor account (site user), for the page's `authenticatedAccountId`. */
  readonly accountId?: string | null;
}
export const ANONYMOUS: BrowserVisitor = Object.freeze({ authenticated: false, websiteRoles: Object.freeze([]) });

/**
 * What another module adds to the browser context of a site's pages (its payment providers, its
 * overlay, its switches): called once per site snapshot and theme, the result kept with them.
 */
export type BrowserContextHook = (s: SiteSnapshot, context: BrowserContext) => void;
type BrowserContext = Record<string, unknown> & {
  storeSettings: Record<string, unknown>;
  /** Storefront entries (their URLs) the pages of the site load before the bootstrap; never part of the JSON. */
  entryScripts?: string[];
};

/** Server-wide switches the browser context carries, and the modules' additions. */
export interface BrowserOptions {
  /** The global flag that turns census off (CENSUS_DISABLED). */
  readonly censusDisabled: boolean;
  readonly hooks?: readonly BrowserContextHook[];
  /** An owner's preview in the editor (site/preview.ts): never a visit, so every collector is off. */
  readonly preview?: boolean;
}

/**
 * JSON inside a <script> element: "<" is escaped so that no string in it can close the element,
 * and the two line separators that old parsers treat as line ends are escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The site context for the browser: what the bootstrap script and the islands need.
 * Documented in docs/site-format.md ("The site context for the browser").
 */
function browserContext(s: SiteSnapshot, theme: LoadedTheme, page: Record<string, unknown>, options: BrowserOptions, visitor: BrowserVisitor = ANONYMOUS) {
  const website = page.website as { timeZoneOffset: number; timeZoneAbbr: string };
  const storeSettings = page.storeSettings as Record<string, unknown>;
  const item = page.item as { id?: string } | undefined;
  const collection = page.collection as { id?: string; type?: number } | undefined;
  return {
    websiteId: s.website.id,
    templateId: theme.templateId,
    authenticatedAccountId: visitor.accountId ?? null,
    pageType: page.pageType,
    collectionId: collection?.id ?? null,
    itemId: item?.id ?? null,
    // Who may open the page (its collection's access): what a form submission reports as pagePermissionTypeValue.
    pagePermissionTypeValue: pagePermissionType(s, collection?.id),
    // The page's language (the visitor's choice on a multilingual site), else the site's.
    language: (page.website as { language?: string } | undefined)?.language ?? s.language,
    cookieSettings: cookieSettings(s),
    captchaSiteKey: captchaSiteKey(s),
    // The captcha widget's provider and, for ALTCHA, where it fetches challenges.
    captchaProvider: Captcha.providerName(s.settings),
    captchaChallengeUrl: CHALLENGE_PATH,
    timeZone: { name: s.timeZone, offset: website.timeZoneOffset, abbreviation: website.timeZoneAbbr },
    currency: s.currency,
    storeSettings: {
      selectedCurrency: storeSettings.selectedCurrency,
      useLightCart: storeSettings.useLightCart,
      minimumOrderSubtotal: storeSettings.minimumOrderSubtotal,
      minimumOrderSubtotalCents: storeSettings.minimumOrderSubtotalCents,
      multipleQuantityAllowedForServices: storeSettings.multipleQuantityAllowedForServices,
      merchandisingSettings: storeSettings.merchandisingSettings,
      installments: storeSettings.installments,
      // The storefront's add-to-cart buttons and checkout: buy at once (the commerce module adds
      // the payment providers' ids the checkout offers).
      expressCheckout: storeSettings.expressCheckout,
      // The card-network provider's public settings, only on a site that offers it (never a secret).
      ...stripeOf(s),
    } as Record<string, unknown>,
    // Measurement: what the collectors read (packages/storefront/src/collectors/context.ts).
    censusDisabled: options.censusDisabled,
    collectionType: collection?.type ?? null,
    authenticated: visitor.authenticated,
    websiteRoles: visitor.websiteRoles,
    // Variant overrides from the query string only on an internal site; session recording's toggle and sample.
    isInternal: variantOverridesAllowed(s.settings.siteStatus),
    sessionRecording: sessionRecordingSettings(s),
    // The islands' words in the page's language: only those that differ from English (none on an English page).
    localizedStrings: translatedStrings(page.localizedStrings),
  };
}

/** A page's permission type: "members" (a members' area), "password" (a protected page) or "public". */
function pagePermissionType(s: SiteSnapshot, collectionId: string | undefined): 'public' | 'password' | 'members' {
  const c = collectionId ? s.collectionsById.get(collectionId) : undefined;
  if (!c) return 'public';
  if (c.access === 'members') return 'members';
  return c.data.includes('"passwordHash"') ? 'password' : 'public';
}

function stripeOf(s: SiteSnapshot): { stripe?: ReturnType<typeof stripeBrowserSettings> } {
  const stripe = stripeBrowserSettings(s.store);
  return stripe ? { stripe } : {};
}

function withHooks<T extends BrowserContext>(s: SiteSnapshot, context: T, hooks: readonly BrowserContextHook[] = []): T {
  for (const hook of hooks) hook(s, context);
  return context;
}

/** Per strings object (one per snapshot and language), its translated part. */
const translatedMemo = new WeakMap<object, Record<string, string> | undefined>();

function translatedStrings(strings: unknown): Record<string, string> | undefined {
  if (!strings || typeof strings !== 'object') return undefined;
  if (translatedMemo.has(strings)) return translatedMemo.get(strings);
  const result = translate(strings as Record<string, unknown>);
  translatedMemo.set(strings, result);
  return result;
}

function translate(strings: Record<string, unknown>): Record<string, string> | undefined {
  const islands: Readonly<Record<string, string>> = DEFAULT_STRINGS;
  // The server's own pages' strings (cart title, search, accounts, ...): no island reads them.
  const pages = localizedStrings('en-US');
  const own = Object.entries(strings).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && (e[0] in islands ? e[1] !== islands[e[0]] : !(e[0] in pages)),
  );
  return own.length > 0 ? Object.fromEntries(own) : undefined;
}

/** site.json `settings.sessionRecording`: `{ enabled, sampleRate }` (0 to 1), off by default. */
function sessionRecordingSettings(s: SiteSnapshot): { enabled: boolean; sampleRate: number } {
  const raw = s.settings.sessionRecording;
  const obj = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rate = typeof obj.sampleRate === 'number' && obj.sampleRate >= 0 && obj.sampleRate <= 1 ? obj.sampleRate : 1;
  return { enabled: obj.enabled === true, sampleRate: rate };
}

/**
 * The browser context's fields that change only with the site or the theme, serialized once per
 * snapshot and theme (the page type, ids and time zone offset are added per request).
 */
const staticContextJson = new WeakMap<SiteSnapshot, WeakMap<LoadedTheme, { json: string; stylesheets: string }>>();
const previewContextJson = new WeakMap<SiteSnapshot, WeakMap<LoadedTheme, { json: string; stylesheets: string }>>();

/** The switches of the collectors turned off: what an owner's preview carries whatever the site's settings. */
function withoutCollectors<T extends BrowserContext>(context: T): T {
  // The marketing integrations and their entry too: an owner's preview is no visit for an ad platform.
  const { marketing: _m, entryScripts: _e, ...rest } = context;
  return { ...(rest as T), censusDisabled: true, pageSpeedEnabled: false, sessionRecording: { enabled: false, sampleRate: 0 }, isInternal: false };
}

export function headersHtml(
  s: SiteSnapshot,
  theme: LoadedTheme,
  build: StorefrontBuild,
  page: Record<string, unknown>,
  options: BrowserOptions,
  visitor: BrowserVisitor = ANONYMOUS,
): string {
  const kept = options.preview ? previewContextJson : staticContextJson;
  let byTheme = kept.get(s);
  if (!byTheme) kept.set(s, (byTheme = new WeakMap()));
  let cached = byTheme.get(theme);
  if (!cached) {
    const full = withHooks(s, browserContext(s, theme, page, options), options.hooks);
    const {
      pageType: _p,
      collectionId: _c,
      itemId: _i,
      timeZone: _t,
      collectionType: _ct,
      authenticated: _a,
      websiteRoles: _r,
      authenticatedAccountId: _m,
      language: _l,
      localizedStrings: _s,
      entryScripts,
      ...rest
    } = (options.preview ? withoutCollectors(full) : full) as typeof full & Pick<BrowserContext, 'entryScripts'>;
    const stylesheets =
      [...build.cssUrls, ...theme.stylesheetUrls].map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">\n`).join('') +
      // The site's styles after the theme's sheets: the owner's values win over any fallback the sheets set.
      pageStyles(s, theme).element +
      // Entries of the storefront build a module adds for a site (the marketing entry): module scripts run in the
      // order of the document, so these run before the bootstrap at the end of the body.
      (entryScripts ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>\n`).join('');
    cached = { json: scriptJson(rest).slice(1, -1), stylesheets };
    byTheme.set(theme, cached);
  }
  const website = page.website as { timeZoneOffset: number; timeZoneAbbr: string };
  const item = page.item as { id?: string } | undefined;
  const collection = page.collection as { id?: string; type?: number } | undefined;
  const perPage = scriptJson({
    pageType: page.pageType,
    collectionId: collection?.id ?? null,
    itemId: item?.id ?? null,
    // Who may open the page (its collection's access): what a form submission reports as pagePermissionTypeValue.
    pagePermissionTypeValue: pagePermissionType(s, collection?.id),
    timeZone: { name: s.timeZone, offset: website.timeZoneOffset, abbreviation: website.timeZoneAbbr },
    collectionType: collection?.type ?? null,
    authenticated: visitor.authenticated,
    websiteRoles: visitor.websiteRoles,
    authenticatedAccountId: visitor.accountId ?? null,
    language: (page.website as { language?: string } | undefined)?.language ?? s.language,
    localizedStrings: translatedStrings(page.localizedStrings),
  }).slice(1, -1);
  return `<script type="application/json" id="tessera-context">{${cached.json},${perPage}}</script>\n${cached.stylesheets}`;
}

export function footersHtml(build: StorefrontBuild): string {
  return build.bootstrapUrl ? `<script type="module" src="${escapeHtml(build.bootstrapUrl)}"></script>\n` : '';
}
