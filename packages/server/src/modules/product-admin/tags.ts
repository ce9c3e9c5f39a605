import { EDITOR_VALIDATION_MESSAGES, checkContentLimits, fillMessage } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/dialect.js';
import type { Executor } from '../../storage/statement.js';
import type { SiteSnapshot } from '../site/index.js';
import { bumpSiteVersion } from './remove.js';

type TagType = 'tag' | 'category';
const FIELD = { tag: 'tags', category: 'categories' } as const;

const namesOf = (data: Record<string, unknown>, type: TagType): string[] => {
  const list = data[FIELD[type]];
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
};

/** Every product's id, revision and data (its tags and categories live in the item's data). */
function productData(db: Executor, websiteId: string) {
  return db
    .selectFrom('items')
    .innerJoin('products', 'products.item_id', 'items.id')
    .select(['items.id', 'items.data'])
    .where('items.website_id', '=', websiteId)
    .execute();
}

/** The tags (or categories) of the site's products, each with how many products carry it, by name. */
export async function listTags(db: Executor, websiteId: string, type: TagType): Promise<{ name: string; count: number }[]> {
  const counts = new Map<string, number>();
  for (const row of await productData(db, websiteId)) {
    for (const name of new Set(namesOf(JSON.parse(row.data), type))) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts.entries()].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Renames a tag (or category) on every product that carries it, or takes it off them (`to` null),
 * in one transaction. Each product changed is a save: its revision is bumped, so an editor opened
 * before is told that the product changed rather than putting the old name back.
 */
export async function changeTag(store: Store, s: SiteSnapshot, type: TagType, from: string, to: string | null, now: number): Promise<number> {
  if (to !== null) {
    const name = to.trim();
    const limit = checkContentLimits(type === 'tag' ? { tags: [name] } : { categories: [name] });
    if (name === '') throw new AppError('VALIDATION_FAILED', undefined, { to: `Enter the ${type}'s new name.` });
    if (limit.length > 0) throw new AppError('VALIDATION_FAILED', undefined, { to: limit[0]! });
    to = name;
  }
  return store.db.transaction().execute(async (tx) => {
    const rows = await productData(tx, s.website.id);
    const parsed = rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) as Record<string, unknown> }));
    if (to !== null && to !== from && parsed.some((r) => namesOf(r.data, type).includes(to!))) {
      throw new AppError('VALIDATION_FAILED', undefined, { to: fillMessage(EDITOR_VALIDATION_MESSAGES.tagExists, { tagType: type }) });
    }
    const carrying = parsed.filter((r) => namesOf(r.data, type).includes(from));
    for (const r of carrying) {
      const names = namesOf(r.data, type);
      const next = to === null ? names.filter((n) => n !== from) : names.map((n) => (n === from ? to! : n));
      const data = JSON.stringify({ ...r.data, [FIELD[type]]: next });
      await tx
        .updateTable('items')
        .set((eb) => ({ data, updated_on: now, revision: eb('revision', '+', 1) }))
        .where('id', '=', r.id)
        .execute();
    }
    if (carrying.length > 0) await bumpSiteVersion(tx, s.website.id, now);
    return carrying.length;
  });
}
