import { isValidLink, linksMessage } from '@tessera/core/layout';
import { AppError } from '../../errors.js';
import type { CollectionRow } from '../../storage/content.js';
import type { Store } from '../../storage/dialect.js';
import type { Executor } from '../../storage/statement.js';
import type { JsonObject, NavEntry } from '../../site-dir/types.js';
import { hashPassword, type ScryptCost } from '../admin/index.js';
import type { SettingsBody } from './schemas.js';
import { slugProblem } from './slugs.js';
import { NAV_LISTS, type PagesState } from './state.js';
import { buildTree, type KeyTarget } from './tree.js';
import { changePages, writeLists } from './write.js';
import { coverOf, type CoverSettings } from '../site/index.js';

/** A page's settings as the studio shows them; a protected page's password is never given, only that it has one. */
export interface PageSettings {
  key: string;
  kind: 'page' | 'collection' | 'folder' | 'link';
  title: string;
  urlId?: string;
  url?: string;
  typeName?: string;
  itemId?: string;
  seoTitle?: string;
  seoDescription?: string;
  socialImage?: string | null;
  access?: 'public' | 'password' | 'members';
  hasPassword?: boolean;
  folderBehavior?: number;
  isHome?: boolean;
  /** A cover page's own settings (site/special-pages.ts); absent for other pages. */
  cover?: CoverSettings;
}

function accessOf(c: CollectionRow, data: JsonObject): 'public' | 'password' | 'members' {
  if (c.access === 'members') return 'members';
  return typeof data.passwordHash === 'string' ? 'password' : 'public';
}

export function settingsOf(key: string, target: KeyTarget, state: PagesState): PageSettings {
  if (target.kind === 'entry') {
    const e = target.entry;
    return target.folder ? { key, kind: 'folder', title: e.title } : { key, kind: 'link', title: e.title, url: e.url ?? '' };
  }
  const c = target.collection;
  const data = JSON.parse(c.data) as JsonObject;
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : '');
  const item = c.type_name === 'page' ? state.pageItems.get(c.id) : undefined;
  return {
    key,
    kind: c.type_name === 'page' ? 'page' : c.type_name === 'folder' ? 'folder' : 'collection',
    title: c.title,
    urlId: c.url_id,
    url: c.is_home === 1 ? '/' : `/${c.url_id}`,
    typeName: c.type_name,
    ...(item ? { itemId: item.id } : {}),
    ...(item && coverOf(item) ? { cover: coverOf(item)! } : {}),
    seoTitle: text('seoTitle'),
    seoDescription: text('seoDescription'),
    socialImage: typeof data.socialImage === 'string' ? data.socialImage : null,
    access: accessOf(c, data),
    hasPassword: typeof data.passwordHash === 'string',
    ...(c.type_name === 'folder' ? { folderBehavior: c.folder_behavior ?? 1 } : {}),
    isHome: c.is_home === 1,
  };
}

/** Whether a path is an image of the site's media library (or any image asset of the site). */
async function isLibraryImage(db: Executor, websiteId: string, path: string): Promise<boolean> {
  const row = await db.selectFrom('assets').select('content_type').where('website_id', '=', websiteId).where('path', '=', path).executeTakeFirst();
  return !!row && row.content_type.startsWith('image/');
}

/** The cover fields a change gives, trimmed (an empty image removes it). */
function trimmed(change: NonNullable<SettingsBody['cover']>): Partial<CoverSettings> {
  const out: { -readonly [K in keyof CoverSettings]?: CoverSettings[K] } = {};
  for (const key of ['text', 'imageAlt', 'actionLabel', 'actionUrl'] as const) if (change[key] !== undefined) out[key] = change[key]!.trim();
  if (change.image !== undefined) out.image = change.image ? change.image.trim() : null;
  return out;
}

/** Writes a cover page's settings into its item (the state's copy too, for the answer). */
async function saveCover(tx: Executor, websiteId: string, item: { id: string; data: string }, cover: CoverSettings, now: number): Promise<void> {
  const data = { ...(JSON.parse(item.data) as JsonObject), cover: { ...cover } };
  item.data = JSON.stringify(data);
  await tx.updateTable('items').set({ data: item.data, updated_on: now }).where('id', '=', item.id).where('website_id', '=', websiteId).execute();
}

/** Every entry of the studio's lists, folders' links included. */
function* allEntries(state: PagesState): Generator<NavEntry> {
  const walk = function* (entries: NavEntry[]): Generator<NavEntry> {
    for (const e of entries) {
      yield e;
      if (e.items) yield* walk(e.items);
    }
  };
  for (const list of NAV_LISTS) yield* walk(state.navigation[list]);
}

/** Field errors of a settings change that need no store. */
function checkFields(body: SettingsBody, target: KeyTarget): Record<string, string> {
  const errors: Record<string, string> = {};
  if (body.title !== undefined && body.title.trim() === '') errors.title = 'Enter a title.';
  if (target.kind === 'entry') {
    if (body.url !== undefined && (target.folder || !isValidLink(body.url))) errors.url = target.folder ? 'A folder has no link.' : linksMessage();
    return errors;
  }
  const c = target.collection;
  if (body.folderBehavior !== undefined && c.type_name !== 'folder') errors.folderBehavior = 'Only a folder has a folder behaviour.';
  if (body.isHome === true && c.type_name === 'folder') errors.isHome = 'A folder cannot be the home page.';
  const link = body.cover?.actionUrl?.trim();
  if (link && !isValidLink(link)) errors['cover.actionUrl'] = linksMessage();
  return errors;
}

/**
 * Changes a page's settings in one transaction: its title (and its navigation entries' titles), its
 * slug (and the entries that name it), SEO title and description, sharing image, access (a password
 * is hashed, never kept), folder behaviour, and whether it is the home page.
 */
export async function saveSettings(
  store: Store,
  websiteId: string,
  key: string,
  body: SettingsBody,
  passwordCost: ScryptCost | undefined,
  now: number,
): Promise<PageSettings> {
  const passwordHash = body.password !== undefined && body.password !== '' ? await hashPassword(body.password, passwordCost) : null;
  return changePages(store, websiteId, now, async (tx, state) => {
    const tree = buildTree(state, now);
    const target = tree.keys.get(key);
    if (!target) throw new AppError('NOT_FOUND');
    const errors = checkFields(body, target);
    const title = body.title?.trim();
    if (target.kind === 'entry') {
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
      if (title) target.entry.title = title;
      if (body.url !== undefined) target.entry.url = body.url.trim();
      target.entry.id = key;
      await writeLists(tx, websiteId, state.navigation);
      return { changed: true, result: settingsOf(key, target, state) };
    }
    const c = target.collection;
    const data = JSON.parse(c.data) as JsonObject;
    const urlId = body.urlId?.trim();
    if (urlId !== undefined && urlId !== c.url_id) {
      const problem = slugProblem(urlId, state.collections, c.id);
      if (problem) errors.urlId = problem;
    }
    if (body.socialImage && !(await isLibraryImage(tx, websiteId, body.socialImage))) errors.socialImage = 'Choose an image of the media library.';
    if (body.access === 'password' && !passwordHash && typeof data.passwordHash !== 'string') errors.password = 'Enter a password for this page.';
    const item = c.type_name === 'page' ? state.pageItems.get(c.id) : undefined;
    const cover = item ? coverOf(item) : null;
    if (body.cover && !cover) errors.cover = 'Only a cover page has cover settings.';
    if (body.cover?.image && !(await isLibraryImage(tx, websiteId, body.cover.image))) errors['cover.image'] = 'Choose an image of the media library.';
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    if (body.cover && item && cover) await saveCover(tx, websiteId, item, { ...cover, ...trimmed(body.cover) }, now);

    for (const name of ['seoTitle', 'seoDescription'] as const) {
      const value = body[name]?.trim();
      if (value === undefined) continue;
      if (value === '') delete data[name];
      else data[name] = value;
    }
    if (body.socialImage !== undefined) {
      if (body.socialImage) data.socialImage = body.socialImage;
      else delete data.socialImage;
    }
    let access = c.access;
    if (body.access === 'members' || body.access === 'public') {
      access = body.access;
      delete data.passwordHash;
    } else if (body.access === 'password') {
      access = 'public';
    }
    if (passwordHash && (body.access === 'password' || (body.access === undefined && typeof data.passwordHash === 'string'))) data.passwordHash = passwordHash;

    const nextUrlId = urlId && urlId !== c.url_id ? urlId : c.url_id;
    for (const entry of allEntries(state)) {
      if (entry.collection !== c.url_id) continue;
      if (title) entry.title = title;
      entry.collection = nextUrlId;
    }
    if (body.isHome === true && c.is_home !== 1) {
      await tx.updateTable('collections').set({ is_home: 0 }).where('website_id', '=', websiteId).where('is_home', '=', 1).execute();
    }
    const updated: CollectionRow = {
      ...c,
      title: title || c.title,
      url_id: nextUrlId,
      access,
      data: JSON.stringify(data),
      folder_behavior: body.folderBehavior ?? c.folder_behavior,
      is_home: body.isHome === undefined ? c.is_home : body.isHome ? 1 : 0,
    };
    await tx
      .updateTable('collections')
      .set({ title: updated.title, url_id: updated.url_id, access, data: updated.data, folder_behavior: updated.folder_behavior, is_home: updated.is_home })
      .where('id', '=', c.id)
      .where('website_id', '=', websiteId)
      .execute();
    await writeLists(tx, websiteId, state.navigation);
    return { changed: true, result: settingsOf(key, { ...target, collection: updated, title: updated.title }, state) };
  });
}
