import { SRCSET_WIDTHS } from '@tessera/core';

/**
 * Images larger than this many pixels are refused before they are decoded: a "decompression bomb"
 * (a small PNG that claims 100,000 x 100,000 pixels) would otherwise take gigabytes. 100 megapixels
 * covers every camera and phone photograph; 12-megapixel photos are a tenth of it.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Image files read into memory for the image service at most (a larger one is served as it is). */
export const MAX_IMAGE_BYTES = 60_000_000;

/** The responsive widths (platform.md section 9) an image of this width gets: never wider than itself. */
export function variantWidths(width: number): number[] {
  return SRCSET_WIDTHS.filter((w) => w <= width);
}

/** Encoder settings of the variants: quality for a photograph shown on the web, without metadata. */
export const JPEG_QUALITY = 82;
export const WEBP_QUALITY = 80;
/**
 * libwebp's effort (0-6): at 2 the demo's photographs encode about 2.5 times as fast as at the default 4,
 * to files of the same size (measured: 181 ms and 179 KB against 467 ms and 181 KB for the five widths
 * of a 1200 x 1200 photograph).
 */
export const WEBP_EFFORT = 2;

/** The placeholder: this many pixels wide, a data URL of a few hundred bytes shown while the image loads. */
export const PLACEHOLDER_WIDTH = 16;
