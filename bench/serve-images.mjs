// Child process of bench/images.mjs: serves the real Tessera app (SQLite, a fresh store, the demo shop
// imported with its photographs made into variants) and, on a second port, @fastify/static serving the
// very file the app serves for one variant (its blob under the data directory). Both in this one
// process, so that the comparison is fair.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildApp, loadConfig, openStore, importSite } from '../packages/server/dist/index.js';
import { openBlobStore } from '../packages/server/dist/storage/blobs/index.js';

const { siteDir, themesDir, asset, width } = JSON.parse(process.argv[2]);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-images-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: themesDir, LOG_LEVEL: 'warn' });
const store = await openStore(config.databaseUrl, { blobs: openBlobStore(config) });
await importSite(store, siteDir);
const app = await buildApp(config, { store });
await app.listen({ port: 0, host: '127.0.0.1' });

const row = await store.db.selectFrom('assets').select(['id', 'sha256']).where('path', '=', asset).executeTakeFirstOrThrow();
const variant = await store.db
  .selectFrom('asset_variants')
  .select(['blob_key', 'size', 'format'])
  .where('asset_id', '=', row.id)
  .where('width', '=', width)
  .where('format', '=', 'webp')
  .executeTakeFirstOrThrow();
const file = path.join(dataDir, 'assets', variant.blob_key);
const bare = Fastify({ logger: false });
await bare.register(fastifyStatic, { root: path.dirname(file), prefix: '/' });
await bare.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (message) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ type: 'cpu', micros: user + system });
  }
  if (message.type === 'stop') {
    await app.close();
    await bare.close();
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send({
  type: 'ready',
  app: `http://127.0.0.1:${app.server.address().port}/${asset}?v=${row.sha256.slice(0, 12)}&format=${width}w`,
  bare: `http://127.0.0.1:${bare.server.address().port}/${path.basename(file)}`,
  size: variant.size,
});
