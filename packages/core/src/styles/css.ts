import { colorThemeIds } from './contrast.js';
import { pathSpecs } from './paths.js';
import { COLOR_ROLES, FONT_PARTS, PALETTE_SLOTS, type StyleFont, type StyleSetting, type StyleValue, type StyleValues, type StylesSchema } from './types.js';

/** Screens up to this width take the mobile values (the spec's breakpoints: desktop from 433 px). */
const MOBILE_MAX_WIDTH = 432;

const FALLBACK_STACK = 'system-ui, sans-serif';

/** camelCase role to the custom property's kebab-case: buttonBackground -> button-background. */
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// Values come from checked input, yet nothing in them may end the <style> element or a declaration.
const ident = (v: string) => v.replace(/[^\w-]/g, '');
const cssString = (v: string) =>
  `"${v
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/</g, '\\3c ')
    .replace(/[\n\r]/g, ' ')}"`;

function colorCss(value: StyleValue): string {
  if (typeof value !== 'string') return 'initial';
  return (PALETTE_SLOTS as readonly string[]).includes(value)
    ? `var(--palette-${value})`
    : ident(value.startsWith('#') ? value.slice(1) : value).replace(/^/, '#');
}

function fontStack(fonts: ReadonlyMap<string, StyleFont>, id: StyleValue): string {
  return (typeof id === 'string' && fonts.get(id)?.stack) || FALLBACK_STACK;
}

function settingCss(setting: StyleSetting, value: StyleValue, fonts: ReadonlyMap<string, StyleFont>): string {
  switch (setting.type) {
    case 'color':
      return colorCss(value);
    case 'font':
      return fontStack(fonts, value);
    case 'select':
      return ident(String(value));
    case 'range':
      // A percentage keeps its sign: it is no identifier, but CSS reads "40%" where a bare 40 would mean 40.
      return `${Number(value)}${setting.unit === '%' ? '%' : ident(setting.unit ?? '')}`;
    case 'toggle':
      return value === true ? '1' : '0';
    case 'text':
      return cssString(String(value ?? ''));
  }
}

/** The nearest weight a font offers (a font theme may ask for one its files lack). */
function nearestWeight(font: StyleFont, weight: number): number | undefined {
  const offered = Object.keys(font.files).map(Number);
  return offered.sort((a, b) => Math.abs(a - weight) - Math.abs(b - weight) || a - b)[0];
}

function fontFaces(values: StyleValues, fonts: ReadonlyMap<string, StyleFont>): string {
  const active = values.activeFontThemeId;
  const faces = new Map<string, string>();
  for (const part of FONT_PARTS) {
    const font = fonts.get(String(values[`fontThemes.${active}.${part}.family`]));
    if (!font) continue;
    const weight = nearestWeight(font, Number(values[`fontThemes.${active}.${part}.weight`]));
    if (weight === undefined) continue;
    const key = `${font.id}:${weight}`;
    faces.set(
      key,
      `@font-face{font-family:${cssString(font.family)};font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:url(/static/fonts/${font.id}/${font.files[weight]}) format("woff2")}`,
    );
  }
  return [...faces.keys()]
    .sort()
    .map((k) => faces.get(k)!)
    .join('');
}

function themeRoles(values: StyleValues, id: StyleValue): string {
  return COLOR_ROLES.map((role) => `--color-${kebab(role)}:${colorCss(values[`colorThemes.${id}.${role}`] ?? null)}`).join(';');
}

/**
 * The inline CSS a page carries in `<style id="tessera-styles">`: the fonts in use, then on `:root` the
 * palette, the font stacks, sizes and the theme's settings; each colour theme's roles in
 * `.color-theme-<id>` (the page's own theme, `defaultThemeId`, also on `:root`); the mobile values in
 * one media query.
 * Deterministic (the same values give the same text) and without whitespace.
 */
export function stylesCss(schema: StylesSchema, values: StyleValues, fontList: readonly StyleFont[]): string {
  const fonts = new Map(fontList.map((f) => [f.id, f]));
  const root: string[] = [];
  const mobile: string[] = [];
  for (const slot of PALETTE_SLOTS) root.push(`--palette-${slot}:${colorCss(values[`colorPalette.${slot}`] ?? null)}`);
  const active = values.activeFontThemeId;
  for (const part of FONT_PARTS) {
    root.push(`--font-${part}:${fontStack(fonts, values[`fontThemes.${active}.${part}.family`] ?? null)}`);
    root.push(`--font-${part}-weight:${Number(values[`fontThemes.${active}.${part}.weight`]) || 400}`);
  }
  for (const id of Object.keys(schema.aesthetics.fontUsageCategories)) {
    const desktop = values[`fontUsageCategories.${id}.size.desktop`];
    const small = values[`fontUsageCategories.${id}.size.mobile`];
    const lineHeight = values[`fontUsageCategories.${id}.lineHeight`];
    root.push(`--font-size-${ident(id)}:${Number(desktop)}rem`);
    if (typeof lineHeight === 'number') root.push(`--line-height-${ident(id)}:${lineHeight}`);
    if (typeof small === 'number' && small !== desktop) mobile.push(`--font-size-${ident(id)}:${small}rem`);
  }
  for (const [path, spec] of pathSpecs(schema)) {
    if (spec.kind.kind !== 'setting') continue;
    const setting = spec.kind.setting;
    const value = values[path] ?? null;
    const name = `--setting-${ident(setting.id)}`;
    if (!setting.responsive || setting.type !== 'range') root.push(`${name}:${settingCss(setting, value, fonts)}`);
    else if (path.endsWith('.desktop')) root.push(`${name}:${settingCss(setting, value, fonts)}`);
    else if (typeof value === 'number' && value !== values[`settings.${setting.id}.desktop`]) mobile.push(`${name}:${settingCss(setting, value, fonts)}`);
  }
  // The page's colour theme is written once, for the page and for the sections that name it.
  const pageTheme = String(values.defaultThemeId);
  const themes = colorThemeIds(values)
    .map((id) => `${id === pageTheme ? ':root,' : ''}.color-theme-${ident(id)}{${themeRoles(values, id)}}`)
    .join('');
  const media = mobile.length > 0 ? `@media (max-width:${MOBILE_MAX_WIDTH}px){:root{${mobile.join(';')}}}` : '';
  return `${fontFaces(values, fonts)}:root{${root.join(';')}}${themes}${media}`;
}
