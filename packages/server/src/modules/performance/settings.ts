import type { SiteSnapshot } from '../site/index.js';

/**
 * Whether a site measures page speed: on unless site.json says `"settings": { "pageSpeedEnabled": false }`.
 * The page context tells the collector (it starts only when enabled) and the settings call answers
 * 404 when it is off.
 */
export function pageSpeedEnabled(snapshot: SiteSnapshot): boolean {
  return snapshot.settings.pageSpeedEnabled !== false;
}
