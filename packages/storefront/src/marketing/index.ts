// The marketing entry (docs/marketing.md): the server adds it, before the bootstrap, only to the pages
// of a site that asks for cookie consent or configured a tag manager or an ad pixel. Running first, it
// tells the bootstrap's collectors what the visitor's choice allows (the context's cookie policy);
// then it shows the cookie banner until the visitor chooses, keeps the choice, and loads the tags
// when the consent rule allows them.
import type { SiteContext } from '../bootstrap.js';
// Imported, not fetched on demand: a dynamic import here would move the import helper out of the bootstrap into a
// chunk of its own, which every page would then fetch. The bus is the one the bootstrap's islands publish on.
import { events } from '../events.js';
import { createBanner } from './banner.js';
import { clearTrackingCookies, consentRule, readConsent, writeConsent, type ConsentPolicy } from './consent.js';
import { loadPixel, loadTagManager, pushPurchase, trackFormEvents, trackPixel, type MarketingContext } from './tags.js';

type Context = SiteContext & { marketing?: MarketingContext };

let started = false;

/** Loads the configured tags, once per page; a signed-in member of the site's staff is no audience for them. */
function loadTags(context: Context): void {
  const marketing = context.marketing;
  if (started || !marketing || context.authenticated) return;
  started = true;
  if (marketing.tagManager) {
    loadTagManager(marketing.tagManager);
    void pushPurchase().catch(() => {});
  }
  if (marketing.pixel) {
    loadPixel(marketing.pixel);
    events.subscribe(trackPixel);
  }
  trackFormEvents(window, { tagManager: !!marketing.tagManager, pixel: !!marketing.pixel });
}

/**
 * The collectors read the cookie policy from the page's context when the bootstrap starts, after this
 * entry: a visitor's choice replaces the site's policy there (a decline restricts, an Accept lifts the restriction).
 */
function applyChoice(element: HTMLElement, context: Context, trackingCookies: boolean): void {
  context.cookieSettings = { ...context.cookieSettings, isRestrictiveCookiePolicyEnabled: !trackingCookies };
  element.textContent = JSON.stringify(context);
}

export function startMarketing(doc: Document = document): void {
  const element = doc.getElementById('tessera-context');
  let context: Context;
  try {
    context = JSON.parse(element?.textContent ?? '') as Context;
  } catch {
    return;
  }
  const settings = context.cookieSettings;
  const policy: ConsentPolicy = { restrictive: settings?.isRestrictiveCookiePolicyEnabled === true, bannerEnabled: settings?.isCookieBannerEnabled === true };
  const choice = readConsent();
  const outcome = consentRule(policy, choice);
  if (choice !== undefined && element) applyChoice(element, context, outcome.trackingCookies);
  if (outcome.marketing) loadTags(context);
  if (!policy.bannerEnabled) return;
  const banner = createBanner(doc, context.marketing?.privacyUrl, (made) => {
    writeConsent(made);
    if (consentRule(policy, made).marketing) loadTags(context);
    // A decline takes back what the analytics collectors kept; the tags already in this page stop with the next one.
    else clearTrackingCookies();
  });
  if (outcome.showBanner) banner.show();
}

if (typeof document !== 'undefined') startMarketing();
