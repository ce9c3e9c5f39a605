import type { AssetInfo, SiteSnapshot } from '../snapshot.js';

const EXTERNAL = /^(https?:)?\/\//i;

/**
 * The URL of a site asset ("assets/shop/mug.svg" -> "/assets/shop/mug.svg?v=<hash>"). The content
 * hash in the query lets the asset route answer with a long, immutable cache lifetime.
 */
export function assetUrl(s: SiteSnapshot, path: string): string {
  if (EXTERNAL.test(path)) return path;
  const info = s.assets.get(path);
  const clean = `/${path.replace(/^\/+/, '')}`;
  return info ? `${clean}?v=${info.sha256.slice(0, 12)}` : clean;
}

/**
 * systemDataVariants as themes read it: the original's "WxH", then each width the image service made
 * ("1200x800,100w,300w,500w,750w,1000w"); empty for an image without variants (not a raster image, too
 * small, not processed yet), so that themes write no srcset for it.
 */
function systemDataVariants(info: AssetInfo | undefined): string {
  if (!info || info.variants.length === 0 || !info.width || !info.height) return '';
  const widths = [...new Set(info.variants.map((v) => v.width))].sort((a, b) => a - b);
  return [`${info.width}x${info.height}`, ...widths.map((w) => `${w}w`)].join(',');
}

/**
 * An image as themes read it (platform.md "Image"): assetUrl, originalSize "WxH", focal point, colorData
 * (the corner and centre averages), systemDataVariants, alt text, title, file name; and a placeholder,
 * a data URL of a tiny copy to show while the image loads.
 */
export function imageContext(s: SiteSnapshot, path: string, title: string, alt?: string | null, focal?: unknown) {
  const info = s.assets.get(path);
  const point = focal && typeof focal === 'object' ? (focal as { x?: unknown; y?: unknown }) : {};
  return {
    id: info?.id ?? null,
    assetUrl: assetUrl(s, path),
    originalSize: info?.width && info?.height ? `${info.width}x${info.height}` : null,
    mediaFocalPoint: {
      x: typeof point.x === 'number' ? point.x : 0.5,
      y: typeof point.y === 'number' ? point.y : 0.5,
    },
    altText: alt ?? '',
    title,
    filename: path.slice(path.lastIndexOf('/') + 1),
    contentType: info?.contentType ?? null,
    systemDataVariants: systemDataVariants(info),
    colorData: info?.colorData ?? null,
    placeholder: info?.placeholder ?? null,
  };
}

/**
 * The small image object a cart line, an order line or a mail shows: its URL, alt text and the widths
 * the image service made, from which the page writes a srcset (`image-srcset`, core's srcsetFromVariants).
 */
export function lineImage(s: SiteSnapshot, path: string, altText: string): LineImage {
  return { assetUrl: assetUrl(s, path), altText, systemDataVariants: systemDataVariants(s.assets.get(path)) };
}

export interface LineImage {
  readonly assetUrl: string;
  readonly altText: string;
  /** "WxH,100w,300w,…", empty without variants (an SVG, a small or unprocessed image). */
  readonly systemDataVariants: string;
}

/** An image given as a path or as { path, alt } (product images), as an image object. */
export function imageFromEntry(s: SiteSnapshot, entry: unknown, title: string) {
  if (typeof entry === 'string') return imageContext(s, entry, title);
  if (entry && typeof entry === 'object' && typeof (entry as { path?: unknown }).path === 'string') {
    const { path, alt, focalPoint } = entry as { path: string; alt?: unknown; focalPoint?: unknown };
    return imageContext(s, path, title, typeof alt === 'string' ? alt : null, focalPoint);
  }
  return null;
}
