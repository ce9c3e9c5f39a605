// Child process of bench/ingest.mjs: serves the real Tessera app on a fresh store with a site
// imported (SQLite, or BENCH_DATABASE_URL for PostgreSQL) and, on a second port, a bare Fastify
// route that parses the same form body and answers 202 without keeping anything: the reference.
// The parent ends it with SIGKILL and counts the rows that reached the store.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { buildApp, loadConfig, openStore, importSite } from '../packages/server/dist/index.js';

const { siteDir, themesDir } = JSON.parse(process.argv[2]);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-ingest-'));
const env = { DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: themesDir, LOG_LEVEL: 'warn', ANALYTICS_RATE_LIMIT: '0', ...process.env };
env.DATABASE_URL = process.env.BENCH_DATABASE_URL || `sqlite:${path.join(dataDir, 'tessera.sqlite')}`;
const config = loadConfig(env);
const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
const app = await buildApp(config, { store });
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post('/api/census/RecordHit', (request, reply) => {
  JSON.parse(request.body.data);
  reply.status(202).send({ accepted: 1 });
});
await bare.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ type: 'cpu', micros: user + system, queue: app.ingest.queue.stats() });
  }
});
process.send({ type: 'ready', appPort: app.server.address().port, barePort: bare.server.address().port, store: store.description, dataDir });
