import { systemClock } from '../clock.js';
import { listSiteBlobKeys } from '../storage/assets.js';
import type { Store } from '../storage/dialect.js';
import { readSiteBundle, websiteIdOf, writeSiteBundle } from '../storage/site-store.js';
import { deleteUnusedBlobs, prepareSiteAssets } from './assets.js';
import type { DocFormat } from './files.js';
import { readSiteDirectory } from './read.js';
import { writeSiteDirectory } from './write.js';

export { SiteDirectoryError } from './checker.js';

export interface ImportResult {
  websiteId: string;
  identifier: string;
  collections: number;
  items: number;
  products: number;
  assets: number;
}

/**
 * `tessera import <site-dir>`: checks the whole directory, puts its files and the variants of its
 * images in the blob store, then writes it in one transaction; blobs no row names any more are
 * deleted after it.
 */
export async function importSite(store: Store, dir: string): Promise<ImportResult> {
  const bundle = await readSiteDirectory(dir);
  const now = systemClock();
  const id = websiteIdOf(bundle.site.identifier);
  const before = await listSiteBlobKeys(store.db, id);
  const assets = await prepareSiteAssets(store, id, bundle.assets, now);
  let websiteId: string;
  try {
    websiteId = await writeSiteBundle(store.db, bundle, assets, now);
  } catch (error) {
    // The rows were rolled back: the blobs put for them belong to nothing.
    await Promise.allSettled(assets.created.map((key) => store.blobs.delete(key)));
    throw error;
  }
  await deleteUnusedBlobs(store, before, await listSiteBlobKeys(store.db, websiteId));
  const items = bundle.collections.flatMap((c) => c.items);
  return {
    websiteId,
    identifier: bundle.site.identifier,
    collections: bundle.collections.length,
    items: items.length,
    products: items.filter((i) => i.product).length,
    assets: bundle.assets.length,
  };
}

/** `tessera export <site-dir>`: the site (by identifier, else the default site) as a site directory. */
export async function exportSite(
  store: Store,
  dir: string,
  opts: { identifier?: string; format?: DocFormat; force?: boolean } = {},
): Promise<{ identifier: string; files: string[] }> {
  let query = store.db.selectFrom('websites').select(['id', 'identifier']);
  query = opts.identifier ? query.where('identifier', '=', opts.identifier) : query.where('is_default', '=', 1);
  const website = await query.executeTakeFirst();
  if (!website) throw new Error(opts.identifier ? `no site "${opts.identifier}" in the store` : 'the store holds no site yet');
  const bundle = await readSiteBundle(store, website.id);
  const files = await writeSiteDirectory(bundle, dir, { format: opts.format, force: opts.force });
  return { identifier: website.identifier, files };
}
