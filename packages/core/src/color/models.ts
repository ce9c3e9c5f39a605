/** Colour models: rgb, hsl and hsv only (platform.md section 5). */
export const COLOR_MODELS = Object.freeze(['rgb', 'hsl', 'hsv'] as const);
export type ColorModel = (typeof COLOR_MODELS)[number];

export const COLOR_MODEL_ERROR = 'Colour model must be rgb, hsl or hsv';

export function isColorModel(value: unknown): value is ColorModel {
  return typeof value === 'string' && (COLOR_MODELS as readonly string[]).includes(value);
}

/** Throws `Colour model must be rgb, hsl or hsv` for any other model. */
export function assertColorModel(value: unknown): asserts value is ColorModel {
  if (!isColorModel(value)) throw new RangeError(COLOR_MODEL_ERROR);
}

/** Red, green, blue 0..255; alpha 0..1. */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a?: number;
}

/** Hue 0..360; saturation, lightness and alpha 0..1. */
export interface Hsl {
  readonly h: number;
  readonly s: number;
  readonly l: number;
  readonly a?: number;
}

/** Hue 0..360; saturation, value and alpha 0..1. */
export interface Hsv {
  readonly h: number;
  readonly s: number;
  readonly v: number;
  readonly a?: number;
}

export type ColorOf<M extends ColorModel> = M extends 'rgb' ? Rgb : M extends 'hsl' ? Hsl : Hsv;

const withAlpha = <T extends object>(color: T, a: number | undefined): T => (a === undefined ? color : { ...color, a });

export function rgbToHsl({ r, g, b, a }: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  return withAlpha({ h: hue(rn, gn, bn, max, d), s, l }, a);
}

export function hslToRgb({ h, s, l, a }: Hsl): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  return withAlpha(fromChroma(h, c, l - c / 2), a);
}

export function rgbToHsv({ r, g, b, a }: Rgb): Hsv {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const d = max - Math.min(rn, gn, bn);
  return withAlpha({ h: hue(rn, gn, bn, max, d), s: max === 0 ? 0 : d / max, v: max }, a);
}

export function hsvToRgb({ h, s, v, a }: Hsv): Rgb {
  const c = v * s;
  return withAlpha(fromChroma(h, c, v - c), a);
}

function hue(r: number, g: number, b: number, max: number, d: number): number {
  if (d === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}

function fromChroma(h: number, c: number, m: number): Rgb {
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] = hp < 1 ? [c, x, 0] : hp < 2 ? [x, c, 0] : hp < 3 ? [0, c, x] : hp < 4 ? [0, x, c] : hp < 5 ? [x, 0, c] : [c, 0, x];
  // Clamped: float error can give -1e-17 (rounding to -0) or a hair above 1.
  const channel = (v: number) => Math.min(255, Math.max(0, Math.round((v + m) * 255)));
  return { r: channel(r), g: channel(g), b: channel(b) };
}

/** Converts a colour between the three models; throws for any other model name. */
export function convertColor<F extends ColorModel, T extends ColorModel>(color: ColorOf<F>, from: F, to: T): ColorOf<T> {
  assertColorModel(from);
  assertColorModel(to);
  const rgb: Rgb = from === 'rgb' ? (color as Rgb) : from === 'hsl' ? hslToRgb(color as Hsl) : hsvToRgb(color as Hsv);
  return (to === 'rgb' ? rgb : to === 'hsl' ? rgbToHsl(rgb) : rgbToHsv(rgb)) as ColorOf<T>;
}
