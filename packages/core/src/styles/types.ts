/** The five colours of a site's palette, lightest to darkest, from which colour themes are made. */
export const PALETTE_SLOTS = Object.freeze(['lightest', 'light', 'accent', 'dark', 'darkest'] as const);
export type PaletteSlot = (typeof PALETTE_SLOTS)[number];

/** The colour roles of a colour theme, each a palette slot name or a literal colour. */
export const COLOR_ROLES = Object.freeze(['background', 'surface', 'text', 'muted', 'heading', 'link', 'buttonBackground', 'buttonText', 'border'] as const);
export type ColorRole = (typeof COLOR_ROLES)[number];

export const FONT_PARTS = Object.freeze(['heading', 'body', 'button'] as const);
export type FontPart = (typeof FONT_PARTS)[number];

export interface FontChoice {
  readonly family: string;
  readonly weight: number;
}

export interface FontTheme {
  readonly label: string;
  readonly heading: FontChoice;
  readonly body: FontChoice;
  readonly button: FontChoice;
}

/** Sizes in rem per screen size: desktop from 433 px, mobile up to 432 px. */
export interface ResponsiveNumber {
  readonly desktop: number;
  readonly mobile?: number;
}

export interface FontUsageCategory {
  readonly role: FontPart;
  readonly size: ResponsiveNumber;
  readonly lineHeight?: number;
}

/** A theme's defaults for the site aesthetics (template.conf `aesthetics`). */
export interface Aesthetics {
  readonly colorPalette: Readonly<Record<PaletteSlot, string>>;
  readonly colorThemes: Readonly<Record<string, Readonly<Record<ColorRole, string>>>>;
  readonly defaultThemeId: string;
  readonly fontThemes: Readonly<Record<string, FontTheme>>;
  readonly activeFontThemeId: string;
  readonly fontUsageCategories: Readonly<Record<string, FontUsageCategory>>;
}

export const SETTING_TYPES = Object.freeze(['color', 'font', 'select', 'range', 'toggle', 'text'] as const);
export type SettingType = (typeof SETTING_TYPES)[number];

export const SETTING_GROUPS = Object.freeze(['colors', 'fonts', 'buttons', 'spacing', 'widths', 'header', 'footer', 'pages', 'other'] as const);
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingOption {
  readonly value: string;
  readonly label: string;
}

/** One of a theme's own style settings (template.conf `settings`, like Shopify's settings schema). */
export interface StyleSetting {
  readonly id: string;
  readonly label: string;
  readonly group: SettingGroup;
  readonly type: SettingType;
  readonly default: string | number | boolean | ResponsiveNumber;
  readonly options?: readonly SettingOption[];
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly unit?: string;
  readonly responsive?: boolean;
}

export interface StylesSchema {
  readonly aesthetics: Aesthetics;
  readonly settings: readonly StyleSetting[];
}

/** A value at a dotted path: a colour, a font id, a number, a boolean, or null (no value). */
export type StyleValue = string | number | boolean | null;

/** Flat values by dotted path (`colorPalette.accent`, `settings.section-spacing.desktop`). */
export type StyleValues = Readonly<Record<string, StyleValue>>;

export interface StyleProblem {
  readonly path: string;
  readonly message: string;
}

/** A font family of the catalogue, as the styles read it. */
export interface StyleFont {
  readonly id: string;
  readonly family: string;
  readonly category: 'serif' | 'sans-serif' | 'display' | 'monospace' | 'system';
  readonly weights: readonly number[];
  /** The CSS family stack: the family first, then fallbacks. */
  readonly stack: string;
  /** The woff2 file per weight, under /static/fonts/<id>/; none for a system stack. */
  readonly files: Readonly<Record<number, string>>;
}
