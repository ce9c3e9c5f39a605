// Atelier's style contract: template.conf declares the site aesthetics and the theme's settings in the
// shape the styles panel reads, and the stylesheets take every colour, font, button shape, spacing and
// width from the site's custom properties, with the theme's defaults equal to the manifest's.
import { SECTION_THEMES } from '@tessera/core/layout';
import { describe, expect, it } from 'vitest';
import { readTheme } from '../../default/test/theme-files.js';

const { paths, source } = await readTheme('atelier');
const conf = JSON.parse(source('template.conf'));
const sheets = paths.filter((p) => p.startsWith('styles/')).map((p) => ({ file: p.slice('styles/'.length), css: source(p) }));
const base = source('styles/base.css');

const HEX = /^#[0-9a-f]{3,6}$/i;
const ROLES = ['background', 'surface', 'text', 'muted', 'heading', 'link', 'buttonBackground', 'buttonText', 'border'];
const SLOTS = ['lightest', 'light', 'accent', 'dark', 'darkest'];
const GROUPS = ['colors', 'fonts', 'buttons', 'spacing', 'widths', 'header', 'footer', 'pages', 'other'];
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The declarations of the first rule whose selector is exactly this (the theme's default layer). */
function block(css: string, selector: string): Record<string, string> {
  const at = css.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
}

/** A colour role's value: a palette slot's colour or a literal colour. */
const colour = (value: string) => (HEX.test(value) ? value : conf.aesthetics.colorPalette[value]);

describe('Atelier manifest', () => {
  it('names the theme and declares the aesthetics: a palette of five, a colour theme per section theme, fonts and sizes', () => {
    expect(conf.name).toBe('Atelier');
    const a = conf.aesthetics;
    expect(Object.keys(a.colorPalette)).toEqual(SLOTS);
    for (const value of Object.values(a.colorPalette)) expect(value).toMatch(HEX);
    expect(Object.keys(a.colorThemes).sort()).toEqual([...SECTION_THEMES].sort());
    for (const [id, theme] of Object.entries<Record<string, string>>(a.colorThemes)) {
      expect(Object.keys(theme), id).toEqual(ROLES);
      for (const value of Object.values(theme)) expect(SLOTS.includes(value) || HEX.test(value), `${id}: ${value}`).toBe(true);
    }
    expect(SECTION_THEMES).toContain(a.defaultThemeId);
    expect(Object.keys(a.fontThemes)).toContain(a.activeFontThemeId);
    for (const theme of Object.values<Record<string, { family: string; weight: number }>>(a.fontThemes)) {
      for (const role of ['heading', 'body', 'button']) {
        expect(theme[role]!.family).toMatch(/^[a-z0-9-]+$/);
        expect(theme[role]!.weight % 100).toBe(0);
      }
    }
    for (const category of ['heading1', 'heading2', 'heading3', 'body', 'small', 'button']) {
      expect(a.fontUsageCategories[category].size.desktop, category).toBeGreaterThan(0);
    }
  });

  it('declares settings of the known types and groups, each default allowed by its own rule', () => {
    for (const s of conf.settings) {
      expect(s.id).toMatch(/^[a-z0-9-]+$/);
      expect(GROUPS).toContain(s.group);
      if (s.type === 'select') expect(s.options.map((o: { value: string }) => o.value)).toContain(s.default);
      else if (s.type === 'range') {
        for (const v of s.responsive ? Object.values<number>(s.default) : [s.default]) {
          expect(v).toBeGreaterThanOrEqual(s.min);
          expect(v).toBeLessThanOrEqual(s.max);
          expect((v - s.min) % s.step).toBe(0);
        }
      } else if (s.type === 'color') expect(s.default, s.id).toMatch(HEX);
      else expect(s.type, s.id).toBe('toggle');
    }
  });

  it('keeps every text and background pair of its colour themes readable (WCAG AA)', () => {
    const luminance = (hex: string) => {
      const full = hex.length === 4 ? hex.replace(/\w/g, (c) => c + c) : hex;
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    for (const [id, t] of Object.entries<Record<string, string>>(conf.aesthetics.colorThemes)) {
      for (const role of ['text', 'muted', 'heading', 'link']) {
        expect(contrast(colour(t[role]!), colour(t.background!)), `${id}.${role}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(colour(t.buttonText!), colour(t.buttonBackground!)), `${id}.buttonText`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('Atelier stylesheets', () => {
  it('lists every stylesheet it has, in template.conf', () => {
    expect([...conf.stylesheets].sort()).toEqual(sheets.map((s) => s.file).sort());
  });

  it('gives the site properties defaults equal to the manifest, with no specificity so that the site wins', () => {
    const a = conf.aesthetics;
    const root = block(base, ':where(:root)');
    for (const [slot, value] of Object.entries(a.colorPalette)) expect(root[`--palette-${slot}`], slot).toBe(value);
    for (const id of SECTION_THEMES) {
      const declared = block(base, id === a.defaultThemeId ? ':where(:root, .color-theme-default)' : `:where(.color-theme-${id})`);
      for (const role of ROLES) expect(declared[`--color-${kebab(role)}`], `${id}.${role}`).toBe(colour(a.colorThemes[id][role]));
    }
    const fonts = a.fontThemes[a.activeFontThemeId];
    for (const role of ['heading', 'body', 'button']) expect(root[`--font-${role}-weight`]).toBe(String(fonts[role].weight));
    for (const [category, c] of Object.entries<{ size: { desktop: number } }>(a.fontUsageCategories)) {
      expect(root[`--font-size-${category}`], category).toBe(`${c.size.desktop}rem`);
    }
    for (const s of conf.settings) {
      const value = s.type === 'range' ? `${s.responsive ? s.default.desktop : s.default}${s.unit}` : s.type === 'toggle' ? (s.default ? '1' : '0') : s.default;
      expect(root[`--setting-${s.id}`], s.id).toBe(value);
    }
  });

  it("reads only settings the manifest declares, and only the contract's colour roles or the colours its base.css makes of them", () => {
    const declared = new Set(conf.settings.map((s: { id: string }) => s.id));
    // The default theme's sheets, which Atelier takes as they are, read colours made from the roles
    // (--color-surface-alt, --color-accent-strong...): Atelier's base.css must make each of them.
    const made = [...base.matchAll(/(--color-[\w-]+)\s*:/g)].map((m) => m[1]!);
    expect(made).toEqual(expect.arrayContaining(['--color-surface-alt', '--color-accent-strong', '--color-focus', '--color-chart-6']));
    const roles = new Set([...ROLES.map((r) => `--color-${kebab(r)}`), ...made]);
    for (const { file, css } of sheets) {
      for (const m of css.matchAll(/--setting-([\w-]+)/g)) expect(declared.has(m[1]), `${file}: --setting-${m[1]}`).toBe(true);
      for (const m of css.matchAll(/var\((--color-[\w-]+)/g)) expect(roles.has(m[1]!), `${file}: ${m[1]}`).toBe(true);
      for (const m of css.matchAll(/var\(--palette-([\w-]+)/g)) expect(SLOTS, file).toContain(m[1]);
    }
  });

  it('writes no literal colour in any sheet but the defaults of base.css: status, chart, scrim and video colours come from the properties', () => {
    for (const { file, css } of sheets.filter((s) => s.file !== 'base.css')) {
      const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
      expect(bare.match(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|:\s*(?:white|black)\b/gi) ?? [], file).toEqual([]);
    }
  });

  it('writes no colour or font family of its own in the Atelier layer: they come from the properties', () => {
    const css = source('styles/atelier.css').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css.match(/#[0-9a-f]{3,6}\b|rgba?\(|hsla?\(/gi) ?? []).toEqual([]);
    expect(css.match(/font-family:(?!\s*var\()[^;]+/g) ?? []).toEqual([]);
  });
});
