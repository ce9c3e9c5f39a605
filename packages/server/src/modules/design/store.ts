import type { Store } from '../../storage/dialect.js';
import { writeSiteStyles } from '../../storage/site-styles.js';
import { type Executor, writeTransaction } from '../../storage/statement.js';

/** Bumps the site's version: every process reloads the site (its styles with it) and kept pages are dropped. */
async function bumpVersion(tx: Executor, websiteId: string, now: number): Promise<void> {
  await tx
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
    .where('id', '=', websiteId)
    .execute();
}

/** Saves a theme's style paths if nobody saved since `revision`; false when someone did. */
export async function saveStyles(
  store: Store,
  websiteId: string,
  themeName: string,
  revision: number,
  saved: Record<string, unknown>,
  now: number,
): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    if (!(await writeSiteStyles(tx, websiteId, themeName, revision, saved, now))) return false;
    await bumpVersion(tx, websiteId, now);
    return true;
  });
}

/**
 * Switches the site's theme to a built-in one, if it still uses `from` (two switches from the same
 * page never both win). Content is untouched; each theme keeps its own saved styles.
 */
export async function switchTheme(store: Store, websiteId: string, from: string, to: string, now: number): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    const switched = await tx
      .updateTable('websites')
      // A built-in theme: the site's own stored theme, if it had one, stays in the store but is no longer used.
      .set((eb) => ({ theme_name: to, theme_id: null, version: eb('version', '+', 1), updated_on: now }))
      .where('id', '=', websiteId)
      .where('theme_name', '=', from)
      .executeTakeFirst();
    return Number(switched.numUpdatedRows) === 1;
  });
}
