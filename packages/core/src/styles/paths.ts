import { COLOR_ROLES, FONT_PARTS, PALETTE_SLOTS, type StyleSetting, type StyleValue, type StylesSchema } from './types.js';

/** What a dotted path holds, and how a value for it is checked. */
export type PathKind =
  | { readonly kind: 'paletteColor' }
  | { readonly kind: 'roleColor' }
  | { readonly kind: 'themeId'; readonly ids: readonly string[] }
  | { readonly kind: 'fontFamily' }
  | { readonly kind: 'fontWeight' }
  | { readonly kind: 'number'; readonly min: number; readonly max: number; readonly nullable: boolean }
  | { readonly kind: 'setting'; readonly setting: StyleSetting };

export interface PathSpec {
  readonly default: StyleValue;
  readonly kind: PathKind;
}

// Font sizes in rem and line heights: generous bounds that still keep a page readable.
const SIZE = { min: 0.5, max: 8 } as const;
const LINE_HEIGHT = { min: 0.8, max: 3 } as const;

const specsMemo = new WeakMap<StylesSchema, ReadonlyMap<string, PathSpec>>();

/** Every path of a schema with its default and kind, in a stable order (the manifest's). */
export function pathSpecs(schema: StylesSchema): ReadonlyMap<string, PathSpec> {
  const known = specsMemo.get(schema);
  if (known) return known;
  const specs = new Map<string, PathSpec>();
  const a = schema.aesthetics;
  for (const slot of PALETTE_SLOTS) specs.set(`colorPalette.${slot}`, { default: a.colorPalette[slot] ?? null, kind: { kind: 'paletteColor' } });
  for (const [id, theme] of Object.entries(a.colorThemes)) {
    for (const role of COLOR_ROLES) specs.set(`colorThemes.${id}.${role}`, { default: theme[role] ?? null, kind: { kind: 'roleColor' } });
  }
  specs.set('defaultThemeId', { default: a.defaultThemeId, kind: { kind: 'themeId', ids: Object.keys(a.colorThemes) } });
  for (const [id, theme] of Object.entries(a.fontThemes)) {
    for (const part of FONT_PARTS) {
      specs.set(`fontThemes.${id}.${part}.family`, { default: theme[part]?.family ?? null, kind: { kind: 'fontFamily' } });
      specs.set(`fontThemes.${id}.${part}.weight`, { default: theme[part]?.weight ?? null, kind: { kind: 'fontWeight' } });
    }
  }
  specs.set('activeFontThemeId', { default: a.activeFontThemeId, kind: { kind: 'themeId', ids: Object.keys(a.fontThemes) } });
  for (const [id, category] of Object.entries(a.fontUsageCategories)) {
    specs.set(`fontUsageCategories.${id}.size.desktop`, { default: category.size.desktop, kind: { kind: 'number', ...SIZE, nullable: false } });
    specs.set(`fontUsageCategories.${id}.size.mobile`, { default: category.size.mobile ?? null, kind: { kind: 'number', ...SIZE, nullable: true } });
    specs.set(`fontUsageCategories.${id}.lineHeight`, { default: category.lineHeight ?? null, kind: { kind: 'number', ...LINE_HEIGHT, nullable: true } });
  }
  for (const setting of schema.settings) {
    if (setting.responsive && setting.type === 'range') {
      const d = setting.default as { desktop: number; mobile?: number };
      specs.set(`settings.${setting.id}.desktop`, { default: d.desktop, kind: { kind: 'setting', setting } });
      specs.set(`settings.${setting.id}.mobile`, { default: d.mobile ?? null, kind: { kind: 'setting', setting } });
    } else {
      specs.set(`settings.${setting.id}`, { default: setting.default as StyleValue, kind: { kind: 'setting', setting } });
    }
  }
  specsMemo.set(schema, specs);
  return specs;
}

/** The theme's defaults, flat by path. */
export function defaultValues(schema: StylesSchema): Record<string, StyleValue> {
  return Object.fromEntries([...pathSpecs(schema)].map(([path, spec]) => [path, spec.default]));
}
