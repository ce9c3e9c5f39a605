// npm run bench:cart — add-to-cart requests per second of the real app (SQLite), side by side in
// one run with a bare Fastify JSON POST route answering a JSON body of the same size. Every request
// is a real cart write: crumb check, two rate-limit counters, the product read, a write transaction
// (lock the cart, check stock against what it holds, merge the entry; on SQLite the writes of one
// event-loop turn share a commit, each in its own savepoint), then the whole cart answered once committed.
// Each connection is one visitor with its own cart; a new set of carts is made for every round.
// Goal: at least 35% of the bare route.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';
import { stableId } from '../packages/server/dist/storage/ids.js';
import { websiteIdOf } from '../packages/server/dist/storage/site-store.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

function pickSite() {
  const demo = path.join(repo, 'sites', 'demo');
  if (fs.existsSync(path.join(demo, 'site.json')) && fs.existsSync(path.join(repo, 'themes', 'default', 'site.region'))) {
    return { name: 'demo', siteDir: demo, themesDir: path.join(repo, 'themes') };
  }
  const fixtures = path.join(repo, 'packages', 'server', 'test', 'fixtures');
  return { name: 'fixture store', siteDir: path.join(fixtures, 'sites', 'store'), themesDir: path.join(fixtures, 'themes') };
}

const site = pickSite();
const bundle = await readSiteDirectory(site.siteDir);
const websiteId = websiteIdOf(bundle.site.identifier);
// Products with an unlimited variant, so that no visitor runs out of stock during the run.
const picks = [];
for (const c of bundle.collections) {
  for (const item of c.items) {
    const variant = item.product?.variants.find((v) => v.unlimited);
    if (item.status === 'published' && variant && picks.length < 3) {
      picks.push({ itemId: stableId(stableId(websiteId, 'collection', c.urlId), 'item', item.urlId), sku: variant.sku, title: item.title });
    }
  }
}
if (picks.length === 0) throw new Error(`${site.name} has no published product with an unlimited variant`);

const execArgv = process.env.BENCH_PERF
  ? ['--perf-basic-prof']
  : process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
const child = fork(path.join(repo, 'bench', 'serve-cart.mjs'), [JSON.stringify(site)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
const next = (type) =>
  new Promise((resolve) =>
    child.on('message', function on(m) {
      if (m.type === type) {
        child.off('message', on);
        resolve(m);
      }
    }),
  );
// The server child never outlives this process, even when a run fails.
process.on('exit', () => child.kill());
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});
const appPort = (await next('app')).port;
const appUrl = `http://127.0.0.1:${appPort}/api/commerce/shopping-cart/entries`;
const crumb = randomBytes(16).toString('base64url');
const bodies = picks.map((p) => JSON.stringify({ itemId: p.itemId, sku: p.sku, quantity: 1 }));

/** One visitor per connection: a cart made by a first add, then its cookie on every request of that connection. */
async function newVisitors() {
  const visitors = [];
  for (let i = 0; i < connections; i++) {
    const res = await fetch(appUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      body: bodies[0],
    });
    if (res.status !== 200) throw new Error(`add to cart answered ${res.status}: ${await res.text()}`);
    const cart = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('cart='))
      ?.split(';')[0];
    visitors.push({ cookie: `crumb=${crumb}; ${cart}`, answer: await res.text() });
  }
  return visitors;
}

const sample = (await newVisitors())[0].answer;
child.send({ type: 'bare', answer: sample });
const barePort = (await next('bare')).port;

function run(target, seconds) {
  return new Promise((resolve, reject) => {
    let client = 0;
    const visitors = target.visitors;
    autocannon(
      {
        url: target.url,
        connections,
        duration: seconds,
        pipelining: 1,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        requests: bodies.map((body) => ({ method: 'POST', body })),
        setupClient: (c) => {
          if (!visitors) return;
          const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: visitors[client++ % visitors.length].cookie };
          c.setRequests(bodies.map((body) => ({ method: 'POST', body, headers })));
        },
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        resolve(result);
      },
    );
  });
}

console.log(`bench:cart — ${site.name} site, SQLite, ${connections} connections, ${rounds} rounds of ${duration} s per target, interleaved`);
console.log(`adding ${picks.map((p) => `${p.title} (${p.sku})`).join(', ')} in turn; answer ${Buffer.byteLength(sample)} bytes`);
const targets = [
  { name: 'bare Fastify JSON POST route (same answer size)', url: `http://127.0.0.1:${barePort}/` },
  { name: 'POST /api/commerce/shopping-cart/entries', url: appUrl, app: true },
  ...(process.env.BENCH_DIAG
    ? [{ name: "the same answer through the app's hooks, no work", url: `http://127.0.0.1:${appPort}/api/bench/noop`, app: true }]
    : []),
].filter((t) => !process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY));
const cpu = async () => {
  child.send({ type: 'cpu' });
  return (await next('cpu')).micros;
};
// Warm up both (JIT, statements), then measure in rounds that alternate between the targets.
for (const t of targets) await run({ ...t, visitors: t.app ? await newVisitors() : null }, 2);
const totals = targets.map(() => ({ requests: 0, seconds: 0, p99: 0, cpu: 0 }));
for (let round = 0; round < rounds; round++) {
  for (const [i, t] of targets.entries()) {
    const visitors = t.app ? await newVisitors() : null;
    const before = await cpu();
    const result = await run({ ...t, visitors }, duration);
    totals[i].cpu += (await cpu()) - before;
    totals[i].requests += result.requests.total;
    totals[i].seconds += result.duration;
    totals[i].p99 = Math.max(totals[i].p99, result.latency.p99);
  }
}
const rates = totals.map((t) => t.requests / t.seconds);
for (const [i, t] of targets.entries()) {
  console.log(
    `${t.name.padEnd(50)} ${rates[i].toFixed(0).padStart(8)} req/s   p99 ${String(totals[i].p99).padStart(3)} ms   ` +
      `server CPU ${(totals[i].cpu / totals[i].requests).toFixed(0).padStart(4)} µs/request`,
  );
}
if (targets.length >= 2) {
  const [bareCpu, appCpu] = totals.map((t) => t.cpu / t.requests);
  console.log(`ratio add to cart / bare: ${((rates[1] / rates[0]) * 100).toFixed(1)}%   (goal: at least 35%)`);
  console.log(`by server CPU per request: ${((bareCpu / appCpu) * 100).toFixed(1)}% of the bare route`);
}
child.send({ type: 'stop' });
