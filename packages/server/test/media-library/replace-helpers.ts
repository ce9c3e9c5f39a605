import path from 'node:path';
import type { Config } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import type { MediaLibraryOptions } from '../../src/modules/media-library/index.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect } from '../../src/storage/dialect.js';
import { websiteId } from '../analytics/helpers.js';
import { TestClock } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { filesUnder, photoSite } from '../helpers/media-site.js';
import { QUICK_PASSWORD_COST } from '../helpers/passwords.js';
import { freshStore } from '../helpers/store.js';
import type { StaffSite } from '../owner-staff/helpers.js';

/** The fixture shop whose Blue Mug shows photographs (helpers/media-site.ts), jobs run by hand. */
export async function photoMediaSite(
  dialect: Dialect,
  mediaLibrary: MediaLibraryOptions = {},
  config: Partial<Config> = {},
): Promise<StaffSite & { blobFiles(): Promise<string[]> }> {
  const store = await freshStore(dialect);
  const dir = await photoSite();
  await importSite(store, dir.dir);
  const clock = new TestClock();
  clock.now = Date.parse('2026-03-11T15:00:00.000Z');
  const app = await buildApp(testConfig(config), { store, clock: clock.fn, passwordCost: QUICK_PASSWORD_COST, jobs: { timers: false }, mediaLibrary });
  await app.ready();
  const id = await websiteId(store);
  const root = store.blobs.description.replace(/^directory /, '');
  return {
    app,
    store,
    clock,
    websiteId: id,
    /** The site's blobs, relative to its folder of the store (originals, uploads, variants, sessions). */
    blobFiles: async () => (await filesUnder(path.join(root, 'sites', id))).filter((f) => !f.startsWith('.')),
    async close() {
      await app.close();
      await store.close();
      await dir.remove();
    },
  };
}
