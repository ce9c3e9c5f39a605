import { isObject } from '../../../../site-dir/checker.js';
import type { PageContext } from '../../pages.js';
import type { SiteSnapshot } from '../../snapshot.js';

/**
 * The site's map tile source (`settings.mapTiles` in site.json: `{ "url": "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
 * "attribution": "© OpenStreetMap contributors" }`), or null when none is set or it is not usable: an
 * http(s) address holding {z}, {x} and {y} ({s} is read as the subdomain "a"), and an attribution,
 * which tile providers require to be shown beside their tiles.
 */
export interface MapTiles {
  readonly url: string;
  readonly attribution: string;
  /** The tiles' origin, which the page's Content-Security-Policy lets images load from. */
  readonly origin: string;
}

const read = new WeakMap<SiteSnapshot, MapTiles | null>();

export function mapTilesOf(s: SiteSnapshot): MapTiles | null {
  if (read.has(s)) return read.get(s) ?? null;
  const raw = s.settings.mapTiles;
  let tiles: MapTiles | null = null;
  if (isObject(raw) && typeof raw.url === 'string' && typeof raw.attribution === 'string' && raw.attribution.trim() !== '') {
    const url = raw.url.trim().replace(/\{s\}/g, 'a');
    let origin: string | null = null;
    try {
      const parsed = new URL(url.replace(/\{[xyz]\}/g, '0'));
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origin = parsed.origin;
    } catch {
      origin = null;
    }
    if (origin && ['{z}', '{x}', '{y}'].every((p) => url.includes(p))) tiles = { url, attribution: raw.attribution.trim(), origin };
  }
  read.set(s, tiles);
  return tiles;
}

const imageOrigins = new WeakMap<PageContext, Set<string>>();

/** Notes that a page shows images from another origin (a map's tiles): its Content-Security-Policy must allow them. */
export function addImageOrigin(page: PageContext, origin: string): void {
  let origins = imageOrigins.get(page);
  if (!origins) imageOrigins.set(page, (origins = new Set()));
  origins.add(origin);
}

/** The other origins a page's images load from (none for most pages). */
export function pageImageOrigins(page: PageContext): readonly string[] {
  return [...(imageOrigins.get(page) ?? [])];
}
