import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { type Executor, writeTransaction } from '../../storage/statement.js';
import type { NavEntry } from '../../site-dir/types.js';
import { stampEntryIds } from './tree.js';
import { NAV_LISTS, type NavList, type PagesState, lockSite, readPagesState } from './state.js';

/** Bumps the site's version: every process loads the new navigation and collections, and kept pages are dropped. */
async function bumpVersion(tx: Executor, websiteId: string, now: number): Promise<void> {
  await tx
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
    .where('id', '=', websiteId)
    .execute();
}

/** Writes the studio's navigation lists (other lists of the site directory stay as they are). */
export async function writeLists(tx: Executor, websiteId: string, navigation: Record<NavList, NavEntry[]>): Promise<void> {
  await tx
    .deleteFrom('navigation')
    .where('website_id', '=', websiteId)
    .where('name', 'in', [...NAV_LISTS])
    .execute();
  await tx
    .insertInto('navigation')
    .values(NAV_LISTS.map((name) => ({ website_id: websiteId, name, entries: JSON.stringify(navigation[name]) })))
    .execute();
}

/**
 * Runs a change of a site's pages in one transaction: the site is locked (PostgreSQL), its pages
 * read afresh, and `work` given them; the site's version is bumped when `work` says it changed
 * something. Answers what `work` answers.
 */
export async function changePages<T>(
  store: Store,
  websiteId: string,
  now: number,
  work: (tx: Executor, state: PagesState) => Promise<{ changed: boolean; result: T }>,
): Promise<T> {
  return writeTransaction(store, async (tx) => {
    await lockSite(tx, websiteId, store.dialect);
    const state = await readPagesState(tx, websiteId);
    stampEntryIds(state.navigation);
    const { changed, result } = await work(tx, state);
    if (changed) await bumpVersion(tx, websiteId, now);
    return result;
  });
}

export interface NewCollection {
  urlId: string;
  title: string;
  typeName: 'page' | 'blog' | 'events' | 'folder';
  folderBehavior: number | null;
  parentId: string | null;
  /** A cover page: a page whose item holds cover settings (site/special-pages.ts), empty at first. */
  cover?: boolean;
}

/** Adds a collection at the end of the site's collections; a plain page gets its one item, a draft with an empty layout. */
export async function insertCollection(
  tx: Executor,
  websiteId: string,
  state: PagesState,
  c: NewCollection,
  now: number,
): Promise<{ id: string; itemId: string | null }> {
  const id = newId();
  const position = state.collections.reduce((max, row) => Math.max(max, row.position), -1) + 1;
  await tx
    .insertInto('collections')
    .values({
      id,
      website_id: websiteId,
      url_id: c.urlId,
      title: c.title,
      type_name: c.typeName,
      description: '',
      folder_behavior: c.typeName === 'folder' ? c.folderBehavior : null,
      parent_id: c.parentId,
      is_home: 0,
      page_size: 20,
      access: 'public',
      position,
      data: '{}',
    })
    .execute();
  if (c.typeName !== 'page') return { id, itemId: null };
  const itemId = newId();
  await tx
    .insertInto('items')
    .values({
      id: itemId,
      website_id: websiteId,
      collection_id: id,
      url_id: c.urlId,
      title: c.title,
      status: 'draft',
      publish_on: null,
      position: 0,
      record_type: 1,
      excerpt: '',
      body: '',
      start_date: null,
      end_date: null,
      data: JSON.stringify(c.cover ? { sections: [], cover: { text: '', image: null, imageAlt: '', actionLabel: '', actionUrl: '' } } : { sections: [] }),
      created_on: now,
      updated_on: now,
    })
    .execute();
  return { id, itemId };
}
