import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  checkChanges,
  contrastRatio,
  contrastWarnings,
  defaultValues,
  readThemeStyles,
  resolveStyles,
  type StyleFont,
  stylesCss,
  type StylesSchema,
} from '../src/styles/index.js';

const manifest = JSON.parse(readFileSync(new URL('../../../themes/default/template.conf', import.meta.url), 'utf8'));
const schema = readThemeStyles(manifest).schema as StylesSchema;
const fonts: StyleFont[] = [
  {
    id: 'inter',
    family: 'Inter',
    category: 'sans-serif',
    weights: [400, 600],
    stack: '"Inter", system-ui, sans-serif',
    files: { 400: 'inter-latin-400-normal.woff2', 600: 'inter-latin-600-normal.woff2' },
  },
  { id: 'system-sans', family: 'System sans', category: 'system', weights: [400, 600], stack: 'system-ui, sans-serif', files: {} },
  { id: 'system-serif', family: 'System serif', category: 'system', weights: [400, 600], stack: 'Georgia, serif', files: {} },
];

describe('readThemeStyles', () => {
  it('reads the default theme with no problem', () => {
    expect(readThemeStyles(manifest).problems).toEqual([]);
    expect(schema.settings.map((s) => s.id)).toContain('section-spacing');
  });

  it('names each problem with its path', () => {
    const broken = structuredClone(manifest);
    broken.aesthetics.colorPalette.accent = 'red';
    broken.settings.push({ id: 'odd', label: 'Odd', group: 'other', type: 'slider', default: 1 });
    broken.settings.push({ id: 'shape', label: 'Shape', group: 'buttons', type: 'select', default: 'oval', options: [{ value: 'pill', label: 'Pill' }] });
    broken.settings.push({ id: 'gap', label: 'Gap', group: 'spacing', type: 'range', min: 0, max: 10, step: 2, default: 11 });
    const { schema: read, problems } = readThemeStyles(broken);
    expect(read).toBeNull();
    expect(problems).toEqual([
      { path: 'colorPalette.accent', message: 'Enter a colour as # and 3 to 6 hex digits.' },
      { path: 'settings.odd', message: 'Unknown setting type slider: use color, font, select, range, toggle, text.' },
      { path: 'settings.shape.default', message: 'oval is not one of the expected options' },
      { path: 'settings.gap.default', message: 'Enter a number from 0 to 10, in steps of 2.' },
    ]);
  });

  it('has no schema for a theme without aesthetics', () => {
    expect(readThemeStyles({ name: 'Plain' }).schema).toBeNull();
  });
});

describe('checkChanges', () => {
  it('answers the spec HSL messages and the hex message', () => {
    const { accepted, errors } = checkChanges(schema, {
      'colorPalette.accent': { h: 400, s: 0.5, l: 0.5 },
      'colorPalette.dark': { h: 10, s: 2, l: -1, a: 3 },
      'colorPalette.light': { h: 10, s: 0.5 },
      'colorPalette.lightest': '#12',
      'colorPalette.darkest': '#1234567',
      'colorThemes.dark.text': { h: 0, s: 0, l: 1 },
    });
    expect(errors).toEqual({
      'colorPalette.accent': 'Hue out of bounds.',
      'colorPalette.dark': 'Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
      'colorPalette.light': 'Missing an H/S/L value.',
      'colorPalette.lightest': 'Enter a colour as # and 3 to 6 hex digits.',
      'colorPalette.darkest': 'Enter a colour as # and 3 to 6 hex digits.',
    });
    expect(accepted).toEqual({ 'colorThemes.dark.text': '#ffffff' });
  });

  it('takes hex of 3 to 6 digits and palette slots for roles', () => {
    const { accepted, errors } = checkChanges(schema, {
      'colorPalette.accent': '#abc',
      'colorPalette.dark': '#12345',
      'colorThemes.default.link': 'dark',
      'colorPalette.light': 'dark',
    });
    expect(errors).toEqual({ 'colorPalette.light': 'Enter a colour as # and 3 to 6 hex digits.' });
    expect(accepted).toEqual({ 'colorPalette.accent': '#aabbcc', 'colorPalette.dark': '#012345', 'colorThemes.default.link': 'dark' });
  });

  it('drops a value equal to the default, refuses unknown paths, options and ranges', () => {
    const { accepted, errors } = checkChanges(
      schema,
      {
        'colorPalette.accent': '#A8431F',
        'settings.nope': 1,
        'settings.button-shape': 'oval',
        'settings.section-spacing.mobile': 30,
        'settings.section-spacing.desktop': 120,
        'settings.header-sticky': 'yes',
        'fontThemes.classic.heading.family': 'comic',
        'fontThemes.classic.body.family': 'inter',
        activeFontThemeId: 'nope',
        'fontUsageCategories.heading1.size.mobile': 2.4,
      },
      fonts.map((f) => f.id),
    );
    expect(errors).toEqual({
      'settings.nope': 'This setting does not exist.',
      'settings.button-shape': 'oval is not one of the expected options',
      'settings.section-spacing.mobile': 'Enter a number from 24 to 160, in steps of 8.',
      'settings.header-sticky': 'Choose on or off.',
      'fontThemes.classic.heading.family': 'comic is not one of the expected options',
      activeFontThemeId: 'nope is not one of the expected options',
    });
    expect(accepted).toEqual({
      'colorPalette.accent': null,
      'settings.section-spacing.desktop': 120,
      'fontThemes.classic.body.family': 'inter',
      'fontUsageCategories.heading1.size.mobile': 2.4,
    });
  });

  it('keeps only dirty paths when applied', () => {
    const saved = { 'colorPalette.accent': '#112233', 'settings.section-spacing.desktop': 120, 'gone.path': 1 };
    const next = applyChanges(schema, saved, { 'colorPalette.accent': null, 'settings.button-shape': 'square' });
    expect(next).toEqual({ 'settings.section-spacing.desktop': 120, 'settings.button-shape': 'square' });
  });
});

describe('resolveStyles', () => {
  it('overlays saved values on the defaults, every path present', () => {
    const values = resolveStyles(schema, { 'colorPalette.accent': '#112233', 'settings.section-spacing.mobile': 40, 'settings.header-sticky': 'x' });
    expect(Object.keys(values)).toEqual(Object.keys(defaultValues(schema)));
    expect(values['colorPalette.accent']).toBe('#112233');
    expect(values['settings.section-spacing.desktop']).toBe(96);
    expect(values['settings.section-spacing.mobile']).toBe(40);
    expect(values['settings.header-sticky']).toBe(true);
  });
});

describe('stylesCss', () => {
  it('writes the contract variables, responsive values in the mobile query, fonts only in use', () => {
    const values = resolveStyles(schema, {
      'colorPalette.accent': '#112233',
      'fontThemes.classic.heading.family': 'inter',
      'settings.section-spacing.mobile': 40,
    });
    const css = stylesCss(schema, values, fonts);
    expect(css).toBe(stylesCss(schema, values, fonts));
    expect(css).toContain('--palette-accent:#112233');
    expect(css).toContain('--color-link:var(--palette-accent)');
    expect(css).toContain('.color-theme-dark{--color-background:var(--palette-darkest)');
    expect(css).toContain(':root,.color-theme-default{--color-background:var(--palette-lightest);');
    expect(css).toContain('--font-heading:"Inter", system-ui, sans-serif;--font-heading-weight:600');
    expect(css).toContain('--setting-button-shape:pill;');
    expect(css).toContain('--setting-header-sticky:1');
    expect(css).toContain('--setting-section-spacing:96px');
    // A range in per cent keeps its unit (the popup overlay's backdrop opacity).
    expect(css).toContain('--setting-popup-overlay-backdrop-opacity:60%');
    expect(css).toContain('@media (max-width:432px){:root{--font-size-heading1:2rem;--font-size-heading2:1.5rem;--setting-section-spacing:40px}}');
    expect(css.match(/@font-face/g)).toHaveLength(1);
    expect(css).toContain(
      '@font-face{font-family:"Inter";font-style:normal;font-weight:600;font-display:swap;src:url(/static/fonts/inter/inter-latin-600-normal.woff2) format("woff2")}',
    );
    expect(stylesCss(schema, resolveStyles(schema, {}), fonts)).not.toContain('@font-face');
    expect(css.length).toBeLessThan(3000);
  });
});

describe('contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // #767676 on white is the classic 4.5:1 boundary (4.54), #777777 falls just short (4.48).
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('warns where a pair falls short, never for the default theme', () => {
    expect(contrastWarnings(resolveStyles(schema, {}))).toEqual([]);
    const pale = resolveStyles(schema, { 'colorThemes.light.text': '#cccccc', 'colorThemes.light.muted': '#767676' });
    expect(contrastWarnings(pale)).toEqual([
      { path: 'colorThemes.light.text', message: 'Text on this background has a contrast of 1.6:1; at least 4.5:1 is needed to be readable.' },
    ]);
    const boundary = resolveStyles(schema, { 'colorThemes.light.muted': '#777777' });
    expect(contrastWarnings(boundary)).toEqual([
      { path: 'colorThemes.light.muted', message: 'Muted text on this background has a contrast of 4.4:1; at least 4.5:1 is needed to be readable.' },
    ]);
  });
});
