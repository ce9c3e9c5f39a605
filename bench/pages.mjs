// npm run bench:pages — requests per second of the product list page and a product page of the
// real app (SQLite), side by side in one run with a bare Fastify route that answers a static HTML
// string of the same size as the product page. Prints req/s of each and both ratios.
// Goal: the product page at least 25% of the bare route. Pages kept for anonymous visitors
// (modules/site/page-cache.ts) and pages rendered for every request are both measured; the latter
// reuse a render of the same context (modules/site/render-memo.ts) unless BENCH_RENDER_MEMO=0.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

function pickSite() {
  const demo = path.join(repo, 'sites', 'demo');
  if (fs.existsSync(path.join(demo, 'site.json')) && fs.existsSync(path.join(repo, 'themes', 'default', 'site.region'))) {
    return { name: 'demo', siteDir: demo, themesDir: path.join(repo, 'themes') };
  }
  const fixtures = path.join(repo, 'packages', 'server', 'test', 'fixtures');
  return { name: 'fixture', siteDir: path.join(fixtures, 'sites', 'shop'), themesDir: path.join(fixtures, 'themes') };
}

const site = pickSite();
const bundle = await readSiteDirectory(site.siteDir);
const shop = bundle.collections.find((c) => c.type === 'products' && c.items.some((i) => i.status === 'published'));
const product = shop.items.find((i) => i.status === 'published');
const listPath = `/${shop.urlId}`;
const productPath = `/${shop.urlId}/${product.urlId}`;

const execArgv = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const child = fork(path.join(repo, 'bench', 'serve-pages.mjs'), [JSON.stringify(site)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
const next = (type) =>
  new Promise((resolve) =>
    child.on('message', function on(m) {
      if (m.type === type) {
        child.off('message', on);
        resolve(m);
      }
    }),
  );
const appPort = (await next('app')).port;
const productHtml = await (await fetch(`http://127.0.0.1:${appPort}${productPath}`)).text();
const listResponse = await fetch(`http://127.0.0.1:${appPort}${listPath}`);
if (listResponse.status !== 200) throw new Error(`${listPath} answered ${listResponse.status}`);
child.send({ type: 'bare', size: Buffer.byteLength(productHtml) });
const barePort = (await next('bare')).port;

function run(url, seconds, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve(result);
    });
  });
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
console.log(`bench:pages — ${site.name} site, SQLite, ${connections} connections, ${rounds} rounds of ${duration} s per target, interleaved`);
console.log(`product page ${productPath}: ${Buffer.byteLength(productHtml)} bytes; list page ${listPath}`);
// A shopper with a cart: a crumb from a page, then one add to cart gives the cart cookie.
const crumb = /crumb=([^;]+)/.exec(listResponse.headers.get('set-cookie') ?? '')?.[1];
const itemsPage = await (await fetch(`http://127.0.0.1:${appPort}${productPath}?format=json`)).json();
const added = await fetch(`http://127.0.0.1:${appPort}/api/commerce/shopping-cart/entries`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
  body: JSON.stringify({ itemId: itemsPage.item.id, sku: itemsPage.item.structuredContent.variants[0].sku, quantity: 1 }),
});
if (added.status !== 200) {
  console.error(`add to cart answered ${added.status}: ${await added.text()}`);
  child.kill();
  process.exit(1);
}
const cartCookie = (added.headers.get('set-cookie') ?? '').split(';', 1)[0];
const shopperHeaders = { cookie: `crumb=${crumb}; ${cartCookie}` };

const targets = [
  ['bare Fastify route (static HTML, same size)', `http://127.0.0.1:${barePort}/`],
  [`product list page ${listPath}`, `http://127.0.0.1:${appPort}${listPath}`],
  [`product page ${productPath}`, `http://127.0.0.1:${appPort}${productPath}`],
  // The same page rendered for every request (a query string is never kept): what a visitor with a
  // cart or a session gets, and any page the first time.
  [`product page rendered each time`, `http://127.0.0.1:${appPort}${productPath}?rendered=1`],
  [`product list rendered each time`, `http://127.0.0.1:${appPort}${listPath}?rendered=1`],
  // A shopper with a cart: the kept page completed with their cart indicator (the theme's visitor blocks).
  [`product page, shopper with a cart`, `http://127.0.0.1:${appPort}${productPath}`, shopperHeaders],
  [`product list, shopper with a cart`, `http://127.0.0.1:${appPort}${listPath}`, shopperHeaders],
  ...(process.env.BENCH_DIAG ? [["static answer through the app's hooks", `http://127.0.0.1:${appPort}/__bench/static`]] : []),
].filter(([name]) => !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY));
// Warm up every target (compiled templates, prepared statements, JIT), then measure in rounds that
// alternate between the targets, so that a change in the machine's load touches all of them alike.
for (const [, url, headers] of targets) await run(url, 2, headers);
const totals = targets.map(() => ({ requests: 0, seconds: 0, p99: 0, cpu: 0 }));
const cpu = async () => {
  child.send({ type: 'cpu' });
  return (await next('cpu')).micros;
};
for (let round = 0; round < rounds; round++) {
  for (const [i, [, url, headers]] of targets.entries()) {
    const before = await cpu();
    const result = await run(url, duration, headers);
    totals[i].cpu += (await cpu()) - before;
    totals[i].requests += result.requests.total;
    totals[i].seconds += result.duration;
    totals[i].p99 = Math.max(totals[i].p99, result.latency.p99);
  }
}
const rates = totals.map((t) => t.requests / t.seconds);
for (const [i, [name]] of targets.entries()) {
  const cpuPerRequest = totals[i].cpu / totals[i].requests;
  console.log(
    `${name.padEnd(52)} ${rates[i].toFixed(0).padStart(8)} req/s   p99 ${String(totals[i].p99).padStart(3)} ms   ` +
      `server CPU ${cpuPerRequest.toFixed(0).padStart(4)} µs/request`,
  );
}
if (rates.length >= 7) {
  const [bare, list, page, pageRendered, listRendered, pageShopper, listShopper] = rates;
  const pct = (n) => `${((n / bare) * 100).toFixed(1)}%`;
  console.log('Anonymous visitors get a page kept for up to a second (modules/site/page-cache.ts):');
  console.log(`ratio product list / bare: ${pct(list)}`);
  console.log(`ratio product page / bare: ${pct(page)}   (goal: at least 25%)`);
  console.log(
    `shoppers with a cart (the kept page, their cart indicator rendered for them): product page ${pct(pageShopper)}, product list ${pct(listShopper)}`,
  );
  console.log(`rendered for every request: product page ${pct(pageRendered)}, product list ${pct(listRendered)} of the bare route`);
  // The same comparison by server CPU time per request, which other load on the machine disturbs less.
  const [cBare, cList, cPage, cPageR, cListR, cPageS, cListS] = totals.slice(0, 7).map((t) => t.cpu / t.requests);
  const c = (x) => `${((cBare / x) * 100).toFixed(1)}%`;
  console.log(
    `by server CPU per request: list ${c(cList)}, product page ${c(cPage)}; shoppers with a cart: product page ${c(cPageS)}, ` +
      `list ${c(cListS)}; rendered: product page ${c(cPageR)}, list ${c(cListR)} of the bare route`,
  );
}
child.send({ type: 'stop' });
