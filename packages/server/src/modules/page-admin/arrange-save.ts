import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import { arrangeNavigation } from './arrange.js';
import type { NavigationBody } from './schemas.js';
import { readPagesState } from './state.js';
import { buildTree, type PageNode } from './tree.js';
import { changePages, writeLists } from './write.js';

export interface TreeAnswer {
  revision: string;
  main: PageNode[];
  footer: PageNode[];
  notLinked: PageNode[];
}

/** The tree as the studio reads it, with the revision a save must name. */
export async function readTree(store: Store, websiteId: string, now: number): Promise<TreeAnswer> {
  const state = await readPagesState(store.db, websiteId);
  const { main, footer, notLinked } = buildTree(state, now);
  return { revision: state.revision, main, footer, notLinked };
}

/**
 * Saves the whole tree (order, moves between lists and into folders, hidden entries) when it was
 * made from the current revision: 409 NAVIGATION_CONFLICT otherwise. The lists and each collection's
 * folder change together, in one transaction.
 */
export async function saveTree(store: Store, websiteId: string, body: NavigationBody, now: number): Promise<TreeAnswer> {
  await changePages(store, websiteId, now, async (tx, state) => {
    if (state.revision !== body.revision) throw new AppError('NAVIGATION_CONFLICT');
    const arranged = arrangeNavigation(buildTree(state, now), body, state.collections);
    if (!arranged.ok) throw new AppError('VALIDATION_FAILED', undefined, arranged.errors);
    await writeLists(tx, websiteId, arranged.navigation);
    // One update per folder whose collections changed (usually one or two), not one per collection.
    const moves = new Map<string | null, string[]>();
    for (const c of state.collections) {
      const parent = arranged.parents.get(c.id) ?? null;
      if (parent === c.parent_id) continue;
      const ids = moves.get(parent) ?? [];
      ids.push(c.id);
      moves.set(parent, ids);
    }
    for (const [parent, ids] of moves) {
      await tx.updateTable('collections').set({ parent_id: parent }).where('website_id', '=', websiteId).where('id', 'in', ids).execute();
    }
    return { changed: true, result: undefined };
  });
  return readTree(store, websiteId, now);
}
