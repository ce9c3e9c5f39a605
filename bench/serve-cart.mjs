// Child process of bench/cart.mjs: serves the real Tessera app (SQLite, a fresh store with a site
// imported) and, on a second port, a bare Fastify JSON POST route answering a JSON body of a given
// size. Both run here, in one process of the same kind, so that the comparison is fair.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp, loadConfig, openStore, importSite } from '../packages/server/dist/index.js';

const { siteDir, themesDir } = JSON.parse(process.argv[2]);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-cart-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: themesDir, LOG_LEVEL: 'warn' });
const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
// The rate limiter still counts every write (two stored counters per request); the limits are
// only raised so that one benchmark visitor is never refused.
const unlimited = { limit: 1e9, windowMs: 60_000 };
const app = await buildApp(config, { store, commerce: { cartWriteLimits: { perVisitor: unlimited, perAddress: unlimited } } });
// Diagnosis only (BENCH_DIAG=1): a JSON POST that passes through all of the app's hooks and does nothing.
let diagAnswer = {};
if (process.env.BENCH_DIAG) app.post('/api/bench/noop', async () => diagAnswer);
await app.listen({ port: 0, host: '127.0.0.1' });

let bare = null;
process.on('message', async (message) => {
  if (message.type === 'bare') {
    const answer = JSON.parse(message.answer);
    diagAnswer = answer; // the diagnosis route answers the same body through the app
    bare = Fastify({ logger: false });
    bare.post('/', async (request) => ({ ...answer, received: request.body.itemId }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    process.send({ type: 'bare', port: bare.server.address().port });
  }
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ type: 'cpu', micros: user + system });
  }
  if (message.type === 'stop') {
    await app.close();
    await bare?.close();
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send({ type: 'app', port: app.server.address().port });
