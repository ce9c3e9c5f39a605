import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';
import type {} from './schema-forms.js';

// A secret never changes once made, so a process may keep it; the short lifetime only matters
// when a site is deleted and imported again (its secrets are then made anew).
const CACHE_MS = 60_000;
type Db = Kysely<Database> | Transaction<Database>;
// Per store (tests open several in one process); transactions are never cached (see below).
const caches = new WeakMap<object, Map<string, { secret: string; until: number }>>();
function cacheOf(db: Db): Map<string, { secret: string; until: number }> | undefined {
  if (db.isTransaction) return undefined;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * A per-site secret by name (the captcha's HMAC key, the mailing list's token key): made on first
 * use and kept in the store, so every server process signs and verifies with the same key.
 */
export async function siteSecret(db: Db, websiteId: string, name: string, now: number): Promise<string> {
  const key = `${websiteId}\0${name}`;
  const cache = cacheOf(db);
  const cached = cache?.get(key);
  if (cached && cached.until > now) return cached.secret;
  const read = () => db.selectFrom('site_secrets').select('secret').where('website_id', '=', websiteId).where('name', '=', name).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two processes may race here: the first insert wins and both read the winner's secret.
    await db
      .insertInto('site_secrets')
      .values({ website_id: websiteId, name, secret: randomBytes(32).toString('base64url'), created_on: now })
      .onConflict((oc) => oc.columns(['website_id', 'name']).doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error(`site secret ${name} could not be stored`);
  // Inside a transaction the row may yet be rolled back: only a committed secret is kept.
  if (!cache) return row.secret;
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { secret: row.secret, until: now + CACHE_MS });
  return row.secret;
}

/**
 * A per-site secret only if it exists: verifying needs no new secret (nothing can have been signed
 * with a secret that was never stored), and it may run inside a transaction that is rolled back.
 */
export async function existingSiteSecret(db: Db, websiteId: string, name: string, now: number): Promise<string | undefined> {
  const cached = cacheOf(db)?.get(`${websiteId}\0${name}`);
  if (cached && cached.until > now) return cached.secret;
  const row = await db.selectFrom('site_secrets').select('secret').where('website_id', '=', websiteId).where('name', '=', name).executeTakeFirst();
  return row?.secret;
}
