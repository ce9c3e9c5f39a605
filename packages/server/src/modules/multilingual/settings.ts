import { SITE_LANGUAGES, normalizeLanguage, siteLanguage } from '@tessera/core';
import { isObject } from '../../site-dir/checker.js';
import type { SiteSnapshot } from '../site/index.js';

/** At most this many languages are published at once. */
export const MAX_LANGUAGES = 10;
/** The query parameter that names a page's language (the alternate-language links use it). */
export const LANGUAGE_PARAMETER = 'lang';
/** The visitor's choice, kept for a year (POST /api/site-users/account/locale). */
export const LANGUAGE_COOKIE = 'tessera_language';

export interface MultilingualSettings {
  primaryLanguage: string;
  /** The languages the site publishes, its primary one first. */
  languages: string[];
  /** The translation connection: off, only the primary language is published. */
  connected: boolean;
  /** Whether pages carry the language switcher (the translation widget). */
  translationWidget: boolean;
}

/**
 * site.json `settings.multilingual` = `{ "languages": ["en-US", "fr-FR"], "connected": true,
 * "translationWidget": true, "phrases": { "fr-FR": { "Shop": "Boutique" } } }`. The site's
 * `language` is its primary language and always published; unknown tags are ignored.
 */
export function multilingualSettings(s: SiteSnapshot): MultilingualSettings {
  const raw = isObject(s.settings.multilingual) ? s.settings.multilingual : {};
  const primary = normalizeLanguage(s.language) ?? s.language;
  const listed = Array.isArray(raw.languages) ? raw.languages.map(normalizeLanguage).filter((l): l is string => l !== null) : [];
  const connected = raw.connected !== false && listed.some((l) => l !== primary);
  const languages = connected ? [...new Set([primary, ...listed])].slice(0, MAX_LANGUAGES) : [primary];
  return { primaryLanguage: primary, languages, connected, translationWidget: connected && raw.translationWidget !== false };
}

/** A language tag this site publishes (case-insensitive), as the catalog writes it; null otherwise. */
export function publishedLanguage(s: SiteSnapshot, tag: unknown): string | null {
  const code = normalizeLanguage(tag);
  return code && multilingualSettings(s).languages.includes(code) ? code : null;
}

export function languageView(code: string, settings: MultilingualSettings) {
  const info = siteLanguage(code);
  return {
    code,
    name: info?.name ?? code,
    nativeName: info?.nativeName ?? code,
    primary: code === settings.primaryLanguage,
    published: settings.languages.includes(code),
  };
}

export const availableLanguages = () => SITE_LANGUAGES.map((l) => ({ code: l.code, name: l.name, nativeName: l.nativeName }));
