import { hexToRgb, type Rgb } from '../color/index.js';
import { PALETTE_SLOTS, type StyleProblem, type StyleValues } from './types.js';

// WCAG 2 relative luminance: each sRGB channel linearized, then weighted.
function channel(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two hex colours, 1 to 21; NaN when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  if (!x || !y) return Number.NaN;
  const [hi, lo] = [relativeLuminance(x), relativeLuminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A colour role's hex colour: a palette slot name is looked up in the palette. */
function roleColor(values: StyleValues, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if ((PALETTE_SLOTS as readonly string[]).includes(value)) {
    const slot = values[`colorPalette.${value}`];
    return typeof slot === 'string' ? slot : undefined;
  }
  return value;
}

/** The pairs every colour theme must keep readable: foreground role, background role, WCAG AA minimum. */
const PAIRS = [
  ['text', 'background', 4.5, 'Text'],
  ['heading', 'background', 3, 'Heading text'],
  ['link', 'background', 4.5, 'Link text'],
  ['muted', 'background', 4.5, 'Muted text'],
  ['buttonText', 'buttonBackground', 4.5, 'Button text'],
] as const;

/** The colour theme ids of flat values, in their order. */
export function colorThemeIds(values: StyleValues): string[] {
  const ids = new Set<string>();
  for (const path of Object.keys(values)) {
    const m = /^colorThemes\.([^.]+)\./.exec(path);
    if (m) ids.add(m[1]!);
  }
  return [...ids];
}

/**
 * Each colour theme's text/background pair under WCAG AA (4.5:1, 3:1 for headings at their size), as a
 * warning on the foreground role's path. The ratio is cut, not rounded, to one decimal, so that a pair
 * just short of the minimum never reads as meeting it.
 */
export function contrastWarnings(values: StyleValues): StyleProblem[] {
  const warnings: StyleProblem[] = [];
  for (const id of colorThemeIds(values)) {
    for (const [fore, back, min, what] of PAIRS) {
      const f = roleColor(values, values[`colorThemes.${id}.${fore}`]);
      const b = roleColor(values, values[`colorThemes.${id}.${back}`]);
      if (!f || !b) continue;
      const ratio = contrastRatio(f, b);
      if (!(ratio < min)) continue;
      const shown = (Math.floor(ratio * 10) / 10).toFixed(1);
      warnings.push({
        path: `colorThemes.${id}.${fore}`,
        message: `${what} on this background has a contrast of ${shown}:1; at least ${min}:1 is needed to be readable.`,
      });
    }
  }
  return warnings;
}
