// npm run bench:owner — the owner's API on a big shop (SQLite): 10,000 orders from 5,000 customers
// (bench/seed-owner.mjs), 5,000 products of 4 variants, 20,000 reviews, 100,000 form submissions and
// 100,000 mailing-list subscribers (bench/seed-catalogue.mjs), measured over HTTP with autocannon,
// side by side in one run with the app's bare /healthz route as the reference: the orders list, its
// searches and filters and an order's detail, the customers' list, the home page, the products list,
// its searches and filters and a product's detail, the inventory's low-stock view, the reviews waiting,
// a form's submissions and a search in them, the mailing list, and the CSV export of every order
// (mean only). Prints mean, p50 and p99 latency, requests per second and the ratio to /healthz.
// Goal: p99 under 50 ms for every list, search and detail.
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
const catalogue = {
  products: Number(process.env.BENCH_PRODUCTS ?? 5_000),
  reviews: Number(process.env.BENCH_REVIEWS ?? 20_000),
  submissions: Number(process.env.BENCH_SUBMISSIONS ?? 100_000),
  subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 100_000),
};

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
const child = fork(path.join(repo, 'bench', 'serve-owner.mjs'), [JSON.stringify({ ...site, orders, customers, catalogue, email, password })], {
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
const { productIds, productSkus, formKey } = ready.catalogue;
const candidates = [
  { name: 'GET /healthz (reference)', paths: ['/healthz'] },
  { name: 'orders list, first page (50 newest)', paths: ['/api/owner/orders'] },
  { name: `orders search by part of an email (${emailPart})`, paths: [`/api/owner/orders?q=${encodeURIComponent(emailPart)}`] },
  { name: `orders search by SKU (${sku})`, paths: [`/api/owner/orders?q=${encodeURIComponent(sku)}`] },
  { name: 'orders filtered (payment=pending)', paths: ['/api/owner/orders?payment=pending'] },
  { name: 'order detail (20 orders in turn)', paths: ready.orderIds.map((id) => `/api/owner/orders/${id}`) },
  { name: 'customers list', paths: ['/api/owner/customers'] },
  { name: `customers search (${emailPart})`, paths: [`/api/owner/customers?q=${encodeURIComponent(emailPart)}`] },
  { name: "the studio's home page figures", paths: ['/api/owner/home'] },
  { name: 'products list, first page', paths: ['/api/owner/products'] },
  { name: 'products search by title (copper)', paths: ['/api/owner/products?q=copper'] },
  { name: `products search by SKU (${productSkus[3]})`, paths: [`/api/owner/products?q=${encodeURIComponent(productSkus[3] ?? '')}`] },
  { name: 'products filtered (status=draft, stock=low)', paths: ['/api/owner/products?status=draft&stock=low'] },
  { name: 'product detail (20 products in turn)', paths: productIds.map((id) => `/api/owner/products/${id}`) },
  { name: 'inventory, low stock', paths: ['/api/owner/inventory?stock=low'] },
  { name: 'reviews waiting for approval', paths: ['/api/owner/reviews?status=pending'] },
  { name: 'form submissions, first page', paths: [`/api/owner/forms/${formKey}/submissions`] },
  { name: 'form submissions search (visitor99)', paths: [`/api/owner/forms/${formKey}/submissions?q=visitor99`] },
  { name: 'mailing list, first page', paths: ['/api/owner/mailing-list'] },
  { name: 'mailing list search (subscriber123)', paths: ['/api/owner/mailing-list?q=subscriber123'] },
];
// A route this build does not have (404) is left out and named.
const targets = [];
for (const t of candidates) {
  const res = await fetch(`${base}${t.paths[0]}`, { headers });
  if (res.status === 404 && t.paths[0] !== '/healthz') {
    console.log(`${t.paths[0]} answers 404 here: left out`);
    continue;
  }
  targets.push(t);
}

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
    `${catalogue.products} products, ${catalogue.reviews} reviews, ${catalogue.submissions} submissions, ${catalogue.subscribers} subscribers ` +
    `(seeded in ${ready.catalogue.ms.toFixed(0)} ms), ` +
    `${connections} connections, ${duration} s per target`,
);
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
console.log(slow.length === 0 ? 'goal met: p99 under 50 ms for every list, search and detail' : `goal missed by: ${slow.map(({ t }) => t.name).join(', ')}`);
child.send({ type: 'stop' });
