/** The HSL messages of platform.md section 5, verbatim. */
export const HSL_MESSAGES = Object.freeze({
  missing: 'Missing an H/S/L value.',
  hue: 'Hue out of bounds.',
  saturation: 'Saturation out of bounds.',
  lightness: 'Lightness out of bounds.',
  alpha: 'Alpha out of bounds.',
});

/** A site colour as the site data holds it: hue 0..360; saturation, lightness, alpha 0..1. */
export interface WebsiteHsl {
  readonly hue?: unknown;
  readonly saturation?: unknown;
  readonly lightness?: unknown;
  readonly alpha?: unknown;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * The problems of a site colour: `Missing an H/S/L value.` alone when hue, saturation or
 * lightness is missing (or not a number); else each value out of bounds, in the order hue,
 * saturation, lightness, alpha. Empty when valid.
 */
export function validateHsl(color: WebsiteHsl): string[] {
  const h = num(color.hue);
  const s = num(color.saturation);
  const l = num(color.lightness);
  if (h === undefined || s === undefined || l === undefined) return [HSL_MESSAGES.missing];
  const problems: string[] = [];
  if (h < 0 || h > 360) problems.push(HSL_MESSAGES.hue);
  if (s < 0 || s > 1) problems.push(HSL_MESSAGES.saturation);
  if (l < 0 || l > 1) problems.push(HSL_MESSAGES.lightness);
  if (color.alpha !== undefined && color.alpha !== null) {
    const a = num(color.alpha);
    if (a === undefined || a < 0 || a > 1) problems.push(HSL_MESSAGES.alpha);
  }
  return problems;
}

// Up to two decimals, trailing zeros dropped: 0.333 -> 33.3%, 0.123456 alpha -> 0.12.
const short = (n: number) => String(Math.round(n * 100) / 100);

/**
 * A valid site colour as CSS, `hsl(110, 90%, 100%)` or `hsla(200, 30%, 50%, 0.9)` with an
 * alpha; otherwise the problems of {@link validateHsl}.
 */
export function websiteColorCss(color: WebsiteHsl): { readonly css: string } | { readonly errors: string[] } {
  const errors = validateHsl(color);
  if (errors.length > 0) return { errors };
  const h = short(num(color.hue)!);
  const s = `${short(num(color.saturation)! * 100)}%`;
  const l = `${short(num(color.lightness)! * 100)}%`;
  const a = num(color.alpha);
  return { css: a === undefined ? `hsl(${h}, ${s}, ${l})` : `hsla(${h}, ${s}, ${l}, ${short(a)})` };
}
