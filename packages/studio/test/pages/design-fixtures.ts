// The design API's answers as docs/owner-api.md "Site styles" describes them, for the design page's tests.
import type { Design, DesignPreview } from '../../src/pages/design/calls.js';

const role = (background: string, text: string) => ({
  background,
  surface: '#ffffff',
  text,
  muted: 'dark',
  heading: text,
  link: 'accent',
  buttonBackground: 'accent',
  buttonText: 'lightest',
  border: 'light',
});

const AESTHETICS = {
  colorPalette: { lightest: '#fbf8f3', light: '#f4ede2', accent: '#a8431f', dark: '#5e554b', darkest: '#1f1b16' },
  colorThemes: { default: role('lightest', 'darkest'), light: role('light', 'darkest'), dark: role('darkest', 'lightest'), accent: role('accent', 'lightest') },
  defaultThemeId: 'default',
  fontThemes: {
    classic: {
      label: 'Classic',
      heading: { family: 'fraunces', weight: 600 },
      body: { family: 'inter', weight: 400 },
      button: { family: 'inter', weight: 600 },
    },
    modern: { label: 'Modern', heading: { family: 'inter', weight: 700 }, body: { family: 'inter', weight: 400 }, button: { family: 'inter', weight: 600 } },
  },
  activeFontThemeId: 'classic',
  fontUsageCategories: {
    heading1: { role: 'heading', size: { desktop: 3.2, mobile: 2.2 }, lineHeight: 1.1 },
    body: { role: 'body', size: { desktop: 1.0625 }, lineHeight: 1.6 },
    button: { role: 'button', size: { desktop: 1 } },
  },
};

/** The colour themes a special page may wear (the settings of the design panel's "Pages" group). */
const COLOR_THEME_OPTIONS = [
  { value: 'default', label: 'Default' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'accent', label: 'Accent' },
];

const SETTINGS = [
  {
    id: 'button-shape',
    label: 'Button shape',
    group: 'buttons',
    type: 'select',
    default: 'rounded',
    options: [
      { value: 'square', label: 'Square' },
      { value: 'rounded', label: 'Rounded' },
      { value: 'pill', label: 'Pill' },
    ],
  },
  {
    id: 'section-spacing',
    label: 'Section spacing',
    group: 'spacing',
    type: 'range',
    min: 24,
    max: 160,
    step: 8,
    unit: 'px',
    default: { desktop: 96, mobile: 48 },
    responsive: true,
  },
  { id: 'content-width', label: 'Content width', group: 'widths', type: 'range', min: 720, max: 1600, step: 20, unit: 'px', default: 1200 },
  { id: 'header-sticky', label: 'Sticky header', group: 'header', type: 'toggle', default: false },
  { id: 'footer-note', label: 'Footer note', group: 'footer', type: 'text', default: 'Made by hand' },
  { id: 'lock-screen-background', label: 'Lock screen background', group: 'pages', type: 'color', default: 'darkest' },
  { id: 'popup-font', label: 'Popup overlay font', group: 'pages', type: 'font', default: 'fraunces' },
  { id: 'lock-screen-color-theme', label: 'Lock screen colour theme', group: 'pages', type: 'select', default: 'default', options: COLOR_THEME_OPTIONS },
  { id: 'popup-overlay-color-theme', label: 'Popup overlay colour theme', group: 'pages', type: 'select', default: 'light', options: COLOR_THEME_OPTIONS },
  {
    id: 'popup-overlay-backdrop-opacity',
    label: 'Popup overlay backdrop opacity',
    group: 'pages',
    type: 'range',
    min: 0,
    max: 90,
    step: 5,
    unit: '%',
    default: 60,
  },
  { id: 'checkout-color-theme', label: 'Checkout colour theme', group: 'pages', type: 'select', default: 'default', options: COLOR_THEME_OPTIONS },
] as const;

/** Every path with its theme default, flat: what `values` holds for a site that changed nothing. */
function defaults(): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const walk = (prefix: string, v: unknown) => {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}.${k}` : k, x);
    else out[prefix] = v as string | number | boolean;
  };
  walk('', AESTHETICS);
  for (const s of SETTINGS) {
    if (typeof s.default === 'object') for (const [k, x] of Object.entries(s.default)) out[`settings.${s.id}.${k}`] = x;
    else out[`settings.${s.id}`] = s.default;
  }
  out['fontUsageCategories.body.size.mobile'] = 1.0625;
  out['fontUsageCategories.button.size.mobile'] = 1;
  return out;
}

const CSS = ':root{--palette-accent:#a8431f;--color-heading:#1f1b16}';

export function design(extra: Partial<Design> = {}): Design {
  return {
    theme: { name: 'default', label: 'Default' },
    themes: [
      { name: 'default', label: 'Default', description: 'Warm and simple.' },
      { name: 'atelier', label: 'Atelier', description: 'Editorial type, wide margins.' },
    ],
    revision: 4,
    schema: { aesthetics: AESTHETICS, settings: SETTINGS as unknown as Design['schema']['settings'] },
    saved: {},
    values: defaults(),
    fonts: [
      { id: 'fraunces', family: 'Fraunces', category: 'serif', weights: [400, 600, 700] },
      { id: 'inter', family: 'Inter', category: 'sans-serif', weights: [400, 600, 700] },
      { id: 'space-mono', family: 'Space Mono', category: 'monospace', weights: [400, 700] },
    ],
    css: CSS,
    warnings: [],
    previewPages: [
      { kind: 'lock-screen', path: '/config/design/lock-screen', label: 'Lock screen' },
      { kind: 'checkout', path: '/checkout', label: 'Checkout' },
      { kind: 'splash-page', path: '/welcome', label: 'Cover: Welcome' },
    ],
    ...extra,
  };
}

export function previewAnswer(css: string, extra: Partial<DesignPreview> = {}): DesignPreview {
  return { css, values: defaults(), warnings: [], errors: {}, ...extra };
}
