// Child process of bench/editor.mjs: the real Tessera app (SQLite, a fresh store with the site
// imported and an owner account to sign in with) and, on a second port, a bare Fastify route that
// answers a static HTML string of a given size. Both run here, in one process of the same kind.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';
import { createOwner } from '../packages/server/dist/modules/admin/owners.js';
import { websiteIdOf } from '../packages/server/dist/storage/site-store.js';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';

const { siteDir, themesDir, email, password } = JSON.parse(process.argv[2]);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-editor-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: themesDir, LOG_LEVEL: 'warn' });
const websiteId = websiteIdOf((await readSiteDirectory(siteDir)).site.identifier);
const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
// A cheap password hash: the bench signs in once, and measures the preview, not scrypt.
await createOwner(store.db, websiteId, email, password, Date.now(), 1, { n: 2 ** 12, r: 8, p: 1 });
const app = await buildApp(config, { store });
await app.listen({ port: 0, host: '127.0.0.1' });

let bare = null;
process.on('message', async (message) => {
  if (message.type === 'bare') {
    const html = 'x'.repeat(message.size);
    bare = Fastify({ logger: false });
    bare.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    process.send({ type: 'bare', port: bare.server.address().port });
  }
  if (message.type === 'stop') {
    await app.close();
    await bare?.close();
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send({ type: 'app', port: app.server.address().port, websiteId });
