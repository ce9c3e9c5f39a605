import { DeviceView } from '@tessera/core/enums';
import { isbot } from 'isbot';

/**
 * What the server derives from a request for the roll-ups: the site's day (dayIn of @tessera/core/zone),
 * the device class and the referring site. Client clocks and client-supplied days are never trusted:
 * the day is the server's time in the site's time zone.
 */

/** The day `days` before (negative: after) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The spec's breakpoint: mobile up to 432 px wide (platform.md section 9). */
const PHONE_MAX_WIDTH = 432;

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|Android/i;

/** desktop, phone or tablet (DeviceView) from the user agent, else from the window width. */
export function deviceOf(userAgent: string | undefined, windowWidth?: unknown): string {
  const ua = userAgent ?? '';
  if (TABLET.test(ua)) return DeviceView.TABLET;
  if (PHONE.test(ua)) return DeviceView.PHONE;
  if (typeof windowWidth === 'number' && windowWidth > 0 && windowWidth <= PHONE_MAX_WIDTH) return DeviceView.PHONE;
  return DeviceView.DESKTOP;
}

/** The referring site's host name; '' for a direct visit, a non-web referrer or the site itself. */
export function referrerHost(referrer: unknown, ownHost: string): string {
  if (typeof referrer !== 'string' || referrer === '') return '';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  const host = url.hostname.toLowerCase();
  return host === ownHost ? '' : host;
}

/** A path without its query and hash, at most 512 characters (paths are roll-up dimensions). */
export function pathOf(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) return '/';
  return path.split(/[?#]/, 1)[0]!.slice(0, 512);
}

/** User agents already checked, and whether each is a bot's: most traffic comes from a few hundred. */
const botAgents = new Map<string, boolean>();
const BOT_AGENTS_KEPT = 1_000;
/** Longer user agents are checked every time: the cache stays small (a browser's is some 150 characters). */
const BOT_AGENT_LENGTH = 512;

/**
 * Whether the user agent is a bot's (a crawler, a headless browser, a script's HTTP client), by
 * isbot's maintained list of patterns. Crawlers that run JavaScript send the collectors' calls like
 * a visitor's browser, so the user agent is what tells them apart. No user agent is not a bot.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  let bot = botAgents.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (userAgent.length <= BOT_AGENT_LENGTH) {
      if (botAgents.size >= BOT_AGENTS_KEPT) botAgents.clear();
      botAgents.set(userAgent, bot);
    }
  }
  return bot;
}
