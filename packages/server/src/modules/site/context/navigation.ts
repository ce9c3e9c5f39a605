import type { NavEntry } from '../../../site-dir/types.js';
import type { SiteSnapshot } from '../snapshot.js';
import { isObject } from '../../../site-dir/checker.js';
import { collectionUrl } from './content.js';

export interface NavLink {
  title: string;
  fullUrl: string;
  active: boolean;
  folder: boolean;
  external: boolean;
  collectionId: string | null;
  /** The linked collection's access (`public`, `members`): themes may mark members' areas. */
  access: string;
  items: NavLink[];
}

/**
 * A site phrase in another language: site.json `settings.multilingual.phrases` maps a language to
 * { English phrase: translation } for the texts that are not content items (navigation titles,
 * header and footer texts). The phrase itself when there is no translation.
 */
export function sitePhrase(s: SiteSnapshot, language: string | undefined, phrase: string): string {
  if (!language || language === s.language) return phrase;
  const multilingual = s.settings.multilingual;
  const phrases = isObject(multilingual) && isObject(multilingual.phrases) ? multilingual.phrases : undefined;
  const table = phrases && (isObject(phrases[language]) ? phrases[language] : undefined);
  const translated = table && isObject(table) ? table[phrase] : undefined;
  return typeof translated === 'string' ? translated : phrase;
}

/** `navigation`: each list of site.json's navigation, with URLs resolved and the current page marked active. */
export function navigationContext(s: SiteSnapshot, currentPath: string, language?: string): Record<string, NavLink[]> {
  const title = (t: string) => sitePhrase(s, language, t);
  const resolve = (entries: NavEntry[]): NavLink[] =>
    entries.flatMap((entry): NavLink[] => {
      if (entry.items) {
        const items = resolve(entry.items);
        return [
          {
            title: title(entry.title),
            fullUrl: items[0]?.fullUrl ?? '#',
            active: items.some((i) => i.active),
            folder: true,
            external: false,
            collectionId: null,
            access: 'public',
            items,
          },
        ];
      }
      if (entry.url) {
        return [
          {
            title: title(entry.title),
            fullUrl: entry.url,
            active: false,
            folder: false,
            external: /^(https?:)?\/\//.test(entry.url),
            collectionId: null,
            access: 'public',
            items: [],
          },
        ];
      }
      const c = entry.collection ? s.collectionsByUrlId.get(entry.collection) : undefined;
      // A link to a collection that went away is left out; members' areas and protected pages stay
      // (opening one asks to join or for the password).
      if (!c) return [];
      const fullUrl = collectionUrl(s, c);
      const active = fullUrl === '/' ? currentPath === '/' : currentPath === fullUrl || currentPath.startsWith(`${fullUrl}/`);
      return [{ title: title(entry.title), fullUrl, active, folder: false, external: false, collectionId: c.id, access: c.access, items: [] }];
    });
  return Object.fromEntries(Object.entries(s.navigation).map(([name, entries]) => [name, resolve(entries)]));
}
