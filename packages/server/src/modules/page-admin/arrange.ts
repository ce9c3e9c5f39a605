import type { NavEntry } from '../../site-dir/types.js';
import type { CollectionRow } from '../../storage/content.js';
import { NAV_LISTS, type NavList } from './state.js';
import type { KeyTarget, PagesTree } from './tree.js';

/** One node of a saved tree: its key, whether it is hidden, and (folders) what it holds. */
export interface NavRef {
  key: string;
  hidden?: boolean;
  children?: NavRef[];
}

/** The navigation a saved tree makes, or the field errors that refuse it (`main[2].children[0]`: message). */
export type Arranged =
  | { ok: true; navigation: Record<NavList, NavEntry[]>; parents: Map<string, string | null> }
  | { ok: false; errors: Record<string, string> };

/**
 * Turns the studio's tree (keys only) into the navigation lists to store, and each collection's
 * folder. Every link and folder of the current tree must be there once (deleting is its own call),
 * a collection at most once per list; only folders hold children, and folders do not nest.
 */
export function arrangeNavigation(tree: PagesTree, lists: Record<NavList, readonly NavRef[]>, collections: readonly CollectionRow[]): Arranged {
  const errors: Record<string, string> = {};
  const placedEntries = new Set<string>();
  const parents = new Map<string, string | null>();
  const folderOf = new Map<string, string>();

  const entryFor = (
    target: KeyTarget,
    ref: NavRef,
    path: string,
    depth: number,
    list: NavList,
    inFolder: CollectionRow | null,
    seenInList: Set<string>,
  ): NavEntry | null => {
    const isFolder = target.kind === 'collection' ? target.collection.type_name === 'folder' : target.folder;
    if (ref.children && ref.children.length > 0 && !isFolder) {
      errors[`${path}.children`] = 'Only a folder holds other pages.';
      return null;
    }
    if (isFolder && depth > 0) {
      errors[path] = 'A folder cannot be put inside another folder.';
      return null;
    }
    const hidden = ref.hidden === true ? { hidden: true } : {};
    const children = isFolder
      ? build(ref.children ?? [], `${path}.children`, depth + 1, list, target.kind === 'collection' ? target.collection : null, seenInList)
      : undefined;
    if (target.kind === 'entry') {
      if (placedEntries.has(ref.key)) {
        errors[path] = 'This link or folder is in the tree twice.';
        return null;
      }
      placedEntries.add(ref.key);
      const { items: _items, hidden: _hidden, ...rest } = target.entry;
      return { ...rest, id: ref.key, ...hidden, ...(children ? { items: children } : {}) };
    }
    const c = target.collection;
    if (seenInList.has(c.id)) {
      errors[path] = 'This page is in this list twice.';
      return null;
    }
    seenInList.add(c.id);
    if (inFolder) {
      const already = folderOf.get(c.id);
      if (already && already !== inFolder.id) errors[path] = 'A page can be in one folder only.';
      folderOf.set(c.id, inFolder.id);
    }
    return { title: target.title, collection: c.url_id, ...hidden, ...(children ? { items: children } : {}) };
  };

  function build(refs: readonly NavRef[], prefix: string, depth: number, list: NavList, inFolder: CollectionRow | null, seenInList: Set<string>): NavEntry[] {
    const out: NavEntry[] = [];
    refs.forEach((ref, i) => {
      const path = `${prefix}[${i}]`;
      const target = tree.keys.get(ref.key);
      if (!target) {
        errors[path] = 'This page no longer exists: reload the pages.';
        return;
      }
      const entry = entryFor(target, ref, path, depth, list, inFolder, seenInList);
      if (entry) out.push(entry);
    });
    return out;
  }

  const navigation = Object.fromEntries(NAV_LISTS.map((list) => [list, build(lists[list], list, 0, list, null, new Set())])) as Record<NavList, NavEntry[]>;
  for (const [key, target] of tree.keys) {
    if (target.kind === 'entry' && !placedEntries.has(key)) errors[key] = `"${target.entry.title}" is missing from the tree: delete it instead.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  for (const c of collections) parents.set(c.id, folderOf.get(c.id) ?? null);
  return { ok: true, navigation, parents };
}
