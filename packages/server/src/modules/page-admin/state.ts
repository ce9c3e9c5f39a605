import { createHash } from 'node:crypto';
import type { CollectionRow, NavigationRow } from '../../storage/content.js';
import type { Executor } from '../../storage/statement.js';
import type { NavEntry } from '../../site-dir/types.js';

/** The navigation lists the studio edits, in its order; `notLinked` holds pages listed in no menu. */
export const NAV_LISTS = ['main', 'footer', 'notLinked'] as const;
export type NavList = (typeof NAV_LISTS)[number];

/** A plain page's one item, as the tree shows it. */
interface PageItem {
  id: string;
  collection_id: string;
  status: string;
  publish_on: number | null;
  /** Its data: a cover page's own settings live there (site/special-pages.ts). */
  data: string;
}

/** What the pages API reads of a site at once: its collections, its navigation lists and its plain pages' items. */
export interface PagesState {
  collections: CollectionRow[];
  navigation: Record<NavList, NavEntry[]>;
  /** Lists of navigation.json the studio does not edit (a site directory may name more): kept as they are. */
  otherLists: string[];
  pageItems: Map<string, PageItem>;
  revision: string;
}

/** Locks the site's row on PostgreSQL, so two writes of its navigation run one after the other (SQLite writes always do). */
export async function lockSite(tx: Executor, websiteId: string, dialect: string): Promise<void> {
  if (dialect === 'postgres') await tx.selectFrom('websites').select('id').where('id', '=', websiteId).forUpdate().execute();
}

async function readCollections(db: Executor, websiteId: string): Promise<CollectionRow[]> {
  return db.selectFrom('collections').selectAll().where('website_id', '=', websiteId).orderBy('position').orderBy('id').execute();
}

async function readNavigation(db: Executor, websiteId: string): Promise<NavigationRow[]> {
  return db.selectFrom('navigation').selectAll().where('website_id', '=', websiteId).orderBy('name').execute();
}

async function readPageItems(db: Executor, websiteId: string): Promise<PageItem[]> {
  return db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['items.id', 'items.collection_id', 'items.status', 'items.publish_on', 'items.data'])
    .where('items.website_id', '=', websiteId)
    .where('collections.type_name', '=', 'page')
    .orderBy('items.position')
    .execute();
}

/**
 * The revision of a site's navigation: a hash of its lists and of where its collections are (folder,
 * home, title, URL). Any change to them (this API, another owner's save, `tessera import`) changes
 * it, so a save of the whole tree names the revision it was made from and is refused when stale.
 */
function revisionOf(collections: readonly CollectionRow[], navigation: readonly NavigationRow[]): string {
  const hash = createHash('sha256');
  for (const n of navigation) hash.update(`${n.name}\0${n.entries}\0`);
  for (const c of collections)
    hash.update(`${c.id}\0${c.url_id}\0${c.title}\0${c.type_name}\0${c.parent_id ?? ''}\0${c.is_home}\0${c.folder_behavior ?? ''}\0`);
  return hash.digest('base64url').slice(0, 22);
}

export async function readPagesState(db: Executor, websiteId: string): Promise<PagesState> {
  const [collections, rows, items] = await Promise.all([readCollections(db, websiteId), readNavigation(db, websiteId), readPageItems(db, websiteId)]);
  const navigation: Record<NavList, NavEntry[]> = { main: [], footer: [], notLinked: [] };
  const otherLists: string[] = [];
  for (const row of rows) {
    if ((NAV_LISTS as readonly string[]).includes(row.name)) navigation[row.name as NavList] = JSON.parse(row.entries) as NavEntry[];
    else otherLists.push(row.name);
  }
  const pageItems = new Map<string, PageItem>();
  for (const item of items) {
    const at = item.publish_on === null ? null : Number(item.publish_on);
    if (!pageItems.has(item.collection_id)) pageItems.set(item.collection_id, { ...item, publish_on: at });
  }
  return { collections, navigation, otherLists, pageItems, revision: revisionOf(collections, rows) };
}
