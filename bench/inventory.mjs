// npm run bench:inventory — the owner's inventory list on a big catalogue (SQLite): 5,000 products of 4
// variants each (20,000 variants, a fifth of them low or sold out, some unlimited) added to the fixture
// store, then each list the studio asks for timed through the real app (Fastify's inject: routing,
// the owner's session and permission, the query and the answer), one request at a time. Prints the
// mean, p50 and p99 of each. Goal: p99 under 50 ms.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';
import { createOwner } from '../packages/server/dist/modules/admin/owners.js';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';
import { websiteIdOf } from '../packages/server/dist/storage/site-store.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const products = Number(process.env.BENCH_PRODUCTS ?? 5_000);
const runs = Number(process.env.BENCH_RUNS ?? 300);
const fixtures = path.join(repo, 'packages', 'server', 'test', 'fixtures');
const siteDir = path.join(fixtures, 'sites', 'store');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-inventory-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: path.join(fixtures, 'themes'), LOG_LEVEL: 'warn' });
const websiteId = websiteIdOf((await readSiteDirectory(siteDir)).site.identifier);
const email = 'bench-owner@example.com';
const password = randomBytes(12).toString('base64url');

const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
await createOwner(store.db, websiteId, email, password, Date.now(), 1, { n: 2 ** 12, r: 8, p: 1 });
const collection = await store.db.selectFrom('collections').select('id').where('website_id', '=', websiteId).executeTakeFirstOrThrow();
const started = performance.now();
const words = ['Mug', 'Kettle', 'Apron', 'Candle', 'Planter', 'Towel', 'Grinder', 'Dripper', 'Teapot', 'Scoop'];
for (let first = 0; first < products; first += 500) {
  const items = [];
  const productRows = [];
  const variants = [];
  for (let n = first; n < Math.min(products, first + 500); n++) {
    const id = `bench-item-${n}`;
    items.push({
      id,
      website_id: websiteId,
      collection_id: collection.id,
      url_id: `bench-${n}`,
      title: `${words[n % words.length]} ${n}`,
      status: 'published',
      position: 1000 + n,
      data: '{}',
      body: '',
      excerpt: '',
      publish_on: null,
      record_type: 11,
      start_date: null,
      end_date: null,
      created_on: 0,
      updated_on: 0,
    });
    productRows.push({ item_id: id, website_id: websiteId, product_type: n % 7 === 0 ? 3 : 1, variant_option_ordering: '["Size"]', data: '{}' });
    ['S', 'M', 'L', 'XL'].forEach((size, i) => {
      const k = n * 4 + i;
      variants.push({
        id: `bench-variant-${k}`,
        website_id: websiteId,
        item_id: id,
        sku: `BENCH-${n}-${size}`,
        position: i,
        attributes: JSON.stringify({ Size: size }),
        currency: 'USD',
        price_cents: 1000 + k,
        sale_price_cents: 0,
        on_sale: 0,
        stock: k % 5 === 0 ? k % 4 : 10 + (k % 90),
        unlimited: k % 50 === 1 ? 1 : 0,
        weight_grams: null,
        image: null,
      });
    });
  }
  await store.db.insertInto('items').values(items).execute();
  await store.db.insertInto('products').values(productRows).execute();
  await store.db.insertInto('product_variants').values(variants).execute();
}
const seededMs = performance.now() - started;

const app = await buildApp(config, { store });
await app.ready();
const crumb = randomBytes(16).toString('base64url');
const host = 'store.test';
const signIn = await app.inject({
  method: 'POST',
  url: '/api/owner/session',
  headers: { host, 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
  payload: { email, password },
});
if (signIn.statusCode !== 200) throw new Error(`sign-in answered ${signIn.statusCode}: ${signIn.body}`);
const session = signIn.cookies.find((c) => c.name === 'tessera_owner');
const headers = { host, cookie: `crumb=${crumb}; tessera_owner=${session.value}` };

const second = JSON.parse((await app.inject({ method: 'GET', url: '/api/owner/inventory', headers })).body).nextCursor;
const targets = [
  ['first page, fewest first', '/api/owner/inventory'],
  ['second page (cursor)', `/api/owner/inventory?cursor=${second}`],
  ['low stock', '/api/owner/inventory?stock=low'],
  ['sold out', '/api/owner/inventory?stock=out'],
  ['in stock', '/api/owner/inventory?stock=in'],
  ['by product title', '/api/owner/inventory?sort=title'],
  ['by SKU', '/api/owner/inventory?sort=sku'],
  ['search by title (kettle)', '/api/owner/inventory?q=kettle'],
  ['search by SKU (BENCH-4321)', '/api/owner/inventory?q=BENCH-4321'],
  ['a variant history', '/api/owner/inventory/bench-variant-7/history'],
];
console.log(
  `bench:inventory — fixture store, SQLite, ${products} products, ${products * 4} variants (seeded in ${seededMs.toFixed(0)} ms), ${runs} requests each`,
);
console.log(`${'target'.padEnd(32)} ${'mean'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}  rows`);
for (const [name, url] of targets) {
  const times = [];
  let rows = 0;
  for (let i = 0; i < runs + 20; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    if (i >= 20) times.push(ms);
    rows = (JSON.parse(res.body).variants ?? JSON.parse(res.body).adjustments).length;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const mean = times.reduce((s, x) => s + x, 0) / times.length;
  console.log(
    `${name.padEnd(32)} ${`${mean.toFixed(2)} ms`.padStart(9)} ${`${at(0.5).toFixed(2)} ms`.padStart(9)} ${`${at(0.99).toFixed(2)} ms`.padStart(9)}  ${rows}`,
  );
}
await app.close();
await store.close();
await fs.rm(dataDir, { recursive: true, force: true });
