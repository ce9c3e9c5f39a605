import { createHash } from 'node:crypto';
import { contentStatusLabel } from '@tessera/core/enums';
import { FolderBehavior } from '../../constants.js';
import type { CollectionRow } from '../../storage/content.js';
import type { NavEntry } from '../../site-dir/types.js';
import { NAV_LISTS, type NavList, type PagesState } from './state.js';

type NodeKind = 'page' | 'collection' | 'folder' | 'link';

/** One node of the studio's tree (docs/owner-api.md "Pages and navigation"). */
export interface PageNode {
  key: string;
  kind: NodeKind;
  title: string;
  urlId?: string;
  url?: string;
  typeName?: string;
  collectionId?: string;
  itemId?: string;
  hidden: boolean;
  isHome: boolean;
  status?: string;
  statusLabel?: string;
  folderBehavior?: number;
  children?: PageNode[];
}

/** What a key names: a collection, or a navigation entry of its own (a link, a folder without a collection). */
export type KeyTarget = { kind: 'collection'; collection: CollectionRow; title: string } | { kind: 'entry'; entry: NavEntry; folder: boolean };

export interface PagesTree {
  main: PageNode[];
  footer: PageNode[];
  notLinked: PageNode[];
  /** Every key of the tree and what it names. */
  keys: Map<string, KeyTarget>;
}

/** A collection's key: `c-` and its id, the same in every list. */
export const collectionKey = (c: Pick<CollectionRow, 'id'>) => `c-${c.id}`;

/**
 * The key of a navigation entry written without an id (a site directory's link or folder): made
 * from where it is and what it says, so the same stored tree gives the same keys until a save
 * writes them down.
 */
function derivedKey(list: string, path: string, entry: NavEntry): string {
  return `n-${createHash('sha256')
    .update(`${list}\0${path}\0${entry.title}\0${entry.url ?? ''}`)
    .digest('hex')
    .slice(0, 16)}`;
}

/** An entry's key, when it names no collection. */
function entryKey(list: string, path: string, entry: NavEntry): string {
  return entry.id ?? derivedKey(list, path, entry);
}

/**
 * Gives every link and folder entry without an id the key it is known by, before a change moves
 * entries around (a derived key depends on the entry's place): saved lists keep their keys.
 */
export function stampEntryIds(navigation: Record<NavList, NavEntry[]>): void {
  const walk = (list: string, entries: NavEntry[], prefix: string) =>
    entries.forEach((entry, i) => {
      const path = `${prefix}[${i}]`;
      if (entry.collection === undefined && entry.id === undefined) entry.id = derivedKey(list, path, entry);
      if (entry.items) walk(list, entry.items, `${path}.items`);
    });
  for (const list of NAV_LISTS) walk(list, navigation[list], list);
}

/** A plain page's status as visitors meet it: a scheduled page whose time has come is published. */
function pageStatus(status: string, publishOn: number | null, now: number): string {
  return status === 'scheduled' && publishOn !== null && publishOn <= now ? 'published' : status;
}

export function buildTree(state: PagesState, now: number): PagesTree {
  const byUrlId = new Map(state.collections.map((c) => [c.url_id, c]));
  const keys = new Map<string, KeyTarget>();
  const seen = new Set<string>();

  const collectionNode = (c: CollectionRow, title: string, hidden: boolean, children?: PageNode[]): PageNode => {
    const key = collectionKey(c);
    if (!keys.has(key)) keys.set(key, { kind: 'collection', collection: c, title });
    seen.add(c.id);
    const node: PageNode = {
      key,
      kind: c.type_name === 'page' ? 'page' : c.type_name === 'folder' ? 'folder' : 'collection',
      title,
      urlId: c.url_id,
      url: c.is_home === 1 ? '/' : `/${c.url_id}`,
      typeName: c.type_name,
      collectionId: c.id,
      hidden,
      isHome: c.is_home === 1,
    };
    if (c.type_name === 'page') {
      const item = state.pageItems.get(c.id);
      if (item) {
        node.itemId = item.id;
        node.status = pageStatus(item.status, item.publish_on, now);
        const label = contentStatusLabel(node.status);
        if (label) node.statusLabel = label;
      }
    }
    if (c.type_name === 'folder') {
      node.folderBehavior = c.folder_behavior ?? FolderBehavior.INDEX;
      node.children = children ?? state.collections.filter((child) => child.parent_id === c.id).map((child) => collectionNode(child, child.title, false));
    }
    return node;
  };

  const nodesOf = (list: string, entries: readonly NavEntry[], prefix: string): PageNode[] =>
    entries.flatMap((entry, i): PageNode[] => {
      const path = `${prefix}[${i}]`;
      const hidden = entry.hidden === true;
      if (entry.collection !== undefined) {
        const c = byUrlId.get(entry.collection);
        if (!c) return [];
        return [collectionNode(c, entry.title, hidden, entry.items ? nodesOf(list, entry.items, `${path}.items`) : undefined)];
      }
      const key = entryKey(list, path, entry);
      if (entry.items) {
        keys.set(key, { kind: 'entry', entry, folder: true });
        return [{ key, kind: 'folder', title: entry.title, hidden, isHome: false, children: nodesOf(list, entry.items, `${path}.items`) }];
      }
      keys.set(key, { kind: 'entry', entry, folder: false });
      return [{ key, kind: 'link', title: entry.title, url: entry.url ?? '', hidden, isHome: false }];
    });

  const lists = Object.fromEntries(NAV_LISTS.map((list) => [list, nodesOf(list, state.navigation[list], list)])) as Record<NavList, PageNode[]>;
  // Collections no list names (made by an import, or left out of every menu) are not linked: listed
  // last, in the collections' own order, each folder with the collections it holds.
  const inFolder = new Set(state.collections.filter((c) => c.parent_id && state.collections.some((f) => f.id === c.parent_id)).map((c) => c.id));
  for (const c of state.collections) {
    if (seen.has(c.id) || inFolder.has(c.id)) continue;
    lists.notLinked.push(collectionNode(c, c.title, false));
  }
  for (const c of state.collections) if (!seen.has(c.id)) lists.notLinked.push(collectionNode(c, c.title, false));
  return { ...lists, keys };
}
