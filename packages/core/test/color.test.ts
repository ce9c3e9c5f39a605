import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOR_MODELS,
  DARK_LUMINANCE_THRESHOLD,
  HSL_MESSAGES,
  assertColorModel,
  colorWeight,
  convertColor,
  hexToRgb,
  hslToRgb,
  hsvToRgb,
  isDarkColor,
  isHexColor,
  rgbToHex,
  rgbToHsl,
  rgbToHsv,
  validateHsl,
  websiteColorCss,
} from '../src/color/index.js';
import { jsontCasesDir, pluginCases, textOf } from './helpers/cases.js';

describe('colour models', () => {
  it('are rgb, hsl and hsv only', () => {
    expect(COLOR_MODELS).toEqual(['rgb', 'hsl', 'hsv']);
    expect(() => assertColorModel('cmyk')).toThrow('Colour model must be rgb, hsl or hsv');
    expect(() => convertColor({ r: 0, g: 0, b: 0 }, 'rgb', 'lab' as never)).toThrow('Colour model must be rgb, hsl or hsv');
  });

  it('convert known colours', () => {
    expect(rgbToHsl({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 1, l: 0.5 });
    expect(rgbToHsv({ r: 0, g: 255, b: 0 })).toEqual({ h: 120, s: 1, v: 1 });
    expect(hslToRgb({ h: 240, s: 1, l: 0.5 })).toEqual({ r: 0, g: 0, b: 255 });
    expect(hsvToRgb({ h: 60, s: 1, v: 1, a: 0.5 })).toEqual({ r: 255, g: 255, b: 0, a: 0.5 });
    expect(hslToRgb({ h: 0, s: 0, l: 0.5 })).toEqual({ r: 128, g: 128, b: 128 });
    expect(convertColor({ h: 200, s: 0.3, l: 0.5 }, 'hsl', 'hsv')).toEqual(rgbToHsv(hslToRgb({ h: 200, s: 0.3, l: 0.5 })));
  });

  it('round-trip every RGB colour through hsl and hsv', () => {
    const channel = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        expect(hslToRgb(rgbToHsl({ r, g, b }))).toEqual({ r, g, b });
        expect(hsvToRgb(rgbToHsv({ r, g, b }))).toEqual({ r, g, b });
        expect(convertColor(convertColor({ r, g, b }, 'rgb', 'hsl'), 'hsl', 'rgb')).toEqual({ r, g, b });
      }),
    );
  });
});

describe('hex colours', () => {
  it('have 3 to 6 hex digits', () => {
    for (const ok of ['#fff', 'abc', '#1234', '#12345', '#A1B2C3']) expect(isHexColor(ok), ok).toBe(true);
    for (const bad of ['#ff', '#1234567', 'red', '#ggg', '']) expect(isHexColor(bad), bad).toBe(false);
  });

  it('convert to and from RGB', () => {
    expect(hexToRgb('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc });
    expect(hexToRgb('ff8000')).toEqual({ r: 255, g: 128, b: 0 });
    expect(hexToRgb('#12345')).toEqual({ r: 0x01, g: 0x23, b: 0x45 });
    expect(hexToRgb('nope')).toBeUndefined();
    expect(rgbToHex({ r: 255, g: 128, b: 0 })).toBe('#ff8000');
    expect(rgbToHex({ r: 300, g: -5, b: 15.6 })).toBe('#ff0010');
  });
});

describe('dark colours and colour weight', () => {
  it('is dark below 0.65 of 256 luminance', () => {
    expect(DARK_LUMINANCE_THRESHOLD).toBeCloseTo(166.4);
    expect(isDarkColor({ r: 0, g: 0, b: 0 })).toBe(true);
    expect(isDarkColor({ r: 255, g: 255, b: 255 })).toBe(false);
    expect(isDarkColor({ r: 166, g: 166, b: 166 })).toBe(true);
    expect(isDarkColor({ r: 167, g: 167, b: 167 })).toBe(false);
    expect(isDarkColor({ r: 0, g: 0, b: 255 })).toBe(true);
    expect(isDarkColor({ r: 255, g: 255, b: 0 })).toBe(false);
  });

  it('weighs light above half the maximum, else dark', () => {
    expect(colorWeight('#fff')).toBe('light');
    expect(colorWeight('#000')).toBe('dark');
    expect(colorWeight('#808080')).toBe('light');
    expect(colorWeight('#7f7f7f')).toBe('dark');
    expect(colorWeight('#888')).toBe('light');
    expect(colorWeight('#777')).toBe('dark');
    expect(colorWeight('abc')).toBe('light');
    expect(colorWeight('#12345')).toBe('dark');
    expect(colorWeight('red')).toBeNull();
    expect(colorWeight('#1234567')).toBeNull();
  });
});

describe('site colours in HSL', () => {
  it('write CSS with or without alpha', () => {
    expect(websiteColorCss({ hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.9 })).toEqual({ css: 'hsla(200, 30%, 50%, 0.9)' });
    expect(websiteColorCss({ hue: 110, saturation: 0.9, lightness: 1 })).toEqual({ css: 'hsl(110, 90%, 100%)' });
    expect(websiteColorCss({ hue: 200.4, saturation: 0.333, lightness: 0.5055 })).toEqual({ css: 'hsl(200.4, 33.3%, 50.55%)' });
    expect(websiteColorCss({ hue: '10', saturation: '0.5', lightness: 0.5, alpha: 0.123456 })).toEqual({ css: 'hsla(10, 50%, 50%, 0.12)' });
  });

  it('report missing values and each bound', () => {
    expect(validateHsl({ saturation: 0.9, lightness: 1 })).toEqual(['Missing an H/S/L value.']);
    expect(validateHsl({ hue: 'x', saturation: 0.9, lightness: 1 })).toEqual([HSL_MESSAGES.missing]);
    expect(validateHsl({ hue: 400, saturation: -0.3, lightness: 5, alpha: 3 })).toEqual([
      'Hue out of bounds.',
      'Saturation out of bounds.',
      'Lightness out of bounds.',
      'Alpha out of bounds.',
    ]);
    expect(validateHsl({ hue: 360, saturation: 1, lightness: 0, alpha: 0 })).toEqual([]);
    expect(validateHsl({ hue: -1, saturation: 0.5, lightness: 0.5 })).toEqual(['Hue out of bounds.']);
    expect(websiteColorCss({ hue: 0, saturation: 2, lightness: 0 })).toEqual({ errors: ['Saturation out of bounds.'] });
  });

  const casesDir = jsontCasesDir();
  it.skipIf(!casesDir)('reproduce the website-color case files', () => {
    const cases = pluginCases(casesDir!, /^f-website-color-/);
    expect(cases.length).toBeGreaterThanOrEqual(4);
    for (const c of cases) {
      const r = websiteColorCss(c.json as object);
      expect('css' in r ? r.css : r.errors.join(' '), c.file).toBe(textOf(c.output));
    }
  });
});
