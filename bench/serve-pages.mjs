// Child process of bench/pages.mjs: serves the real Tessera app (SQLite, a fresh store with a site
// imported) and, on a second port, a bare Fastify route answering a static HTML string of a given
// size. Both run here, in one process of the same kind, so that the comparison is fair.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp, loadConfig, openStore, importSite } from '../packages/server/dist/index.js';

const { siteDir, themesDir } = JSON.parse(process.argv[2]);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: themesDir, LOG_LEVEL: 'warn' });
const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
const app = await buildApp(config, { store });
// Diagnosis only (BENCH_DIAG=1): a static answer that passes through all of the app's hooks.
if (process.env.BENCH_DIAG) app.get('/__bench/static', (_request, reply) => reply.type('text/html; charset=utf-8').send('x'.repeat(2124)));
// Diagnosis only (BENCH_RENDER_MEMO=0): every page rendered for a request runs the engine, as the first
// request of a context does (modules/site/render-memo.ts keeps none).
if (process.env.BENCH_RENDER_MEMO === '0') app.renderer.renderMemo.get = () => undefined;
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
