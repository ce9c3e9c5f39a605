import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { freshStore } from './store.js';
import { QUICK_PASSWORD_COST } from './passwords.js';
import { FIXTURE_SITE, FIXTURE_STOREFRONT, FIXTURE_STUDIO, FIXTURE_THEMES } from './paths.js';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      siteCacheMs: 0, // tests change the store directly and look at once
      themesDir: FIXTURE_THEMES,
      storefrontDist: FIXTURE_STOREFRONT,
      studioDist: FIXTURE_STUDIO,
      siteDir: FIXTURE_SITE,
      ...overrides,
    },
  );
}

export interface TestSite {
  app: FastifyInstance;
  store: Store;
  close(): Promise<void>;
}

/** An app on a fresh store of the dialect with the fixture site imported (password hashing quick); not yet ready, so tests may add routes. */
export async function fixtureApp(dialect: Dialect, overrides: Partial<Config> = {}, opts: { logger?: object } = {}): Promise<TestSite> {
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  const app = await buildApp(testConfig(overrides), { store, passwordCost: QUICK_PASSWORD_COST, ...(opts.logger ? { logger: opts.logger } : {}) });
  return {
    app,
    store,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** GET a page's context as JSON. */
export async function pageJson(app: FastifyInstance, url: string, host = 'localhost') {
  const sep = url.includes('?') ? '&' : '?';
  const res = await app.inject({ method: 'GET', url: `${url}${sep}format=json`, headers: { host } });
  return { status: res.statusCode, body: res.body, json: res.headers['content-type']?.toString().startsWith('application/json') ? JSON.parse(res.body) : null };
}
