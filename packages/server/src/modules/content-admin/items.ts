import { contentStatusLabel, dayIn, zoneOffset } from '@tessera/core';
import { slugFromTitle } from '@tessera/core/layout';
import { AppError } from '../../errors.js';
import { bumpWebsiteVersion } from '../../storage/assets.js';
import type { Store } from '../../storage/dialect.js';
import { newId } from '../../storage/ids.js';
import { CONTENT_STATUSES } from '../../site-dir/types.js';
import type { CollectionRow } from '../../storage/content.js';
import type { Executor } from '../../storage/statement.js';
import { itemUrl, type SiteSnapshot } from '../site/index.js';
import { contentItem } from './item.js';
import { deleteItemRow, insertDraftItem, listCollectionItems, type ListedItemRow, urlIdsLike } from './items-store.js';

/** Items per page of a list; the next page is asked for with `nextCursor`. */
const PAGE_SIZE = 50;
const HOUR = 3_600_000;

/** The blog or events collection of this site by its id; 404 NOT_FOUND for any other (pages, stores, folders). */
function listedCollection(s: SiteSnapshot, collectionId: string): CollectionRow {
  const c = s.collectionsById.get(collectionId);
  if (!c || (c.type_name !== 'blog' && c.type_name !== 'events')) throw new AppError('NOT_FOUND');
  return c;
}

function statusLabel(status: string): string {
  return contentStatusLabel(status) ?? 'Published';
}

function listed(s: SiteSnapshot, c: CollectionRow, r: ListedItemRow) {
  const data = JSON.parse(r.data) as { author?: unknown; timeZone?: unknown };
  return {
    itemId: r.id,
    title: r.title,
    urlId: r.url_id,
    url: itemUrl(s, c, r),
    status: r.status,
    statusLabel: statusLabel(r.status),
    publishOn: r.publish_on === null ? null : Number(r.publish_on),
    ...(c.type_name === 'events' ? { startDate: r.start_date === null ? null : Number(r.start_date), timeZone: zoneOf(data, s) } : {}),
    ...(typeof data.author === 'string' && data.author !== '' ? { author: data.author } : {}),
    updatedOn: Number(r.updated_on),
    hasDraft: r.draft !== null,
  };
}

const zoneOf = (data: { timeZone?: unknown }, s: SiteSnapshot) => (typeof data.timeZone === 'string' ? data.timeZone : s.timeZone);

/** `GET /api/owner/collections/:collectionId/items`: a page of the list, with the cursor of the next one (null at its end). */
export async function listItems(db: Executor, s: SiteSnapshot, collectionId: string, query: { status?: string; q?: string; cursor?: string }, now: number) {
  const c = listedCollection(s, collectionId);
  const status = query.status?.trim() || undefined;
  if (status !== undefined && !(CONTENT_STATUSES as readonly string[]).includes(status)) {
    throw new AppError('VALIDATION_FAILED', undefined, { status: `Choose a status among ${CONTENT_STATUSES.join(', ')}.` });
  }
  const offset = query.cursor && /^\d{1,9}$/.test(query.cursor) ? Number(query.cursor) : 0;
  const rows = await listCollectionItems(db, {
    websiteId: s.website.id,
    collectionId: c.id,
    events: c.type_name === 'events',
    status,
    q: query.q?.trim() || undefined,
    now,
    offset,
    limit: PAGE_SIZE + 1,
  });
  return {
    items: rows.slice(0, PAGE_SIZE).map((r) => listed(s, c, r)),
    nextCursor: rows.length > PAGE_SIZE ? String(offset + PAGE_SIZE) : null,
  };
}

/** The instant of a wall-clock time on a day in a zone (the zone's offset read twice, for the day a clock changes). */
function zonedInstant(day: string, time: string, zone: string): number {
  const wall = Date.parse(`${day}T${time}Z`);
  const first = wall - (zoneOffset(zone, wall) ?? 0);
  return wall - (zoneOffset(zone, first) ?? 0);
}

/** A url id of the title, free in the collection: "spring-notes", else "spring-notes-2", ... */
function freeUrlId(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * `POST /api/owner/collections/:collectionId/items`: a new draft post or event with an empty
 * layout, at a url id made from its title; an event starts tomorrow at 10:00 in the site's zone, for
 * an hour. Two requests with one title both succeed: the second takes the next free url id.
 */
export async function createItem(store: Store, s: SiteSnapshot, collectionId: string, title: string, now: number) {
  const c = listedCollection(s, collectionId);
  const name = title.trim();
  if (name === '') throw new AppError('VALIDATION_FAILED', undefined, { title: 'Enter a title.' });
  const events = c.type_name === 'events';
  const start = events ? zonedInstant(dayIn(s.timeZone, now + 24 * HOUR), '10:00:00', s.timeZone) : null;
  const data = events ? { sections: [], timeZone: s.timeZone } : { sections: [] };
  const base = slugFromTitle(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const urlId = freeUrlId(base, await urlIdsLike(store.db, c.id, base));
    const item = {
      id: newId(),
      websiteId: s.website.id,
      collectionId: c.id,
      urlId,
      title: name,
      startDate: start,
      endDate: start === null ? null : start + HOUR,
      data: JSON.stringify(data),
      now,
    };
    if (await insertDraftItem(store.db, item)) {
      return listed(s, c, { ...item, url_id: urlId, status: 'draft', publish_on: null, start_date: item.startDate, updated_on: now, draft: null });
    }
  }
  throw new Error('no free url id for a new item after five tries');
}

/** `DELETE /api/owner/content/:itemId`: a post or an event, with its drafts and versions; a page is deleted from the pages list. */
export async function deleteItem(store: Store, s: SiteSnapshot, itemId: string): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    const { kind } = await contentItem(tx, s, itemId);
    if (kind === 'page') throw new AppError('CONTENT_IS_A_PAGE');
    await deleteItemRow(tx, s.website.id, itemId);
    await bumpWebsiteVersion(tx, s.website.id);
  });
}
