// The owner's products at a big shop's size, in process (app.inject: the server's own time, no
// network): a fresh SQLite store with the demo site, seeded with 5,000 products of 4 variants in 50
// collections (one transaction of prepared inserts), then the list's first page, a search by SKU,
// filtered lists and a later page are timed (mean, p50, p99 over BENCH_RUNS requests each), then a
// 5,000-row CSV import that changes prices and stock of existing variants, and one that creates
// 1,250 products of 4 variants, each as a dry run and written. Run after `npm run build`.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';
import { createOwner } from '../packages/server/dist/modules/admin/owners.js';
import { sqliteFile } from '../packages/server/dist/storage/dialect.js';
import { websiteIdOf } from '../packages/server/dist/storage/site-store.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITE = path.join(ROOT, 'sites', 'demo');
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const COLLECTIONS = 50;
const PER_COLLECTION = 100;
const id = (...parts) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);

/** 5,000 products of 4 variants (Colour x Size), prices and stock varied, in 50 products collections. */
function seed(file, websiteId) {
  const db = new Database(file);
  const now = Date.now();
  const collection = db.prepare(
    `insert into collections (id, website_id, url_id, title, type_name, description, folder_behavior, parent_id, is_home, page_size, access, position, data)
     values (?, ?, ?, ?, 'products', '', null, null, 0, 20, 'public', ?, '{}')`,
  );
  const item = db.prepare(
    `insert into items (id, website_id, collection_id, url_id, title, status, publish_on, position, record_type, excerpt, body, start_date, end_date, data, created_on, updated_on, revision)
     values (?, ?, ?, ?, ?, ?, null, ?, 11, '', '<p>A product.</p>', null, null, ?, ?, ?, 0)`,
  );
  const product = db.prepare(
    `insert into products (item_id, website_id, product_type, variant_option_ordering, is_subscribable, additional_fields_form_id, custom_add_button_text, data)
     values (?, ?, 1, '["Colour","Size"]', 0, null, '', '{"images":[]}')`,
  );
  const variant = db.prepare(
    `insert into product_variants (id, website_id, item_id, sku, position, attributes, currency, price_cents, sale_price_cents, on_sale, stock, unlimited, weight_grams, image)
     values (?, ?, ?, ?, ?, ?, 'USD', ?, ?, ?, ?, 0, 300, null)`,
  );
  const statuses = ['published', 'published', 'published', 'draft', 'needs-review', 'private'];
  db.transaction(() => {
    for (let c = 0; c < COLLECTIONS; c++) {
      const collectionId = id(websiteId, 'bench-collection', String(c));
      collection.run(collectionId, websiteId, `bench-${c}`, `Bench ${c}`, 100 + c);
      for (let p = 0; p < PER_COLLECTION; p++) {
        const n = c * PER_COLLECTION + p;
        const itemId = id(websiteId, 'bench-item', String(n));
        item.run(
          itemId,
          websiteId,
          collectionId,
          `product-${n}`,
          `Product ${n}`,
          statuses[n % statuses.length],
          p,
          JSON.stringify({ tags: [`tag-${n % 40}`] }),
          now,
          now - n * 1000,
        );
        product.run(itemId, websiteId);
        let position = 0;
        for (const colour of ['Blue', 'Red']) {
          for (const size of ['S', 'L']) {
            const price = 1000 + (n % 97) * 100 + (size === 'L' ? 400 : 0);
            variant.run(
              id(itemId, colour, size),
              websiteId,
              itemId,
              `B${n}-${colour[0]}${size}`,
              position++,
              JSON.stringify({ Colour: colour, Size: size }),
              price,
              price - 200,
              n % 5 === 0 ? 1 : 0,
              (n * 7 + position) % 40,
            );
          }
        }
      }
    }
  })();
  db.close();
}

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return `mean ${mean.toFixed(1)} ms, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-products-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: SITE, THEMES_DIR: path.join(ROOT, 'themes'), LOG_LEVEL: 'warn' });
const websiteId = websiteIdOf('demo');
let store = await openStore(config.databaseUrl);
await importSite(store, SITE);
await createOwner(store.db, websiteId, 'owner@bench.test', 'a bench password 1', Date.now(), 1, { n: 2 ** 12, r: 8, p: 1 });
await store.close();
seed(sqliteFile(config.databaseUrl), websiteId);
store = await openStore(config.databaseUrl);
const app = await buildApp(config, { store });
await app.ready();

const cookies = new Map([['crumb', 'bench-crumb']]);
async function call(method, url, payload, headers = {}) {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: { host: 'localhost', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': 'bench-crumb', ...headers },
  });
  for (const line of [res.headers['set-cookie'] ?? []].flat()) {
    const [pair] = line.split(';');
    const [name, value] = pair.split('=');
    cookies.set(name.trim(), value.trim());
  }
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res;
}
await call('POST', '/api/owner/session', { email: 'owner@bench.test', password: 'a bench password 1' });

const first = JSON.parse((await call('GET', '/api/owner/products')).body);
const cases = [
  ['first page (latest saved first)', '/api/owner/products'],
  ['search by SKU', '/api/owner/products?q=B4321-RL'],
  ['search by part of a title', '/api/owner/products?q=product%2012'],
  ['filter: low stock, physical', '/api/owner/products?stock=low&type=1'],
  ['filter: draft, by price', '/api/owner/products?status=draft&sort=price'],
  ['one collection by hand', '/api/owner/products?collection=bench-7'],
  ['by title, 100 a page', '/api/owner/products?sort=title&limit=100'],
  ['second page', `/api/owner/products?cursor=${encodeURIComponent(first.nextCursor)}`],
];
console.log(`${first.total} products; each list ${RUNS} times, in process`);
for (const [name, url] of cases) {
  for (let i = 0; i < 10; i++) await call('GET', url);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call('GET', url);
    times.push(performance.now() - t);
  }
  console.log(`${name.padEnd(36)} ${stats(times)}`);
}

const header = 'SKU,Price,Stock';
const updates = [header];
for (let n = 0; n < 1250; n++) for (const v of ['BS', 'BL', 'RS', 'RL']) updates.push(`B${n}-${v},${(20 + (n % 13)).toFixed(2)},${n % 30}`);
const creates = ['SKU,Collection,URL slug,Title,Options,Price,Stock'];
for (let n = 0; n < 1250; n++) {
  for (const [colour, size] of [
    ['Blue', 'S'],
    ['Blue', 'L'],
    ['Red', 'S'],
    ['Red', 'L'],
  ]) {
    creates.push(`NEW${n}-${colour[0]}${size},bench-${n % COLLECTIONS},new-${n},New product ${n},Colour: ${colour}; Size: ${size},12.50,${n % 9}`);
  }
}
for (const [name, rows] of [
  ['update prices and stock', updates],
  ['create 1,250 products', creates],
]) {
  const text = `${rows.join('\r\n')}\r\n`;
  for (const dryRun of [true, false]) {
    const t = performance.now();
    const res = await call('POST', `/api/owner/products/import${dryRun ? '?dryRun=true' : ''}`, text, { 'content-type': 'text/csv' });
    const answer = JSON.parse(res.body);
    console.log(
      `import ${rows.length - 1} rows, ${name}${dryRun ? ' (dry run)' : ''}: ${(performance.now() - t).toFixed(0)} ms, ${JSON.stringify(answer.summary)}`,
    );
  }
}
const t = performance.now();
const exported = await call('GET', '/api/owner/products/export.csv');
console.log(`export every product: ${(performance.now() - t).toFixed(0)} ms, ${exported.body.split('\r\n').length - 2} rows`);

await app.close();
await store.close();
await fs.rm(dataDir, { recursive: true, force: true });
