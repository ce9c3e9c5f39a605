import fs from 'node:fs/promises'; import os from 'node:os'; import path from 'node:path';
import { loadConfig, openStore, importSite } from '../packages/server/dist/index.js';
import { findVisibleItemWithProduct, websiteVersion } from '../packages/server/dist/storage/content.js';
const fx = 'packages/server/test/fixtures';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-sys-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: fx + '/sites/shop', THEMES_DIR: fx + '/themes' });
const store = await openStore(config.databaseUrl); await importSite(store, config.siteDir);
const w = await store.db.selectFrom('websites').selectAll().executeTakeFirst();
const c = await store.db.selectFrom('collections').selectAll().where('url_id', '=', 'shop').executeTakeFirst();
for (let i = 0; i < 2000; i++) { await websiteVersion(store.db, w.id); await findVisibleItemWithProduct(store.db, w.id, c.id, 'blue-mug', Date.now()); }
const N = 20000; const t = performance.now();
for (let i = 0; i < N; i++) { await websiteVersion(store.db, w.id); await findVisibleItemWithProduct(store.db, w.id, c.id, 'blue-mug', Date.now()); }
console.log('per page (3 queries) µs', ((performance.now() - t) / N * 1000).toFixed(1));
await store.close();
