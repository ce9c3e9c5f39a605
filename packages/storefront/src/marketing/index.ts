// The marketing chunk (docs/marketing.md): loaded by the bootstrap only on a site that asks for
// cookie consent or configured a tag manager or an ad pixel, never otherwise. It shows the cookie
// banner until the visitor chooses, keeps the choice, and loads the tags when the consent rule allows.
import { TRACKING_COOKIES } from '@tessera/core/constants';
import type { TesseraGlobal } from '../bootstrap.js';
import { clearCookie } from '../collectors/cookies.js';
import { createBanner } from './banner.js';
import { consentRule, readConsent, writeConsent, type ConsentPolicy } from './consent.js';
import { loadPixel, loadTagManager, pushPurchase, trackPixel, type MarketingContext } from './tags.js';

function policyOf(tessera: TesseraGlobal): ConsentPolicy {
  const c = tessera.context?.cookieSettings;
  return { restrictive: c?.isRestrictiveCookiePolicyEnabled === true, bannerEnabled: c?.isCookieBannerEnabled === true };
}

let started = false;

/** Loads the configured tags, once per page; a signed-in member of the site's staff is no audience for them. */
function loadTags(tessera: TesseraGlobal): void {
  const marketing = tessera.context?.marketing as MarketingContext | undefined;
  if (started || !marketing || tessera.context?.authenticated) return;
  started = true;
  if (marketing.tagManager) {
    loadTagManager(marketing.tagManager);
    void pushPurchase().catch(() => {});
  }
  if (marketing.pixel) {
    loadPixel(marketing.pixel);
    void import('../events.js').then(({ events }) => events.subscribe(trackPixel));
  }
}

export function startMarketing(tessera: TesseraGlobal, doc: Document = document): void {
  const policy = policyOf(tessera);
  const outcome = consentRule(policy, readConsent());
  if (outcome.marketing) loadTags(tessera);
  if (!policy.bannerEnabled) return;
  const marketing = tessera.context?.marketing as MarketingContext | undefined;
  const banner = createBanner(doc, marketing?.privacyUrl, (choice) => {
    writeConsent(choice);
    if (consentRule(policy, choice).marketing) loadTags(tessera);
    // A decline takes back what the analytics collectors kept; the tags already in this page stop with the next one.
    else for (const name of TRACKING_COOKIES) clearCookie(name);
  });
  if (outcome.showBanner) banner.show();
}
