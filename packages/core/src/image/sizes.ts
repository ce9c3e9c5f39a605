/** Responsive widths of the image service (platform.md section 9). */
export const SRCSET_WIDTHS = Object.freeze([100, 300, 500, 750, 1000, 1500, 2500] as const);

/** Thumbnail width buckets: a width up to each threshold uses that width; beyond, 1500w. */
export const THUMBNAIL_WIDTH_THRESHOLDS = Object.freeze([100, 300, 500, 750, 1000] as const);

export const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'";

/** The thumbnail variant for a wanted width: 80 -> "100w", 301 -> "500w", 1001 -> "1500w". */
export function thumbnailWidthBucket(width: number): string {
  for (const t of THUMBNAIL_WIDTH_THRESHOLDS) if (width <= t) return `${t}w`;
  return '1500w';
}

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Reads an `originalSize` of the form "WxH" with positive whole numbers, else undefined. */
export function tryParseOriginalSize(value: unknown): ImageSize | undefined {
  const m = typeof value === 'string' ? /^\s*(\d+)x(\d+)\s*$/.exec(value) : null;
  if (!m) return undefined;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Reads an `originalSize`; throws `Invalid source parameter. Pass in 'originalSize'`. */
export function parseOriginalSize(value: unknown): ImageSize {
  const size = tryParseOriginalSize(value);
  if (!size) throw new RangeError(INVALID_SOURCE);
  return size;
}

/** The height of the image scaled to `width`, rounded down (250x175 at 50 -> 35). */
export function resizedHeightForWidth(originalSize: unknown, width: number): number {
  const { width: w, height: h } = parseOriginalSize(originalSize);
  return Math.floor((h * width) / w);
}

/** The width of the image scaled to `height`, rounded down (250x175 at 50 -> 71). */
export function resizedWidthForHeight(originalSize: unknown, height: number): number {
  const { width: w, height: h } = parseOriginalSize(originalSize);
  return Math.floor((w * height) / h);
}

/** The thumbnail variant that covers the image shown at `height`. */
export function thumbnailForHeight(originalSize: unknown, height: number): string {
  return thumbnailWidthBucket(resizedWidthForHeight(originalSize, height));
}

/** A srcset from the image service: each width as `{src}?format={w}w {w}w`. */
export function imageServiceSrcset(src: string, widths: readonly number[] = SRCSET_WIDTHS): string {
  const join = src.includes('?') ? '&' : '?';
  return widths.map((w) => `${src}${join}format=${w}w ${w}w`).join(', ');
}

/** The focal point of an image, each coordinate 0..1, the centre when missing. */
export function imageFocalPoint(focalPoint: unknown): { x: number; y: number } {
  const fp = (focalPoint ?? {}) as { x?: unknown; y?: unknown };
  const coord = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);
  return { x: coord(fp.x), y: coord(fp.y) };
}

/**
 * The srcset of an image from its `systemDataVariants` ("1500x983,100w,300w,..."): each width
 * variant as `{src}?format={w}w {w}w` (`&format=` when src has a query), in the given order. When the widest variant is one of
 * the standard widths below 2500, the original file stands in for the next standard width
 * (`{src}?format=original 2500w` after 1500w). Empty when there is no width variant.
 */
export function srcsetFromVariants(src: string, systemDataVariants: unknown): string {
  if (typeof systemDataVariants !== 'string') return '';
  const widths = systemDataVariants
    .split(',')
    .map((v) => /^\s*(\d+)w\s*$/.exec(v))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
  if (widths.length === 0) return '';
  // A URL that has a query already (Tessera's content hash, `?v=`) takes the format as one more parameter.
  const join = src.includes('?') ? '&' : '?';
  const entries = widths.map((w) => `${src}${join}format=${w}w ${w}w`);
  const at = (SRCSET_WIDTHS as readonly number[]).indexOf(Math.max(...widths));
  if (at >= 0 && at < SRCSET_WIDTHS.length - 1) entries.push(`${src}${join}format=original ${SRCSET_WIDTHS[at + 1]}w`);
  return entries.join(',');
}
