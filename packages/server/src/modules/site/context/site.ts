import { minuteOffset, zoneShortName } from '@tessera/core/zone';
import { isObject } from '../../../site-dir/checker.js';
import type { Json, JsonObject } from '../../../site-dir/types.js';
import type { SiteSnapshot } from '../snapshot.js';
import { assetUrl, imageContext } from './assets.js';
import { money } from './money.js';

const bool = (value: Json | undefined, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const num = (value: Json | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const str = (value: Json | undefined, fallback: string) => (typeof value === 'string' ? value : fallback);
const obj = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});

export function cookieSettings(s: SiteSnapshot) {
  const policy = obj(s.settings.cookiePolicy);
  return {
    isRestrictiveCookiePolicyEnabled: bool(policy.restrictive, false),
    isCookieBannerEnabled: bool(policy.bannerEnabled, false),
  };
}

export function captchaSiteKey(s: SiteSnapshot): string | null {
  const captcha = obj(s.settings.captcha);
  return typeof captcha.siteKey === 'string' && captcha.siteKey !== '' ? captcha.siteKey : null;
}

/** `website`: identity and presentation of the site. */
export function websiteContext(s: SiteSnapshot, baseUrl: string, now: number) {
  return {
    id: s.website.id,
    identifier: s.website.identifier,
    siteTitle: s.siteTitle,
    siteDescription: s.siteDescription,
    baseUrl,
    authenticUrl: baseUrl,
    language: s.language,
    timeZone: s.timeZone,
    timeZoneOffset: minuteOffset(s.timeZone, now),
    timeZoneAbbr: zoneShortName(s.timeZone, now),
    logoImageUrl: s.logo ? assetUrl(s, s.logo) : null,
    logoImage: s.logo ? imageContext(s, s.logo, s.siteTitle) : null,
    socialAccounts: s.socialAccounts,
    // The engine's social-button formatters read the share options from `website` (as the reference
    // engines do); the spec's site settings keep them in websiteSettings too.
    shareButtonOptions: obj(s.settings.shareButtonOptions),
    // The spec names website.useCLDRMoneyFormat; the engine also reads featureFlags.useCLDRMoneyFormat.
    useCLDRMoneyFormat: true,
    captchaSettings: { siteKey: captchaSiteKey(s) },
    contentModifiedOn: s.website.updated_on,
  };
}

/**
 * `storeSettings`, built from an allow-list of the site's store settings: anything else there
 * (coupon codes, provider keys) never reaches a page or ?format=json.
 */
export function storeSettingsContext(s: SiteSnapshot) {
  const store = s.store;
  const merch = obj(store.merchandising);
  const installments = obj(store.installments);
  const minimum = Math.max(0, Math.trunc(num(store.minimumOrderSubtotal, 0)));
  const multipleQuantityAllowedForServices = bool(store.allowMultipleQuantityForServices, true);
  return {
    selectedCurrency: s.currency,
    defaultCurrency: s.currency,
    currenciesSupported: [s.currency],
    useLightCart: bool(store.useLightCart, false),
    expressCheckout: bool(store.expressCheckout, false),
    minimumOrderSubtotalEnabled: minimum > 0,
    minimumOrderSubtotal: money(minimum, s.currency),
    minimumOrderSubtotalCents: minimum,
    multipleQuantityAllowedForServices,
    isLive: true,
    merchandisingSettings: {
      // The site's merchandising settings as written (not secret), with the names the engine reads.
      ...merch,
      restockNotificationsEnabled: bool(merch.restockNotificationsEnabled, false),
      restockNotificationsMailingListSignUpEnabled: bool(merch.restockNotificationsMailingListSignUpEnabled, false),
      restockNotificationsSuccessText: str(merch.restockNotificationsSuccessText, ''),
      scarcityEnabledOnProductItems: bool(merch.scarcityEnabled, false),
      scarcityEnabledOnProductBlocks: bool(merch.scarcityEnabled, false),
      scarcityThreshold: Math.trunc(num(merch.scarcityThreshold, 5)),
      multipleQuantityAllowedForServices,
      productReviewsEnabled: bool(merch.reviewsEnabled, false),
    },
    installments:
      Object.keys(installments).length === 0
        ? null
        : {
            provider: str(installments.provider, 'afterpay'),
            minCents: Math.trunc(num(installments.minCents, 0)),
            maxCents: Math.trunc(num(installments.maxCents, 0)),
            numInstallments: Math.trunc(num(installments.numInstallments, 4)),
          },
  };
}

export function websiteSettingsContext(s: SiteSnapshot, storeSettings: ReturnType<typeof storeSettingsContext>) {
  return {
    commentsEnabled: bool(s.settings.commentsEnabled, false),
    simpleLikingEnabled: bool(s.settings.simpleLikingEnabled, false),
    disqusShortname: str(s.settings.disqusShortname, ''),
    shareButtonOptions: obj(s.settings.shareButtonOptions),
    cookieSettings: cookieSettings(s),
    storeSettings,
  };
}
