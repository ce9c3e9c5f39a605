import type { BlockSettings } from '@tessera/core/layout';
import type { ItemRow } from '../../../../storage/content.js';
import type { Store } from '../../../../storage/dialect.js';
import { visibleItemsPage } from '../../catalog.js';
import type { PageContext, PageRequest } from '../../pages.js';
import { collectionUrl } from '../content.js';
import { itemsWithProducts } from './products.js';

/** Most items read to find a filtered summary's first ones (or an events summary's next ones), as an events list reads. */
const SCAN = 250;

/** Whether an item's data lists the value among `key` (tags, categories), in any case. */
function lists(row: ItemRow, key: 'tags' | 'categories', wanted: string): boolean {
  const values = (JSON.parse(row.data) as Record<string, unknown>)[key];
  const want = wanted.trim().toLowerCase();
  return Array.isArray(values) && values.some((v) => typeof v === 'string' && v.trim().toLowerCase() === want);
}

/** Events: the coming ones soonest first, then the past ones most recent first (a page shows what is next). */
function eventOrder(rows: ItemRow[], now: number): ItemRow[] {
  const ends = (r: ItemRow) => r.end_date ?? r.start_date ?? 0;
  const coming = rows.filter((r) => ends(r) >= now).sort((a, b) => (a.start_date ?? 0) - (b.start_date ?? 0));
  const past = rows.filter((r) => ends(r) < now).sort((a, b) => (b.start_date ?? 0) - (a.start_date ?? 0));
  return [...coming, ...past];
}

/**
 * `sizes` of a grid's or a wall's pictures: `columns` across the page's 1160 px from 900 px wide (two from
 * 433 px), 24 px apart; on a phone, two for products in a grid, else one. Exact enough that no picture is
 * fetched more than 1.5 times as wide as it is shown.
 */
function gridSizes(columns: number, twoOnPhone: boolean): string {
  const phone = twoOnPhone ? 'calc(50vw - 24px)' : '100vw';
  if (columns <= 1) return '(min-width: 1240px) 1160px, 100vw';
  const across = (n: number) => `calc(${(100 / n).toFixed(2)}vw - ${Math.round((80 + 24 * (n - 1)) / n)}px)`;
  const wide = columns > 2 ? `(min-width: 900px) ${across(columns)}, ` : '';
  return `(min-width: 1240px) ${Math.floor((1160 - 24 * (columns - 1)) / columns)}px, ${wide}(min-width: 433px) ${across(2)}, ${phone}`;
}

/**
 * A summary block: the first `limit` visible items of a collection (those with the tag and the
 * category when given), with their products. Null for a collection that is gone, is no list (a
 * page, a folder) or that this visitor may not open (a members' area, a password): the block is
 * left out, and nothing of the collection shows.
 */
export async function summaryData(store: Store, req: PageRequest, raw: Readonly<Record<string, unknown>>, page: PageContext) {
  const settings = raw as unknown as BlockSettings['summary'];
  const s = req.snapshot;
  const c = typeof settings.collection === 'string' ? s.collectionsByUrlId.get(settings.collection) : undefined;
  if (!c || c.type_name === 'folder' || c.type_name === 'page') return null;
  if (req.access && (await req.access(c))) return null;
  const limit = Math.min(Math.max(Math.trunc(Number(settings.limit) || 3), 1), 30);
  const tag = typeof settings.tag === 'string' ? settings.tag : '';
  const category = typeof settings.category === 'string' ? settings.category : '';
  const events = c.type_name === 'events';
  const scan = tag || category || events;
  let { rows } = await visibleItemsPage(store, s, c.id, req.now, scan ? SCAN : limit, 0);
  if (tag) rows = rows.filter((r) => lists(r, 'tags', tag));
  if (category) rows = rows.filter((r) => lists(r, 'categories', category));
  if (events) rows = eventOrder(rows, req.now);
  const items = await itemsWithProducts(store, req, page, rows.slice(0, limit));
  const columns = Math.min(Math.max(Math.trunc(Number(settings.columns) || 3), 1), 6);
  return {
    title: settings.title || c.title,
    collection: { id: c.id, title: c.title, urlId: c.url_id, fullUrl: collectionUrl(s, c), typeName: c.type_name },
    items,
    isProducts: c.type_name === 'products',
    isEvents: events,
    gridSizes: gridSizes(columns, c.type_name === 'products'),
    wallSizes: gridSizes(columns, false),
  };
}
