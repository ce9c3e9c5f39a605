// Every colour of the default theme is one the owner's design panel can change: the stylesheets hold
// no literal colour except the defaults of the site's custom properties, and those equal the
// manifest's (template.conf `aesthetics` and the colour settings).
import { describe, expect, it } from 'vitest';
import { readTheme } from './theme-files.js';

const { paths, source } = await readTheme('default');
const conf = JSON.parse(source('template.conf'));
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const sheets = paths.filter((p) => p.startsWith('styles/')).map((p) => ({ file: p.slice('styles/'.length), css: withoutComments(source(p)) }));

/** A colour written as such: hex, a colour function, or a colour keyword (not `transparent`, `currentColor` or `inherit`). */
const LITERAL =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])(?:white|black|red|green|blue|gr[ae]y|silver|gold|orange|yellow|purple|pink|brown|navy|teal|maroon|olive|lime|aqua|fuchsia|beige|ivory|tan)(?![\w-])/gi;

/** Each declaration of a sheet, outside the theme's defaults on `:root` in base.css. */
function declarations(file: string, css: string): { property: string; value: string }[] {
  const body = file === 'base.css' ? css.replace(/^:root\s*\{[^}]*\}/m, '') : css;
  return [...body.matchAll(/([\w-]+)\s*:\s*([^;{}]+);/g)].map((m) => ({ property: m[1]!, value: m[2]!.trim() }));
}

/** The `:root` defaults of base.css, by custom property. */
function rootDefaults(): Record<string, string> {
  const base = sheets.find((s) => s.file === 'base.css')!.css;
  const root = /^:root\s*\{([^}]*)\}/m.exec(base)?.[1] ?? '';
  return Object.fromEntries([...root.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
}

describe('the default theme’s colours', () => {
  it('writes no literal colour in its stylesheets outside the defaults of the site’s custom properties', () => {
    const found: string[] = [];
    for (const { file, css } of sheets) {
      for (const { property, value } of declarations(file, css)) {
        // An element's own class or a data attribute's value is not a colour (`.color-theme-dark`).
        for (const m of value.matchAll(LITERAL)) found.push(`${file}: ${property}: ${value} (${m[0]})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('gives each literal default on :root the manifest’s value', () => {
    const defaults = rootDefaults();
    const palette = conf.aesthetics.colorPalette as Record<string, string>;
    const page = conf.aesthetics.colorThemes[conf.aesthetics.defaultThemeId] as Record<string, string>;
    const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const expected: Record<string, string> = {};
    for (const [slot, value] of Object.entries(palette)) expected[`--palette-${slot}`] = value;
    for (const [role, value] of Object.entries(page)) expected[`--color-${kebab(role)}`] = value in palette ? `var(--palette-${value})` : value;
    for (const s of conf.settings as { id: string; type: string; default: string }[]) if (s.type === 'color') expected[`--setting-${s.id}`] = s.default;
    const literal = Object.entries(defaults).filter(([, value]) => value.match(LITERAL) !== null);
    expect(literal.length).toBeGreaterThan(0);
    for (const [property, value] of literal) expect(value, property).toBe(expected[property]);
  });

  it('reads the status and chart colours from declared colour settings', () => {
    const colours = (conf.settings as { id: string; type: string; group: string }[]).filter((s) => s.type === 'color').map((s) => s.id);
    expect(colours).toEqual(expect.arrayContaining(['color-success', 'color-error', 'color-rating', 'chart-color-2', 'chart-color-6']));
    const all = sheets.map((s) => s.css).join('\n');
    for (const id of colours) expect(all, id).toContain(`var(--setting-${id})`);
  });
});
