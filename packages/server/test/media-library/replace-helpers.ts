import path from 'node:path';
import type { Config } from '../../src/config.js';
import type { MediaLibraryOptions } from '../../src/modules/media-library/index.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect } from '../../src/storage/dialect.js';
import { filesUnder, photoSite } from '../helpers/media-site.js';
import { freshStore } from '../helpers/store.js';
import type { StaffSite } from '../owner-staff/helpers.js';
import { mediaApp } from './helpers.js';

/** The fixture shop whose Blue Mug shows photographs (helpers/media-site.ts), jobs run by hand. */
export async function photoMediaSite(
  dialect: Dialect,
  mediaLibrary: MediaLibraryOptions = {},
  config: Partial<Config> = {},
): Promise<StaffSite & { blobFiles(): Promise<string[]> }> {
  const store = await freshStore(dialect);
  const dir = await photoSite();
  await importSite(store, dir.dir);
  const site = await mediaApp(store, mediaLibrary, config);
  const id = site.websiteId;
  const root = store.blobs.description.replace(/^directory /, '');
  return {
    ...site,
    /** The site's blobs, relative to its folder of the store (originals, uploads, variants, sessions). */
    blobFiles: async () => (await filesUnder(path.join(root, 'sites', id))).filter((f) => !f.startsWith('.')),
    async close() {
      await site.close();
      await dir.remove();
    },
  };
}
