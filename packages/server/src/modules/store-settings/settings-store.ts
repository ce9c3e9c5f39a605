import { createHash } from 'node:crypto';
import type { Store } from '../../storage/dialect.js';
import { type Executor, writeTransaction } from '../../storage/statement.js';
import type { JsonObject } from '../../site-dir/types.js';

/** A site's currency and store settings as stored, with the version a save must name. */
export interface StoredStoreSettings {
  currency: string;
  store: JsonObject;
  version: string;
}

/**
 * The version of a site's store settings: a hash of what is stored. Any change (this page, another
 * staff member's save, `tessera import`) changes it, so a save names the version it was made from
 * and is refused when the settings changed since.
 */
function settingsVersion(currency: string, storeText: string): string {
  return createHash('sha256').update(currency).update('\0').update(storeText).digest('base64url').slice(0, 22);
}

export async function readStoreSettings(db: Executor, websiteId: string): Promise<StoredStoreSettings> {
  const row = await db.selectFrom('site_settings').select(['currency', 'store_settings']).where('website_id', '=', websiteId).executeTakeFirstOrThrow();
  return { currency: row.currency, store: JSON.parse(row.store_settings) as JsonObject, version: settingsVersion(row.currency, row.store_settings) };
}

/**
 * Writes a site's currency and store settings when they are still at `expectedVersion` (false
 * otherwise: someone saved in between), and bumps the site's version in the same transaction, so
 * every process loads the new settings with its next snapshot and pages rendered before are not
 * served again. On SQLite writes run one at a time; on PostgreSQL the row is locked while compared.
 */
export async function saveStoreSettings(
  store: Store,
  websiteId: string,
  expectedVersion: string,
  next: { currency: string; store: JsonObject },
  now: number,
): Promise<boolean> {
  return writeTransaction(store, async (tx) => {
    const row = await tx
      .selectFrom('site_settings')
      .select(['currency', 'store_settings'])
      .where('website_id', '=', websiteId)
      .$if(store.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    if (settingsVersion(row.currency, row.store_settings) !== expectedVersion) return false;
    await tx
      .updateTable('site_settings')
      .set({ currency: next.currency, store_settings: JSON.stringify(next.store) })
      .where('website_id', '=', websiteId)
      .execute();
    await tx
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1), updated_on: now }))
      .where('id', '=', websiteId)
      .execute();
    return true;
  });
}

/**
 * Which modes have Stripe's secret key stored (payment_secrets, written by modules/stripe): the store settings
 * offer "stripe" at checkout only with the active mode's. Read here, not through that module, which needs this one's
 * neighbours (checkout) itself.
 */
export async function stripeSecretKeysOf(db: Executor, websiteId: string): Promise<{ test: boolean; live: boolean }> {
  const rows = await db
    .selectFrom('payment_secrets')
    .select('mode')
    .where('website_id', '=', websiteId)
    .where('provider', '=', 'stripe')
    .where('name', '=', 'secretKey')
    .execute();
  return { test: rows.some((r) => r.mode === 'test'), live: rows.some((r) => r.mode === 'live') };
}
