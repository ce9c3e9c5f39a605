// The design page's calls of the owner API (docs/owner-api.md "Site styles"): the site's styles as
// the theme declares them and the site changed them, a preview of unsaved changes, save, reset and
// the switch to another theme. Values are addressed by dotted paths (`colorPalette.accent`,
// `settings.section-spacing.desktop`).
import type { Api } from '@tessera/core/api-client';

export type StyleValue = string | number | boolean;
/** Unsaved changes by path; null takes the path back to the theme's default. */
export type Changes = Readonly<Record<string, StyleValue | null>>;

interface SettingOption {
  readonly value: string;
  readonly label: string;
}

export interface ThemeSetting {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly type: 'color' | 'font' | 'select' | 'range' | 'toggle' | 'text';
  readonly default: unknown;
  readonly options?: readonly SettingOption[];
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly unit?: string;
  readonly responsive?: boolean;
  readonly info?: string;
}

interface FontRole {
  readonly family: string;
  readonly weight: number;
}

interface FontTheme {
  readonly label?: string;
  readonly heading: FontRole;
  readonly body: FontRole;
  readonly button: FontRole;
}

interface FontUsageCategory {
  readonly role: string;
  readonly size: { readonly desktop: number; readonly mobile?: number };
  readonly lineHeight?: number;
}

interface Aesthetics {
  readonly colorPalette: Readonly<Record<string, string>>;
  readonly colorThemes: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly defaultThemeId: string;
  readonly fontThemes: Readonly<Record<string, FontTheme>>;
  readonly activeFontThemeId: string;
  readonly fontUsageCategories: Readonly<Record<string, FontUsageCategory>>;
}

export interface FontChoice {
  readonly id: string;
  readonly family: string;
  readonly category: 'serif' | 'sans-serif' | 'display' | 'monospace';
  readonly weights: readonly number[];
}

interface StyleWarning {
  readonly path: string;
  readonly message: string;
}

interface ThemeChoice {
  readonly name: string;
  readonly label: string;
  readonly description?: string;
  readonly preview?: string;
}

export type Revision = number | string;

/** A special page the preview can show (the spec's page types for tweaks), where the site has it. */
export interface PreviewPage {
  readonly kind: string;
  readonly path: string;
  readonly label: string;
}

export interface Design {
  readonly theme: { readonly name: string; readonly label: string };
  readonly themes: readonly ThemeChoice[];
  readonly revision: Revision;
  readonly schema: { readonly aesthetics: Aesthetics; readonly settings: readonly ThemeSetting[] };
  readonly saved: Readonly<Record<string, StyleValue>>;
  readonly values: Readonly<Record<string, StyleValue>>;
  readonly fonts: readonly FontChoice[];
  readonly css: string;
  readonly warnings: readonly StyleWarning[];
  /** The lock screen, the checkout, the cover pages: the pages the panel's "Pages" group styles. */
  readonly previewPages?: readonly PreviewPage[];
}

export interface DesignPreview {
  readonly css: string;
  readonly values: Readonly<Record<string, StyleValue>>;
  readonly warnings: readonly StyleWarning[];
  readonly errors: Readonly<Record<string, string>>;
}

const PATH = '/api/owner/design';

export const designCalls = (api: Api) => ({
  read: () => api<Design>('GET', PATH),
  preview: (changes: Changes) => api<DesignPreview>('POST', `${PATH}/preview`, { changes }),
  save: (revision: Revision, changes: Changes) => api<Design>('PUT', PATH, { revision, changes }),
  reset: (revision: Revision, paths?: readonly string[]) => api<Design>('POST', `${PATH}/reset`, paths ? { revision, paths } : { revision }),
  switchTheme: (revision: Revision, theme: string) => api<Design>('PUT', `${PATH}/theme`, { revision, theme }),
});

export type DesignCalls = ReturnType<typeof designCalls>;
