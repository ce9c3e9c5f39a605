import type { BlockSettings } from '@tessera/core/layout';
import type { PageContext, PageRequest } from '../../pages.js';
import { addImageOrigin, type MapTiles, mapTilesOf } from './map-tiles.js';

const TILE = 256;
/** Tiles laid out around the place: wide enough for a full-width block, tall enough for the map's height. */
const COLUMNS = 5;
const ROWS = 3;

/**
 * A static map: the tiles around a point at a zoom (the usual web-map tiling, 256-pixel squares,
 * 2^zoom of them across the world), placed so that the point is at the map's centre, where the
 * theme draws the marker. No script: the tiles are images, placed by CSS.
 */
function staticMap(tiles: MapTiles, lat: number, lng: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  const x = ((lng + 180) / 360) * n;
  const y = ((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n;
  const left = Math.floor(x) - Math.floor(COLUMNS / 2);
  const top = Math.floor(y) - Math.floor(ROWS / 2);
  const list: { url: string; left: number; top: number }[] = [];
  for (let row = 0; row < ROWS; row++) {
    const ty = top + row;
    if (ty < 0 || ty >= n) continue; // beyond the poles: left blank
    for (let col = 0; col < COLUMNS; col++) {
      const tx = (((left + col) % n) + n) % n; // around the date line
      const url = tiles.url.replace(/\{z\}/g, String(zoom)).replace(/\{x\}/g, String(tx)).replace(/\{y\}/g, String(ty));
      list.push({ url, left: col * TILE, top: row * TILE });
    }
  }
  return {
    tiles: list,
    width: COLUMNS * TILE,
    height: ROWS * TILE,
    // Where the point lies in the laid-out tiles: the layer is moved by this much from the map's centre.
    pointX: Math.round((x - left) * TILE),
    pointY: Math.round((y - top) * TILE),
    attribution: tiles.attribution,
  };
}

/**
 * A map block: the address, and with the site's tile source and the address's coordinates a static
 * map of it (its tile host is then allowed in the page's Content-Security-Policy); without them, an
 * address card. Both link to the place on openstreetmap.org. Null when the block names no place.
 */
export async function mapData(_store: unknown, req: PageRequest, raw: Readonly<Record<string, unknown>>, page: PageContext) {
  const settings = raw as unknown as BlockSettings['map'];
  const a = settings.address ?? ({} as BlockSettings['map']['address']);
  const lines = [a.addressLine1, a.addressLine2, a.addressCountry].filter((l): l is string => typeof l === 'string' && l.trim() !== '');
  const located = typeof a.mapLat === 'number' && typeof a.mapLng === 'number';
  if (lines.length === 0 && !located && !a.addressTitle) return null;
  const zoom = Math.min(Math.max(Math.trunc(Number(settings.zoom) || 14), 1), 19);
  const query = [a.addressTitle, ...lines].filter(Boolean).join(', ');
  const searchUrl =
    lines.length > 0 || !located
      ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`
      : `https://www.openstreetmap.org/?mlat=${a.mapLat}&mlon=${a.mapLng}#map=${zoom}/${a.mapLat}/${a.mapLng}`;
  const tiles = mapTilesOf(req.snapshot);
  const map = tiles && located ? staticMap(tiles, a.mapLat!, a.mapLng!, zoom) : null;
  if (map && tiles) addImageOrigin(page, tiles.origin);
  return { address: { ...a, lines }, label: a.addressTitle || lines[0] || 'the place', searchUrl, map };
}
