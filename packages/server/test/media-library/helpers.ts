import type { Config } from '../../src/config.js';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import type { MediaLibraryOptions } from '../../src/modules/media-library/index.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { websiteId } from '../analytics/helpers.js';
import { TestClock } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST } from '../helpers/passwords.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';
import type { StaffSite } from '../owner-staff/helpers.js';

export interface Part {
  readonly name: string;
  readonly bytes: Buffer;
  readonly type?: string;
}

/** A multipart/form-data body of files, as a browser sends it, with its content type. */
export function multipartBody(parts: readonly Part[]): { body: Buffer; contentType: string } {
  const boundary = `----tessera${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The fixture shop with a clock the test moves, jobs run by hand, and the media library's limits given. */
export async function mediaSite(dialect: Dialect, mediaLibrary: MediaLibraryOptions = {}, config: Partial<Config> = {}): Promise<StaffSite> {
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  return mediaApp(store, mediaLibrary, config);
}

/** The app over a store a test has filled: a clock the test moves, jobs run by hand, the media library's limits given. */
export async function mediaApp(store: Store, mediaLibrary: MediaLibraryOptions = {}, config: Partial<Config> = {}): Promise<StaffSite> {
  const clock = new TestClock();
  clock.now = Date.parse('2026-03-11T15:00:00.000Z');
  const app = await buildApp(testConfig(config), { store, clock: clock.fn, passwordCost: QUICK_PASSWORD_COST, jobs: { timers: false }, mediaLibrary });
  await app.ready();
  return {
    app,
    store,
    clock,
    websiteId: await websiteId(store),
    async close() {
      await app.close();
      await store.close();
    },
  };
}
