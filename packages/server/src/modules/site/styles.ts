import { colorThemeIds, type FontPart, resolveStyles, type StyleValues, stylesCss, type StylesSchema } from '@tessera/core/styles';
import { FONTS } from './fonts.js';
import { shared } from './render-memo.js';
import type { SiteSnapshot } from './snapshot.js';
import type { LoadedTheme } from './theme.js';

/** The page context's `styles` (docs/site-format.md): what templates read of the site's styles. */
export interface StylesContext {
  readonly values: Readonly<Record<string, unknown>>;
  readonly colorThemes: readonly string[];
  readonly defaultThemeId: string;
  readonly fontTheme: Readonly<Record<FontPart, { family: string; weight: number }>>;
}

export interface PageStyles {
  readonly context: StylesContext | null;
  /** The `<style id="tessera-styles">` element of every page's head ("" for a theme without style settings). */
  readonly element: string;
}

const NONE: PageStyles = Object.freeze({ context: null, element: '' });

/** The name a site's saved styles are kept under: its theme's. */
const stylesThemeName = (s: SiteSnapshot): string => s.website.theme_name;

function fontTheme(values: StyleValues): StylesContext['fontTheme'] {
  const id = values.activeFontThemeId;
  const part = (p: FontPart) => ({ family: String(values[`fontThemes.${id}.${p}.family`]), weight: Number(values[`fontThemes.${id}.${p}.weight`]) });
  return { heading: part('heading'), body: part('body'), button: part('button') };
}

/** The context `styles` and the inline CSS of resolved values. */
export function stylesOf(schema: StylesSchema, values: StyleValues): { context: StylesContext; css: string } {
  return {
    context: { values, colorThemes: colorThemeIds(values), defaultThemeId: String(values.defaultThemeId), fontTheme: fontTheme(values) },
    css: stylesCss(schema, values, FONTS),
  };
}

/**
 * The flat values, and the same values nested by their path's parts: templates walk a path key by key
 * (`styles.values.settings.header-sticky`), while scripts and the studio read the flat dotted paths.
 */
function withNested(values: StyleValues): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  return { ...values, ...nested };
}

// Per snapshot (a site version) and theme: made once, then every page of that version reuses it.
const memo = new WeakMap<SiteSnapshot, WeakMap<LoadedTheme, PageStyles>>();

/** The site's styles as its pages carry them, once per site version and theme. */
export function pageStyles(s: SiteSnapshot, theme: LoadedTheme): PageStyles {
  const schema = theme.conf.styles;
  if (!schema) return NONE;
  let byTheme = memo.get(s);
  if (!byTheme) memo.set(s, (byTheme = new WeakMap()));
  let styles = byTheme.get(theme);
  if (!styles) {
    const { context: flat, css } = stylesOf(schema, resolveStyles(schema, s.styles?.get(stylesThemeName(s)) ?? {}));
    const context = { ...flat, values: withNested(flat.values as StyleValues) };
    // The CSS is built from checked values; escaping "<" keeps any text setting from closing the element.
    styles = { context: shared(context), element: `<style id="tessera-styles">${css.replace(/</g, '\\3c ')}</style>\n` };
    byTheme.set(theme, styles);
  }
  return styles;
}
