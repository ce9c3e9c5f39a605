import type { SiteSnapshot } from '../snapshot.js';

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

/** An image as themes read it: assetUrl, originalSize "WxH", focal point, alt text. */
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
    // Resized variants would be listed here once the server serves them; themes then write a srcset.
    systemDataVariants: '',
  };
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
