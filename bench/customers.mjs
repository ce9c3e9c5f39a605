// node bench/customers.mjs — how fast the owner's customer calls answer on a big shop: the built app on
// SQLite with the demo site and 10,000 orders from 5,000 customers (2,500 of them with a visitor account,
// and 500 accounts that never ordered), measured in process (Fastify's inject, no network) after a warm-up.
// Prints p50, p95, p99 and the slowest answer of: the first page, a page further on in another sort, a
// search by email and by name, and a customer's page. Goal: p99 under 50 ms for each.
// BENCH_ORDERS, BENCH_CUSTOMERS and BENCH_REQUESTS tune it.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const PASSWORD = 'a bench owner password';
const NAMES = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger', 'Frances', 'Donald', 'Margaret', 'Ken', 'Radia'];
const SURNAMES = ['Lovelace', 'Hopper', 'Turing', 'Liskov', 'Dijkstra', 'Allen', 'Knuth', 'Hamilton', 'Thompson', 'Perlman'];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-customers-'));
const siteDir = path.join(repo, 'sites', 'demo');
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: path.join(repo, 'themes'), LOG_LEVEL: 'warn' });
const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
await promisify(execFile)(
  process.execPath,
  [path.join(repo, 'packages', 'server', 'dist', 'cli.js'), 'owner', 'create', 'owner@bench.test', '--password', PASSWORD],
  { env },
);

const { id: websiteId } = await store.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
const started = Date.now();
const now = Date.now();
const email = (c) => `customer${c}@example.com`;
// Accounts first: every other customer, and some who never ordered.
const accounts = [];
for (let c = 0; c < CUSTOMERS; c += 2) accounts.push(c);
for (let c = CUSTOMERS; c < CUSTOMERS + CUSTOMERS / 10; c++) accounts.push(c);
for (let i = 0; i < accounts.length; i += 500) {
  await store.db
    .insertInto('site_users')
    .values(
      accounts.slice(i, i + 500).map((c) => ({
        id: `bench-user-${c}`,
        website_id: websiteId,
        email: email(c),
        password_hash: 'scrypt$1024$8$1$x$y',
        first_name: NAMES[c % 10],
        last_name: SURNAMES[(c >> 3) % 10],
        locale: null,
        email_verified_on: c % 4 === 0 ? now : null,
        created_on: now - c * 60_000,
        updated_on: now,
      })),
    )
    .execute();
}
const STATES = ['paid', 'paid', 'paid', 'pending', 'paid', 'canceled', 'paid', 'paid'];
for (let i = 0; i < ORDERS; i += 500) {
  const batch = [];
  for (let n = i; n < Math.min(i + 500, ORDERS); n++) {
    const c = (n * 7919) % CUSTOMERS;
    const total = 1000 + ((n * 37) % 20_000);
    batch.push({
      id: `bench-order-${n}`,
      website_id: websiteId,
      order_number: 100_000 + n,
      idempotency_key: `bench-${n}`,
      request_fingerprint: 'bench',
      kind: 'order',
      cart_id: null,
      member_id: null,
      // Half of them typed with capitals: one customer per address whatever its case.
      customer_email: n % 2 ? email(c).toUpperCase() : email(c),
      customer_name: `${NAMES[c % 10]} ${SURNAMES[(c >> 3) % 10]}`,
      currency: 'USD',
      subtotal_cents: total,
      discount_cents: 0,
      shipping_cost_cents: 0,
      tax_cents: 0,
      gift_card_cents: 0,
      grand_total_cents: total,
      amount_due_cents: total,
      shipping_address: JSON.stringify({
        firstName: NAMES[c % 10],
        lastName: 'X',
        address1: `${c} Main St`,
        city: 'Hudson',
        postalCode: '12534',
        country: 'US',
      }),
      shipping_option: null,
      coupons: '[]',
      payment_provider: 'test',
      payment_status: STATES[n % STATES.length],
      payment_reference: null,
      fulfillment_status: 'PENDING',
      answer: null,
      created_on: now - (ORDERS - n) * 60_000,
      updated_on: now,
    });
  }
  await store.db.transaction().execute(async (tx) => {
    await tx.insertInto('orders').values(batch).execute();
    await tx
      .insertInto('order_lines')
      .values(
        batch.map((o) => ({
          id: `${o.id}-1`,
          website_id: websiteId,
          order_id: o.id,
          position: 0,
          title: 'Bench Beans',
          sku: 'BENCH-1',
          quantity: 1,
          unit_price_cents: o.grand_total_cents,
          subtotal_cents: o.grand_total_cents,
        })),
      )
      .execute();
  });
}
const customerRows = await store.db
  .selectFrom('customers')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirstOrThrow();
console.log(`seeded ${ORDERS} orders, ${accounts.length} accounts: ${customerRows.n} customers in ${Date.now() - started} ms (the triggers fill the table)`);

const app = await buildApp(config, { store });
await app.ready();
const crumb = 'bench-crumb-0000000000';
const signIn = await app.inject({
  method: 'POST',
  url: '/api/owner/session',
  headers: { host: 'localhost', 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
  payload: JSON.stringify({ email: 'owner@bench.test', password: PASSWORD }),
});
const session = signIn.cookies.find((c) => c.name === 'tessera_owner').value;
const headers = { host: 'localhost', cookie: `crumb=${crumb}; tessera_owner=${session}` };
const get = async (url) => {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

const second = (await get('/api/owner/customers?sort=total_spent')).nextCursor;
const cases = {
  'first page (latest order, 50)': () => '/api/owner/customers',
  'page 2 by total spent': () => `/api/owner/customers?sort=total_spent&cursor=${second}`,
  'search by email part': (i) => `/api/owner/customers?q=customer${(i * 13) % CUSTOMERS}@`,
  'search by name part': (i) => `/api/owner/customers?q=${SURNAMES[i % 10].slice(0, 5).toLowerCase()}`,
  "a customer's page": (i) => `/api/owner/customers/${encodeURIComponent(email((i * 31) % CUSTOMERS))}`,
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
let failed = false;
for (const [name, url] of Object.entries(cases)) {
  for (let i = 0; i < 30; i++) await get(url(i));
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = process.hrtime.bigint();
    await get(url(i));
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const p99 = pct(times, 99);
  if (p99 >= 50) failed = true;
  console.log(
    `${name.padEnd(32)} p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  max ${times.at(-1).toFixed(2)} ms`,
  );
}
await app.close();
await store.close();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
