import type { Rgb } from './models.js';

const HEX = /^#?([0-9a-f]{3,6})$/i;

/** The digits of a hex colour of 3 to 6 hex digits (with or without "#"), else undefined. */
export function hexDigits(text: string): string | undefined {
  return HEX.exec(text.trim())?.[1];
}

export function isHexColor(text: string): boolean {
  return hexDigits(text) !== undefined;
}

/**
 * A hex colour to RGB. Three digits stand for doubled digits (#abc is #aabbcc); four or five
 * digits are a 24-bit value without its leading zeros (#12345 is #012345). Undefined for
 * anything else.
 */
export function hexToRgb(text: string): Rgb | undefined {
  const digits = hexDigits(text);
  if (digits === undefined) return undefined;
  const six = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.padStart(6, '0');
  const n = parseInt(six, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** RGB to "#rrggbb" (channels rounded and clamped to 0..255). */
export function rgbToHex({ r, g, b }: Rgb): string {
  const channel = (v: number) =>
    Math.min(255, Math.max(0, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}
