import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import type { NavEntry } from '../../site-dir/types.js';
import { NAV_LISTS } from './state.js';
import { buildTree } from './tree.js';
import { changePages, writeLists } from './write.js';

/** Collections whose items are more than content: deleting them would take products or lessons away. */
const KEPT_WITH_ITEMS = new Set(['products', 'lessons']);

/** The entries of a list without those `drop` names, at every depth. */
function without(entries: NavEntry[], drop: (e: NavEntry) => boolean): NavEntry[] {
  return entries.filter((e) => !drop(e)).map((e) => (e.items ? { ...e, items: without(e.items, drop) } : e));
}

/**
 * Deletes a link, a folder (only when empty) or a collection with its items, and every navigation
 * entry that names it. The home page is never deleted, nor a store or members' area that holds items.
 */
export async function deleteNode(store: Store, websiteId: string, key: string, now: number): Promise<void> {
  await changePages(store, websiteId, now, async (tx, state) => {
    const target = buildTree(state, now).keys.get(key);
    if (!target) throw new AppError('NOT_FOUND');
    if (target.kind === 'entry') {
      if (target.folder && (target.entry.items?.length ?? 0) > 0) throw new AppError('FOLDER_NOT_EMPTY');
      for (const list of NAV_LISTS) state.navigation[list] = without(state.navigation[list], (e) => e === target.entry);
      await writeLists(tx, websiteId, state.navigation);
      return { changed: true, result: undefined };
    }
    const c = target.collection;
    if (c.is_home === 1) throw new AppError('HOME_PAGE_NOT_DELETABLE');
    if (c.type_name === 'folder') {
      const holds = state.collections.some((child) => child.parent_id === c.id);
      const listed = NAV_LISTS.some((list) => state.navigation[list].some((e) => e.collection === c.url_id && (e.items?.length ?? 0) > 0));
      if (holds || listed) throw new AppError('FOLDER_NOT_EMPTY');
    }
    if (KEPT_WITH_ITEMS.has(c.type_name)) {
      const item = await tx.selectFrom('items').select('id').where('collection_id', '=', c.id).limit(1).executeTakeFirst();
      if (item) throw new AppError('PAGE_NOT_DELETABLE');
    }
    for (const list of NAV_LISTS) state.navigation[list] = without(state.navigation[list], (e) => e.collection === c.url_id);
    await writeLists(tx, websiteId, state.navigation);
    // Its items go with it (items.collection_id cascades).
    await tx.deleteFrom('collections').where('id', '=', c.id).where('website_id', '=', websiteId).execute();
    return { changed: true, result: undefined };
  });
}
