import { hexDigits } from './hex.js';
import type { Rgb } from './models.js';

/** Dark-colour threshold: luminance below 0.65 of 256 (platform.md section 9). */
export const DARK_LUMINANCE_THRESHOLD = 0.65 * 256;

/** Perceived luminance 0..255 of an RGB colour (ITU-R BT.601 weights). */
export function luminance({ r, g, b }: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** A colour is dark when its luminance is below 0.65 of 256. */
export function isDarkColor(rgb: Rgb): boolean {
  return luminance(rgb) < DARK_LUMINANCE_THRESHOLD;
}

/**
 * The engine's colour weight: the hex colour (3 to 6 digits) read as one number is `light`
 * when above half the largest number of that many digits, else `dark`; null for text that is
 * not a hex colour.
 */
export function colorWeight(text: string): 'light' | 'dark' | null {
  const digits = hexDigits(text);
  if (digits === undefined) return null;
  const max = 16 ** digits.length - 1;
  return parseInt(digits, 16) > max / 2 ? 'light' : 'dark';
}
