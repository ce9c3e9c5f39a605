// npm run bench:ingest — page views per second accepted by POST /api/census/RecordHit of the real
// app (validation, site lookup, the batch writer: each page view answered once committed), side by
// side in one run with a bare Fastify route that parses the same form body and keeps nothing. After
// the runs the server is killed with SIGKILL, the store is opened again and its rows are counted:
// every page view the server acknowledged (2xx) must be there. It runs on SQLite, then on PostgreSQL
// too when BENCH_DATABASE_URL=postgres://... names an empty database. BENCH_SECONDS, BENCH_ROUNDS,
// BENCH_CONNECTIONS tune it; BENCH_PROFILE=<dir> writes the server's CPU profile there.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openStore } from '../packages/server/dist/index.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

function pickSite() {
  const demo = path.join(repo, 'sites', 'demo');
  if (fs.existsSync(path.join(demo, 'site.json')) && fs.existsSync(path.join(repo, 'themes', 'default', 'site.region'))) {
    return { name: 'demo', siteDir: demo, themesDir: path.join(repo, 'themes') };
  }
  const fixtures = path.join(repo, 'packages', 'server', 'test', 'fixtures');
  return { name: 'fixture', siteDir: path.join(fixtures, 'sites', 'shop'), themesDir: path.join(fixtures, 'themes') };
}

const site = pickSite();

// A page view as the collector sends it (collectors/census.ts), session and visitor varying per request.
let n = 0;
function body() {
  n++;
  const data = {
    inFrame: false,
    websiteId: 'w',
    templateId: 'default',
    pageType: 50,
    collectionType: 13,
    language: 'en-US',
    timeZone: 'America/New_York',
    pagePath: `/shop/item-${n % 50}`,
    pageQuery: '',
    pageHash: '',
    referrer: n % 3 === 0 ? 'https://search.example/' : '',
    title: 'Product',
    isFirstLanding: n % 4 === 0,
    isFirstSession: n % 8 === 0,
    sessionId: `s-${n % 5000}`,
    analyticsId: `a-${n % 20000}`,
    windowWidth: 1280,
    windowHeight: 800,
  };
  return new URLSearchParams({ event: 'view', data: JSON.stringify(data), ss_cvr: `v-${n % 20000}` }).toString();
}

function run(port, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}/api/census/RecordHit`,
        method: 'POST',
        connections,
        duration: seconds,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench' },
        requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** One store's run: the app and the bare route interleaved, then kill -9 and the rows counted. Returns the ratio. */
async function bench(databaseUrl) {
  const execArgv = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const env = { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' };
  const child = fork(path.join(repo, 'bench', 'serve-ingest.mjs'), [JSON.stringify(site)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv, env });
  const next = (type) =>
    new Promise((resolve) =>
      child.on('message', function on(m) {
        if (m.type === type) {
          child.off('message', on);
          resolve(m);
        }
      }),
    );
  const { appPort, barePort, store, dataDir } = await next('ready');
  const stats = async () => {
    child.send({ type: 'cpu' });
    return next('cpu');
  };

  console.log(`bench:ingest — ${site.name} site, ${store}, ${connections} connections, ${rounds} rounds of ${duration} s per target, interleaved`);
  const targets = [
    ['bare Fastify route (parses the form, keeps nothing)', barePort],
    ['POST /api/census/RecordHit (Tessera)', appPort],
  ];
  let received = 0;
  let refused = 0;
  const totals = targets.map(() => ({ ok: 0, seconds: 0, p99: 0, cpu: 0, non2xx: 0, errors: 0 }));
  for (const [, port] of targets) {
    const warm = await run(port, 1);
    if (port === appPort) {
      received += warm['2xx'];
      refused += warm.non2xx;
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const [i, [, port]] of targets.entries()) {
      const before = (await stats()).micros;
      const result = await run(port, duration);
      totals[i].cpu += (await stats()).micros - before;
      totals[i].ok += result['2xx'];
      totals[i].non2xx += result.non2xx;
      totals[i].errors += result.errors;
      totals[i].seconds += result.duration;
      totals[i].p99 = Math.max(totals[i].p99, result.latency.p99);
      if (port === appPort) {
        received += result['2xx'];
        refused += result.non2xx;
      }
    }
  }
  const rates = totals.map((t) => t.ok / t.seconds);
  for (const [i, [name]] of targets.entries()) {
    const t = totals[i];
    console.log(
      `${name.padEnd(52)} ${rates[i].toFixed(0).padStart(8)} accepted/s   p99 ${String(t.p99).padStart(3)} ms   ` +
        `server CPU ${(t.cpu / Math.max(1, t.ok + t.non2xx)).toFixed(0).padStart(4)} µs/request   non-2xx ${t.non2xx}   errors ${t.errors}`,
    );
  }
  const ratio = rates[1] / rates[0];
  console.log(
    `ratio Tessera / bare: ${(ratio * 100).toFixed(1)}% (by server CPU per request: ${((totals[0].cpu / totals[0].ok / (totals[1].cpu / Math.max(1, totals[1].ok))) * 100).toFixed(1)}%)`,
  );

  // The server acknowledges a page view when it answers 2xx, once its row is committed; autocannon
  // counts the answers that arrived before each run's end, so a few answers in flight at the end of a
  // run are acknowledged by the server without being counted by the client.
  const { queue } = await stats();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  const reopened = await openStore(databaseUrl || `sqlite:${path.join(dataDir, 'tessera.sqlite')}`);
  const { n: stored } = await reopened.db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  await reopened.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `acknowledged: ${queue.accepted} by the server (2xx answers received by autocannon: ${received}; ` +
      `the ${queue.accepted - received} others were in flight when a run ended)   refused (503/429): ${refused}   batches: ${queue.flushes}`,
  );
  const kept = Number(stored) >= queue.accepted && Number(stored) >= received;
  console.log(
    `stored after kill -9: ${stored}   ${kept ? 'every acknowledged page view is in the store' : `${queue.accepted - Number(stored)} ACKNOWLEDGED PAGE VIEWS LOST`}`,
  );
  if (!kept) process.exitCode = 1;
  return ratio;
}

const results = [['SQLite', await bench(undefined)]];
if (process.env.BENCH_DATABASE_URL) {
  console.log('');
  results.push(['PostgreSQL', await bench(process.env.BENCH_DATABASE_URL)]);
}
console.log(`\nratios Tessera / bare: ${results.map(([name, ratio]) => `${name} ${(ratio * 100).toFixed(1)}%`).join('   ')}`);
