import type { NavEntry } from '../../../site-dir/types.js';
import type { SiteSnapshot } from '../snapshot.js';
import { isObject } from '../../../site-dir/checker.js';
import { collectionUrl } from './content.js';
import type { CollectionRow } from '../../../storage/content.js';
import { FolderBehavior } from '../../../constants.js';

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

/** Lists of navigation.json that visitors never see: the studio's pages that are in no menu. */
const UNLISTED = new Set(['notLinked']);

/**
 * Whether a visitor may see a plain page at `now`: its item is published, or scheduled and its date
 * has passed. A draft, a page waiting for review, a private page and a page without an item answer
 * 404, so the navigation leaves them out too. Other collections are always listed.
 */
export function pageVisible(s: SiteSnapshot, collection: CollectionRow, now: number): boolean {
  if (collection.type_name !== 'page') return true;
  const p = s.pagePublication.get(collection.id);
  if (!p) return false;
  return p.status === 'published' || (p.status === 'scheduled' && p.publishOn !== null && p.publishOn <= now);
}

/**
 * The plain pages that are scheduled and already visible at `now`: with the snapshot, they decide
 * what the navigation shows, so kept navigation contexts are keyed by them.
 */
export function navigationTimeKey(s: SiteSnapshot, now: number): string {
  let key = '';
  for (const [id, p] of s.pagePublication) if (p.status === 'scheduled' && p.publishOn !== null && p.publishOn <= now) key += `${id},`;
  return key;
}

/**
 * `navigation`: each list of navigation.json, with URLs resolved and the current page marked active.
 * Entries marked hidden, and plain pages a visitor may not see at `now`, are left out; so is a folder
 * left with nothing to show.
 */
export function navigationContext(s: SiteSnapshot, currentPath: string, language: string | undefined, now: number): Record<string, NavLink[]> {
  const title = (t: string) => sitePhrase(s, language, t);
  const isActive = (fullUrl: string) => (fullUrl === '/' ? currentPath === '/' : currentPath === fullUrl || currentPath.startsWith(`${fullUrl}/`));
  const resolve = (entries: NavEntry[]): NavLink[] =>
    entries.flatMap((entry): NavLink[] => {
      if (entry.hidden) return [];
      if (entry.items) {
        const items = resolve(entry.items);
        const own = entry.collection ? s.collectionsByUrlId.get(entry.collection) : undefined;
        if (entry.collection && !own) return [];
        if (items.length === 0) return [];
        // A folder collection with an index page links to it; any other folder to its first link.
        const fullUrl = own && (own.folder_behavior ?? FolderBehavior.INDEX) === FolderBehavior.INDEX ? collectionUrl(s, own) : (items[0]?.fullUrl ?? '#');
        return [
          {
            title: title(entry.title),
            fullUrl,
            active: items.some((i) => i.active) || (own !== undefined && isActive(fullUrl)),
            folder: true,
            external: false,
            collectionId: own?.id ?? null,
            access: own?.access ?? 'public',
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
      // A link to a collection that went away is left out, and so is a page visitors may not see yet;
      // members' areas and protected pages stay (opening one asks to join or for the password).
      if (!c || !pageVisible(s, c, now)) return [];
      const fullUrl = collectionUrl(s, c);
      return [
        { title: title(entry.title), fullUrl, active: isActive(fullUrl), folder: false, external: false, collectionId: c.id, access: c.access, items: [] },
      ];
    });
  return Object.fromEntries(
    Object.entries(s.navigation)
      .filter(([name]) => !UNLISTED.has(name))
      .map(([name, entries]) => [name, resolve(entries)]),
  );
}
