import type { NavEntry } from '../../../site-dir/types.js';
import type { SiteSnapshot } from '../snapshot.js';
import { collectionUrl } from './content.js';

export interface NavLink {
  title: string;
  fullUrl: string;
  active: boolean;
  folder: boolean;
  external: boolean;
  collectionId: string | null;
  items: NavLink[];
}

/** `navigation`: each list of site.json's navigation, with URLs resolved and the current page marked active. */
export function navigationContext(s: SiteSnapshot, currentPath: string): Record<string, NavLink[]> {
  const resolve = (entries: NavEntry[]): NavLink[] =>
    entries.flatMap((entry): NavLink[] => {
      if (entry.items) {
        const items = resolve(entry.items);
        return [{ title: entry.title, fullUrl: items[0]?.fullUrl ?? '#', active: items.some((i) => i.active), folder: true, external: false, collectionId: null, items }];
      }
      if (entry.url) {
        return [{ title: entry.title, fullUrl: entry.url, active: false, folder: false, external: /^(https?:)?\/\//.test(entry.url), collectionId: null, items: [] }];
      }
      const c = entry.collection ? s.collectionsByUrlId.get(entry.collection) : undefined;
      if (!c || c.access !== 'public') return []; // a link that went away, or a members-only area
      const fullUrl = collectionUrl(s, c);
      const active = fullUrl === '/' ? currentPath === '/' : currentPath === fullUrl || currentPath.startsWith(`${fullUrl}/`);
      return [{ title: entry.title, fullUrl, active, folder: false, external: false, collectionId: c.id, items: [] }];
    });
  return Object.fromEntries(Object.entries(s.navigation).map(([name, entries]) => [name, resolve(entries)]));
}
