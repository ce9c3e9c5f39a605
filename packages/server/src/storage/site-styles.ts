import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';
import type {} from './schema-styles.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A site's saved style paths for one theme, and its revision (0 before the first save). */
export interface SavedStyles {
  readonly saved: Record<string, unknown>;
  readonly revision: number;
}

/** Every theme's saved paths of a site (what the page, the API and `tessera export` read). */
export async function listSiteStyles(db: Db, websiteId: string): Promise<Map<string, SavedStyles>> {
  const rows = await db.selectFrom('site_styles').select(['theme_name', 'saved', 'revision']).where('website_id', '=', websiteId).execute();
  return new Map(rows.map((r) => [r.theme_name, { saved: JSON.parse(r.saved) as Record<string, unknown>, revision: r.revision }]));
}

/** One theme's saved paths of a site. */
export async function findSiteStyles(db: Db, websiteId: string, themeName: string): Promise<SavedStyles> {
  const row = await db
    .selectFrom('site_styles')
    .select(['saved', 'revision'])
    .where('website_id', '=', websiteId)
    .where('theme_name', '=', themeName)
    .executeTakeFirst();
  return row ? { saved: JSON.parse(row.saved) as Record<string, unknown>, revision: row.revision } : { saved: {}, revision: 0 };
}

/**
 * Writes a theme's saved paths if its revision is still `revision` (compare-and-set, in one statement:
 * two saves from the same revision never both win). False when someone saved in between.
 */
export async function writeSiteStyles(
  db: Db,
  websiteId: string,
  themeName: string,
  revision: number,
  saved: Record<string, unknown>,
  now: number,
): Promise<boolean> {
  const json = JSON.stringify(saved);
  if (revision === 0) {
    const inserted = await db
      .insertInto('site_styles')
      .values({ website_id: websiteId, theme_name: themeName, saved: json, revision: 1, updated_on: now })
      .onConflict((oc) => oc.columns(['website_id', 'theme_name']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('site_styles')
    .set((eb) => ({ saved: json, revision: eb('revision', '+', 1), updated_on: now }))
    .where('website_id', '=', websiteId)
    .where('theme_name', '=', themeName)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Replaces a site's saved styles of every theme (an import: the site directory's `styles`). */
export async function replaceSiteStyles(db: Db, websiteId: string, styles: Readonly<Record<string, Record<string, unknown>>>, now: number): Promise<void> {
  await db.deleteFrom('site_styles').where('website_id', '=', websiteId).execute();
  const rows = Object.entries(styles).map(([theme_name, saved]) => ({
    website_id: websiteId,
    theme_name,
    saved: JSON.stringify(saved),
    revision: 1,
    updated_on: now,
  }));
  if (rows.length > 0) await db.insertInto('site_styles').values(rows).execute();
}
