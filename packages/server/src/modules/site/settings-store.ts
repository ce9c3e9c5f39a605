import type { Store } from '../../storage/dialect.js';
import type { JsonObject } from '../../site-dir/types.js';
import { writeTransaction } from '../../storage/statement.js';

/**
 * Changes a site's settings (site.json `settings`, kept whole in `site_settings.website_settings`)
 * in one transaction, and bumps the site's version so that every process reloads its snapshot
 * (within SITE_CACHE_MS). What the owner changes this way is what `tessera export` writes back.
 * Answers the settings as stored.
 */
export async function updateWebsiteSettings(store: Store, websiteId: string, change: (settings: JsonObject) => void, now: number): Promise<JsonObject> {
  return writeTransaction(store, async (tx) => {
    const row = await tx
      .selectFrom('site_settings')
      .select('website_settings')
      .where('website_id', '=', websiteId)
      .$if(store.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const settings = JSON.parse(row.website_settings) as JsonObject;
    change(settings);
    await tx
      .updateTable('site_settings')
      .set({ website_settings: JSON.stringify(settings) })
      .where('website_id', '=', websiteId)
      .execute();
    await tx
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
      .where('id', '=', websiteId)
      .execute();
    return settings;
  });
}
