import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { TestClock } from '../commerce/helpers.js';
import { pageJson, testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

// A page is rendered at the app's clock, not the machine's: its zone offset, and whatever the theme
// shows of the time, follow a test's clock.
describe.each(DIALECTS)('the time of a page on %s', (dialect) => {
  let store: Store;
  let app: FastifyInstance;
  const clock = new TestClock();
  beforeAll(async () => {
    store = await freshStore(dialect);
    await importSite(store, FIXTURE_SITE);
    app = await buildApp(testConfig(), { store, clock: clock.fn });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it("gives the site's offset and zone name at the clock's time, on both sides of a daylight saving change", async () => {
    clock.now = Date.parse('2025-03-09T06:59:59Z'); // 01:59:59 EST in New York, the fixture site's zone
    expect((await pageJson(app, '/')).json.website).toMatchObject({ timeZoneOffset: -18_000_000, timeZoneAbbr: 'EST' });
    clock.advance(1000); // 03:00:00 EDT
    expect((await pageJson(app, '/')).json.website).toMatchObject({ timeZoneOffset: -14_400_000, timeZoneAbbr: 'EDT' });
  });
});
