// npm run bench:owner — the owner's order API on a big shop (SQLite): 10,000 orders from 5,000
// customers (bench/seed-owner.mjs), measured over HTTP with autocannon, side by side in one run with
// the app's bare /healthz route as the reference: the list page, a search by part of an email, a
// search by SKU, a filtered list (payment=pending), an order's detail, the customers' list when that
// route answers, and the CSV export of every order (mean only). Prints mean, p50 and p99 latency,
// requests per second and the ratio to /healthz. Goal: p99 under 50 ms for the list, the searches
// and the detail.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { customer } from './seed-owner.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
// One connection by default: the goal is the time one owner waits for an answer (BENCH_CONNECTIONS=4
// measures what several staff members at once get, and the throughput).
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const orders = Number(process.env.BENCH_ORDERS ?? 10_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 5_000);

function pickSite() {
  const demo = path.join(repo, 'sites', 'demo');
  if (fs.existsSync(path.join(demo, 'site.json')) && fs.existsSync(path.join(repo, 'themes', 'default', 'site.region'))) {
    return { name: 'demo', siteDir: demo, themesDir: path.join(repo, 'themes') };
  }
  const fixtures = path.join(repo, 'packages', 'server', 'test', 'fixtures');
  return { name: 'fixture store', siteDir: path.join(fixtures, 'sites', 'store'), themesDir: path.join(fixtures, 'themes') };
}

const site = pickSite();
const email = 'bench-owner@example.com';
const password = randomBytes(12).toString('base64url');
const child = fork(path.join(repo, 'bench', 'serve-owner.mjs'), [JSON.stringify({ ...site, orders, customers, email, password })], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
process.on('exit', () => child.kill());
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});
const ready = await new Promise((resolve) => child.once('message', resolve));
const base = `http://127.0.0.1:${ready.port}`;

// Sign in as the owner: the session cookie is all the reads need (a GET carries no crumb).
const crumb = randomBytes(16).toString('base64url');
const signIn = await fetch(`${base}/api/owner/session`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
  body: JSON.stringify({ email, password }),
});
if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
const session = signIn.headers
  .getSetCookie()
  .find((c) => c.startsWith('tessera_owner='))
  .split(';')[0];
const headers = { cookie: `crumb=${crumb}; ${session}` };

// A part of an email that a few customers share (the customer number's first digits), and a SKU ordered often.
const emailPart = customer(123).email.split('@')[0].slice(0, -1);
const sku = ready.skus[0];
const customersAnswer = await fetch(`${base}/api/owner/customers`, { headers });

const targets = [
  { name: 'GET /healthz (reference)', paths: ['/healthz'] },
  { name: 'list, first page (50 newest)', paths: ['/api/owner/orders'] },
  { name: `search by part of an email (${emailPart})`, paths: [`/api/owner/orders?q=${encodeURIComponent(emailPart)}`] },
  { name: `search by SKU (${sku})`, paths: [`/api/owner/orders?q=${encodeURIComponent(sku)}`] },
  { name: 'filtered list (payment=pending)', paths: ['/api/owner/orders?payment=pending'] },
  { name: 'order detail (20 orders in turn)', paths: ready.orderIds.map((id) => `/api/owner/orders/${id}`) },
  ...(customersAnswer.status === 404
    ? []
    : [
        { name: 'customers list', paths: ['/api/owner/customers'] },
        { name: `customers search (${emailPart})`, paths: [`/api/owner/customers?q=${encodeURIComponent(emailPart)}`] },
      ]),
  { name: "the studio's home page figures", paths: ['/api/owner/home'] },
];
for (const t of targets) {
  const res = await fetch(`${base}${t.paths[0]}`, { headers });
  if (res.status !== 200) throw new Error(`${t.paths[0]} answered ${res.status}: ${await res.text()}`);
  t.answer = await res.text();
}

function run(target, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, connections, duration: seconds, pipelining: 1, headers, requests: target.paths.map((p) => ({ method: 'GET', path: p })) },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        resolve(result);
      },
    );
  });
}

console.log(
  `bench:owner — ${site.name} site, SQLite, ${orders} orders from ${customers} customers (seeded in ${ready.ms.toFixed(0)} ms), ` +
    `${connections} connections, ${duration} s per target`,
);
if (customersAnswer.status === 404) console.log('GET /api/owner/customers answers 404 here: left out');
for (const t of targets) await run(t, 1);
const results = [];
for (const t of targets) results.push({ t, r: await run(t, duration) });
const reference = results[0].r.requests.average;
console.log(`${'target'.padEnd(52)} ${'mean'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'req/s'.padStart(8)}  of /healthz`);
for (const { t, r } of results) {
  // The mean from the rate (Little's law: connections / rate): autocannon counts latency in whole milliseconds.
  const mean = (connections * 1000) / r.requests.average;
  const line = `${t.name.padEnd(52)} ${`${mean.toFixed(2)} ms`.padStart(8)} ${`${r.latency.p50} ms`.padStart(6)} ${`${r.latency.p99} ms`.padStart(6)} ${r.requests.average.toFixed(0).padStart(8)}  ${((r.requests.average / reference) * 100).toFixed(1).padStart(5)}%`;
  console.log(line);
}

// The export of every order: a few requests one after the other, the mean time of the whole file.
const times = [];
let bytes = 0;
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  const res = await fetch(`${base}/api/owner/orders/export.csv`, { headers });
  bytes = (await res.arrayBuffer()).byteLength;
  times.push(performance.now() - started);
}
console.log(`CSV export of all ${orders} orders: mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(0)} ms for ${(bytes / 1e6).toFixed(1)} MB`);
const slow = results.slice(1).filter(({ r }) => r.latency.p99 >= 50);
console.log(
  slow.length === 0
    ? 'goal met: p99 under 50 ms for the lists, the searches, the detail and the home page'
    : `goal missed by: ${slow.map(({ t }) => t.name).join(', ')}`,
);
child.send({ type: 'stop' });
