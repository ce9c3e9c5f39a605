import { isObject } from '../../site-dir/checker.js';
import type { JsonObject } from '../../site-dir/types.js';
import type { SiteSnapshot } from '../site/index.js';

/**
 * The owner's marketing integrations and cookie choices, as the owner's API reads and writes them.
 * Stored in the site's settings (site.json `settings.marketing` and `settings.cookiePolicy`), so
 * `tessera export` writes them and `tessera import` loads them.
 */
export interface MarketingSettings {
  /** The tag manager's container id (`GTM-XXXXXXX`); empty: no tag manager. */
  tagManagerId: string;
  /** The ad pixel's id (digits); empty: no pixel. */
  pixelId: string;
  /** The site's privacy page, linked from the cookie banner; empty: no link. */
  privacyUrl: string;
  /** The cookie banner asks every visitor to accept or decline. */
  cookieBannerEnabled: boolean;
  /** Nothing marketing-related and no tracking cookie before the visitor accepts. */
  restrictiveCookiePolicy: boolean;
}

const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,10}$/;
const PIXEL_ID = /^[0-9]{6,20}$/;
/** A path of the site (never `//host`) or an http(s) address. */
const PRIVACY_URL = /^(\/(?!\/)\S*|https?:\/\/\S+)$/;

const MESSAGES = {
  tagManagerId: 'Enter a tag manager container id such as GTM-AB12CD3 ("GTM-" then 4 to 10 capital letters or digits), or leave it empty.',
  pixelId: 'Enter the ad pixel id: 6 to 20 digits, or leave it empty.',
  privacyUrl: 'Enter a path of the site (/privacy) or an http(s) address, or leave it empty.',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The settings as stored; an id that is not well formed (an import does not check them) reads as empty. */
export function marketingSettingsOf(settings: JsonObject): MarketingSettings {
  const m = isObject(settings.marketing) ? settings.marketing : {};
  const policy = isObject(settings.cookiePolicy) ? settings.cookiePolicy : {};
  const tagManagerId = text(m.tagManagerId);
  const pixelId = text(m.pixelId);
  const privacyUrl = text(m.privacyUrl);
  return {
    tagManagerId: TAG_MANAGER_ID.test(tagManagerId) ? tagManagerId : '',
    pixelId: PIXEL_ID.test(pixelId) ? pixelId : '',
    privacyUrl: PRIVACY_URL.test(privacyUrl) ? privacyUrl : '',
    cookieBannerEnabled: policy.bannerEnabled === true,
    restrictiveCookiePolicy: policy.restrictive === true,
  };
}

/** Checks what the owner sent (already trimmed); field -> message for each wrong one. */
export function marketingErrors(next: Pick<MarketingSettings, 'tagManagerId' | 'pixelId' | 'privacyUrl'>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (next.tagManagerId !== '' && !TAG_MANAGER_ID.test(next.tagManagerId)) errors.tagManagerId = MESSAGES.tagManagerId;
  if (next.pixelId !== '' && !PIXEL_ID.test(next.pixelId)) errors.pixelId = MESSAGES.pixelId;
  if (next.privacyUrl !== '' && !PRIVACY_URL.test(next.privacyUrl)) errors.privacyUrl = MESSAGES.privacyUrl;
  return errors;
}

/** Writes the settings into the site's settings object, keeping the other fields of `cookiePolicy`. */
export function applyMarketingSettings(settings: JsonObject, next: MarketingSettings): void {
  const marketing: JsonObject = {};
  if (next.tagManagerId) marketing.tagManagerId = next.tagManagerId;
  if (next.pixelId) marketing.pixelId = next.pixelId;
  if (next.privacyUrl) marketing.privacyUrl = next.privacyUrl;
  if (Object.keys(marketing).length > 0) settings.marketing = marketing;
  else delete settings.marketing;
  const policy = isObject(settings.cookiePolicy) ? settings.cookiePolicy : {};
  settings.cookiePolicy = { ...policy, restrictive: next.restrictiveCookiePolicy, bannerEnabled: next.cookieBannerEnabled };
}

/** Where each integration's script comes from: its documented host, or one origin standing in for both (the tests). */
export interface ScriptHosts {
  readonly tagManager: string;
  readonly pixel: string;
}

const DOCUMENTED_HOSTS: ScriptHosts = { tagManager: 'https://www.googletagmanager.com', pixel: 'https://connect.facebook.net' };

export function scriptHosts(origin: string | undefined): ScriptHosts {
  const o = origin ? origin.replace(/\/$/, '') : '';
  return o ? { tagManager: o, pixel: o } : DOCUMENTED_HOSTS;
}

/**
 * What the storefront's marketing entry reads (the browser context's `marketing`), or undefined when
 * it has nothing to do: no banner and no tag.
 */
export function browserMarketing(s: SiteSnapshot, hosts: ScriptHosts) {
  const m = marketingSettingsOf(s.settings);
  if (!m.tagManagerId && !m.pixelId && !m.cookieBannerEnabled) return undefined;
  return {
    ...(m.tagManagerId ? { tagManager: { id: m.tagManagerId, src: `${hosts.tagManager}/gtm.js?id=${m.tagManagerId}` } } : {}),
    ...(m.pixelId ? { pixel: { id: m.pixelId, src: `${hosts.pixel}/en_US/fbevents.js` } } : {}),
    ...(m.cookieBannerEnabled && m.privacyUrl ? { privacyUrl: m.privacyUrl } : {}),
  };
}

/**
 * The Content-Security-Policy sources a page of the site needs for its integrations, none without
 * them. The tag manager's and the pixel's documented hosts for their scripts, the calls their scripts
 * make and their frames (the tag manager's no-script preview); images are allowed from any https host already.
 */
export function policySources(s: SiteSnapshot, hosts: ScriptHosts): Record<string, string[]> | undefined {
  const m = marketingSettingsOf(s.settings);
  if (!m.tagManagerId && !m.pixelId) return undefined;
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  if (m.tagManagerId) {
    script.push(hosts.tagManager);
    if (hosts === DOCUMENTED_HOSTS) {
      connect.push('https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
      frame.push('https://www.googletagmanager.com');
    } else connect.push(hosts.tagManager);
  }
  if (m.pixelId) {
    if (!script.includes(hosts.pixel)) script.push(hosts.pixel);
    if (hosts === DOCUMENTED_HOSTS) connect.push('https://www.facebook.com', 'https://connect.facebook.net');
    else if (!connect.includes(hosts.pixel)) connect.push(hosts.pixel);
  }
  return { 'script-src': script, 'connect-src': connect, ...(frame.length > 0 ? { 'frame-src': frame } : {}) };
}
