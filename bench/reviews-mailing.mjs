// node bench/reviews-mailing.mjs — the owner's review queue and mailing list on a big shop (SQLite):
// 20,000 reviews (two products of each of 10,000 orders, a tenth waiting, a few hidden) and 100,000
// subscribers (most subscribed, some waiting, some gone), measured over HTTP with autocannon, one
// connection, beside the bare /healthz: the first pages, a state's page, a later page by cursor, a
// search, a filter, and the mailing list's CSV export of every address (mean only). Goal: p99 under
// 50 ms for the lists.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';
import { createOwner } from '../packages/server/dist/modules/admin/owners.js';
import { sqliteFile } from '../packages/server/dist/storage/dialect.js';
import { websiteIdOf } from '../packages/server/dist/storage/site-store.js';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';
import { seedOwnerStore } from './seed-owner.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const siteDir = path.join(repo, 'sites', 'demo');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-reviews-'));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: path.join(repo, 'themes'), LOG_LEVEL: 'warn' });
const websiteId = websiteIdOf((await readSiteDirectory(siteDir)).site.identifier);
const email = 'bench-owner@example.com';
const password = randomBytes(12).toString('base64url');

let store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
await createOwner(store.db, websiteId, email, password, Date.now(), 1, { n: 2 ** 12, r: 8, p: 1 });
await store.close();
seedOwnerStore(sqliteFile(config.databaseUrl), { websiteId, orders: 10_000, customers: 5_000 });

const started = performance.now();
const db = new Database(sqliteFile(config.databaseUrl));
const items = db
  .prepare('select i.id from items i join products p on p.item_id = i.id where i.website_id = ? and p.product_type in (1, 2, 3)')
  .all(websiteId)
  .map((r) => r.id);
const orderIds = db
  .prepare('select id from orders where website_id = ?')
  .all(websiteId)
  .map((r) => r.id);
const now = Date.now();
const words = ['Keeps coffee hot', 'Lovely glaze', 'Too bitter for me', 'Arrived quickly', 'A generous pour', 'Would buy again'];
const insertReview = db.prepare(
  'insert into product_reviews (id, website_id, item_id, order_id, rating, body, reviewer_name, created_on, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
const insertSubscriber = db.prepare(
  'insert into mailing_list_subscribers (id, website_id, email, status, source, created_on, updated_on, confirmed_on, unsubscribed_on) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
const id = (n, kind) => `${kind}${String(n).padStart(23 - kind.length, '0')}`.slice(0, 24);
let reviews = 0;
db.transaction(() => {
  orderIds.forEach((orderId, i) => {
    for (const k of [0, 1]) {
      const n = reviews++;
      const status = n % 10 === 0 ? 'pending' : n % 97 === 0 ? 'hidden' : 'approved';
      insertReview.run(
        id(n, 'r'),
        websiteId,
        items[(i + k) % items.length],
        orderId,
        1 + (n % 5),
        `${words[n % words.length]}. Review ${n}.`,
        `Buyer ${n}`,
        now - n * 60_000,
        status,
      );
    }
  });
  for (let n = 0; n < subscribers; n++) {
    const status = n % 20 === 0 ? 'pending' : n % 33 === 0 ? 'unsubscribed' : 'subscribed';
    const at = now - n * 30_000;
    insertSubscriber.run(
      id(n, 's'),
      websiteId,
      `reader${n}@example.com`,
      status,
      n % 4 === 0 ? 'restock' : 'newsletter-form',
      at,
      at,
      status === 'subscribed' ? at + 1000 : null,
      status === 'unsubscribed' ? at + 2000 : null,
    );
  }
})();
db.exec('analyze');
db.close();
const seedMs = performance.now() - started;

store = await openStore(config.databaseUrl);
const app = await buildApp(config, { store });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const crumb = randomBytes(16).toString('base64url');
const signIn = await fetch(`${base}/api/owner/session`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
  body: JSON.stringify({ email, password }),
});
if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
const session = signIn.headers
  .getSetCookie()
  .find((c) => c.startsWith('tessera_owner='))
  .split(';')[0];
const headers = { cookie: `crumb=${crumb}; ${session}` };
const later = async (url) => {
  let cursor = null;
  for (let i = 0; i < 20; i++)
    cursor = (await (await fetch(`${base}${url}${url.includes('?') ? '&' : '?'}${cursor ? `cursor=${cursor}` : ''}`, { headers })).json()).nextCursor;
  return `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`;
};

const targets = [
  { name: 'GET /healthz (reference)', path: '/healthz' },
  { name: 'reviews: every state, first page', path: '/api/owner/reviews' },
  { name: 'reviews: waiting, first page', path: '/api/owner/reviews?status=pending' },
  { name: 'reviews: approved, 21st page (cursor)', path: await later('/api/owner/reviews?status=approved') },
  { name: 'reviews: 1 star', path: '/api/owner/reviews?rating=1' },
  { name: 'reviews: one product', path: `/api/owner/reviews?item=${items[0]}` },
  { name: 'reviews: search "bitter"', path: '/api/owner/reviews?q=bitter' },
  { name: 'mailing list: first page', path: '/api/owner/mailing-list' },
  { name: 'mailing list: waiting, first page', path: '/api/owner/mailing-list?status=pending' },
  { name: 'mailing list: 21st page (cursor)', path: await later('/api/owner/mailing-list') },
  { name: 'mailing list: source restock', path: '/api/owner/mailing-list?source=restock' },
  { name: 'mailing list: search "reader9999"', path: '/api/owner/mailing-list?q=reader9999' },
];
for (const t of targets) {
  const res = await fetch(`${base}${t.path}`, { headers });
  if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}: ${await res.text()}`);
}
const run = (t, seconds) =>
  new Promise((resolve, reject) =>
    autocannon({ url: `${base}${t.path}`, connections: 1, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${t.name}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve(result);
    }),
  );
console.log(
  `bench reviews and mailing list — demo site, SQLite, ${reviews} reviews, ${subscribers} subscribers (seeded in ${seedMs.toFixed(0)} ms), 1 connection, ${duration} s per target`,
);
for (const t of targets) await run(t, 1);
const results = [];
for (const t of targets) results.push({ t, r: await run(t, duration) });
console.log(`${'target'.padEnd(44)} ${'mean'.padStart(9)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'req/s'.padStart(7)}`);
for (const { t, r } of results) {
  const mean = 1000 / r.requests.average;
  console.log(
    `${t.name.padEnd(44)} ${`${mean.toFixed(2)} ms`.padStart(9)} ${`${r.latency.p50} ms`.padStart(6)} ${`${r.latency.p99} ms`.padStart(6)} ${r.requests.average.toFixed(0).padStart(7)}`,
  );
}
for (const encoding of ['identity', 'br']) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    bytes = (await (await fetch(`${base}/api/owner/mailing-list/export.csv`, { headers: { ...headers, 'accept-encoding': encoding } })).arrayBuffer())
      .byteLength;
    times.push(performance.now() - t0);
  }
  console.log(
    `CSV export of all ${subscribers} subscribers (${encoding}): mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(0)} ms for ${(bytes / 1e6).toFixed(1)} MB`,
  );
}
const slow = results.slice(1).filter(({ r }) => r.latency.p99 >= 50);
console.log(slow.length === 0 ? 'goal met: p99 under 50 ms for every list' : `goal missed by: ${slow.map(({ t }) => t.name).join(', ')}`);
await app.close();
await store.close();
await fs.rm(dataDir, { recursive: true, force: true });
