/**
 * The languages a site may publish (a site's `language` is its primary one; the multilingual
 * settings add others). Every one localizes the engine's formatters (money, dates) through Intl;
 * Tessera ships translated strings for those with a table in TRANSLATIONS, and the others fall
 * back to English strings.
 */
export interface SiteLanguage {
  /** BCP 47 tag, as the site and the `lang` attribute write it. */
  readonly code: string;
  /** The language's name in English. */
  readonly name: string;
  /** The language's name in itself: what a language switcher shows. */
  readonly nativeName: string;
}

export const SITE_LANGUAGES: readonly SiteLanguage[] = Object.freeze(
  [
    { code: 'en-US', name: 'English (United States)', nativeName: 'English (US)' },
    { code: 'en-GB', name: 'English (United Kingdom)', nativeName: 'English (UK)' },
    { code: 'en-CA', name: 'English (Canada)', nativeName: 'English (Canada)' },
    { code: 'en-AU', name: 'English (Australia)', nativeName: 'English (Australia)' },
    { code: 'fr-FR', name: 'French (France)', nativeName: 'Français' },
    { code: 'fr-CA', name: 'French (Canada)', nativeName: 'Français (Canada)' },
    { code: 'de-DE', name: 'German', nativeName: 'Deutsch' },
    { code: 'es-ES', name: 'Spanish', nativeName: 'Español' },
    { code: 'it-IT', name: 'Italian', nativeName: 'Italiano' },
    { code: 'nl-NL', name: 'Dutch', nativeName: 'Nederlands' },
    { code: 'pt-BR', name: 'Portuguese (Brazil)', nativeName: 'Português (Brasil)' },
    { code: 'ja-JP', name: 'Japanese', nativeName: '日本語' },
  ].map((l) => Object.freeze(l)),
);

const BY_LOWER = new Map(SITE_LANGUAGES.map((l) => [l.code.toLowerCase(), l]));

/** The catalog entry of a tag, matched without regard to case (`fr-fr` is `fr-FR`); undefined when unknown. */
export function siteLanguage(code: unknown): SiteLanguage | undefined {
  return typeof code === 'string' ? BY_LOWER.get(code.trim().toLowerCase()) : undefined;
}

/** The tag as the catalog writes it, or null when Tessera does not know the language. */
export function normalizeLanguage(code: unknown): string | null {
  return siteLanguage(code)?.code ?? null;
}
