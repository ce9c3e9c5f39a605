import { type Kysely, sql } from 'kysely';
import { AppError } from '../../errors.js';
import type { Database } from '../../storage/schema.js';
import { kindCondition } from './kinds.js';
import type { MediaKind } from './limits.js';
import { LIBRARY_COLUMNS } from './store.js';

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

function encodeCursor(sort: LibrarySort, p: Position): string {
  return Buffer.from(JSON.stringify([sort, p.value, p.id])).toString('base64url');
}

/** The position after a page's last row; CURSOR_INVALID for anything else, or for another sort's cursor. */
function decodeCursor(cursor: string | undefined, sort: LibrarySort): Position | null {
  if (cursor === undefined || cursor === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('CURSOR_INVALID');
  }
  if (!Array.isArray(value) || value.length !== 3) throw new AppError('CURSOR_INVALID');
  const [s, v, id] = value as unknown[];
  const valueOk = sort === 'name' ? typeof v === 'string' : typeof v === 'number' && Number.isSafeInteger(v);
  if (s !== sort || !valueOk || typeof id !== 'string' || id.length > 64) throw new AppError('CURSOR_INVALID');
  return { value: v as string | number, id };
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
