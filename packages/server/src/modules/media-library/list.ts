import { type Kysely, sql } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { kindCondition } from './kinds.js';
import type { MediaKind } from './limits.js';
import { LIBRARY_COLUMNS } from './store.js';
import { decodeCursor as decodeKey, encodeCursor as encodeKey } from '../../http/cursor.js';

export const SORTS = ['newest', 'oldest', 'name'] as const;
type LibrarySort = (typeof SORTS)[number];

export interface ListQuery {
  readonly q?: string;
  readonly kind?: string;
  readonly sort?: LibrarySort;
  readonly limit?: number;
  readonly cursor?: string;
}

interface Position {
  readonly value: string | number;
  readonly id: string;
}

const encodeCursor = (sort: LibrarySort, p: Position) => encodeKey(sort, [p.value, p.id]);

/** The position after a page's last row; CURSOR_INVALID for anything else, or for another sort's cursor. */
function decodeCursor(cursor: string | undefined, sort: LibrarySort): Position | null {
  const key = decodeKey(cursor, sort, sort === 'name' ? 'ss' : 'ns');
  return key && { value: key[0]!, id: key[1] as string };
}

/** `%`, `_` and the escape itself matched as themselves in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of a site's assets: searched in their name, title and alt text, of one kind, newest,
 * oldest or by name first, keyset-paged on the sort's value and the id (never an offset).
 */
export async function listLibrary(db: Kysely<Database>, websiteId: string, query: ListQuery) {
  const sort = query.sort ?? 'newest';
  const limit = query.limit ?? 50;
  const after = decodeCursor(query.cursor, sort);
  const name = sql<string>`coalesce(display_name, path)`;
  let select = db.selectFrom('assets').select(LIBRARY_COLUMNS).select(name.as('sort_name')).where('website_id', '=', websiteId);
  if (query.kind) select = select.where((eb) => kindCondition(eb, query.kind as MediaKind));
  if (query.q) {
    const pattern = likePattern(query.q);
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(${name})`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(alt)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (sort === 'name') {
    if (after)
      select = select.where((eb) => eb.or([eb(name, '>', after.value as string), eb.and([eb(name, '=', after.value as string), eb('id', '>', after.id)])]));
    select = select.orderBy(name, 'asc').orderBy('id', 'asc');
  } else {
    const dir = sort === 'newest' ? 'desc' : 'asc';
    const past = sort === 'newest' ? '<' : '>';
    if (after) {
      select = select.where((eb) =>
        eb.or([eb('created_on', past, after.value as number), eb.and([eb('created_on', '=', after.value as number), eb('id', past, after.id)])]),
      );
    }
    select = select.orderBy('created_on', dir).orderBy('id', dir);
  }
  const rows = await select.limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last ? encodeCursor(sort, { value: sort === 'name' ? last.sort_name : Number(last.created_on), id: last.id }) : null;
  return { rows: page, nextCursor };
}
