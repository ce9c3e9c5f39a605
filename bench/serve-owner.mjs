// Child process of bench/owner.mjs: a fresh SQLite store with the site imported, seeded with a big
// shop's orders (bench/seed-owner.mjs) and catalogue, reviews, submissions and subscribers
// (bench/seed-catalogue.mjs), an owner account to sign in with, and the real app serving it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';
import { createOwner } from '../packages/server/dist/modules/admin/owners.js';
import { sqliteFile } from '../packages/server/dist/storage/dialect.js';
import { websiteIdOf } from '../packages/server/dist/storage/site-store.js';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';
import { seedCatalogue } from './seed-catalogue.mjs';
import { seedOwnerStore } from './seed-owner.mjs';

const { siteDir, themesDir, orders, customers, catalogue, email, password } = JSON.parse(process.argv[2]);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-owner-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: themesDir, LOG_LEVEL: 'warn' });
const websiteId = websiteIdOf((await readSiteDirectory(siteDir)).site.identifier);

let store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
// A cheap password hash: the bench signs in once, and measures the lists, not scrypt.
await createOwner(store.db, websiteId, email, password, Date.now(), 1, { n: 2 ** 12, r: 8, p: 1 });
await store.close();
const seeded = seedOwnerStore(sqliteFile(config.databaseUrl), { websiteId, orders, customers });
const catalogueSeeded = seedCatalogue(sqliteFile(config.databaseUrl), { websiteId, ...catalogue });

store = await openStore(config.databaseUrl);
const app = await buildApp(config, { store });
await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (message) => {
  if (message.type === 'stop') {
    await app.close();
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send({ type: 'app', port: app.server.address().port, ...seeded, catalogue: catalogueSeeded });
