// node bench/form-submissions.mjs — how fast the owner's form submission calls answer on a busy form: the
// built app on SQLite with the demo site and 100,000 submissions of its contact form, measured in process
// (Fastify's inject, no network) after a warm-up. Prints p50, p95, p99 and the slowest answer of: the forms
// with their counts, the first page, a page half-way down, a page of a date range, a search for a word many
// submissions hold, a search for one submission (which reads the whole form), one submission, and the CSV
// export. Goal: p99 under 50 ms for the lists (a search for something rare may be slower).
// BENCH_SUBMISSIONS and BENCH_REQUESTS tune it.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp, importSite, loadConfig, openStore } from '../packages/server/dist/index.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PASSWORD = 'a bench owner password';
const NAMES = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger', 'Frances', 'Donald', 'Margaret', 'Ken', 'Radia'];
const SURNAMES = ['Lovelace', 'Hopper', 'Turing', 'Liskov', 'Dijkstra', 'Allen', 'Knuth', 'Hamilton', 'Thompson', 'Perlman'];
const SUBJECTS = ['An order', 'Wholesale', 'Workshops and events', 'Something else'];
const FIELDS = JSON.stringify([
  { id: 'name', type: 'name', title: 'Name' },
  { id: 'email', type: 'email', title: 'Email' },
  { id: 'subject', type: 'select', title: 'Subject' },
  { id: 'message', type: 'textarea', title: 'Message' },
]);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-forms-'));
const siteDir = path.join(repo, 'sites', 'demo');
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir, THEMES_DIR: path.join(repo, 'themes'), LOG_LEVEL: 'warn' });
const store = await openStore(config.databaseUrl);
await importSite(store, siteDir);
await promisify(execFile)(
  process.execPath,
  [path.join(repo, 'packages', 'server', 'dist', 'cli.js'), 'owner', 'create', 'owner@bench.test', '--password', PASSWORD],
  { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
);

const { id: websiteId } = await store.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
const started = Date.now();
const now = Date.now();
// One submission every 5 minutes, back from now: about a year of a busy contact form.
const at = (n) => now - n * 300_000;
for (let i = 0; i < SUBMISSIONS; i += 1000) {
  const batch = [];
  for (let n = i; n < Math.min(SUBMISSIONS, i + 1000); n++) {
    const values = {
      name: [NAMES[n % 10], SURNAMES[(n >> 3) % 10]],
      email: `visitor${n}@example.com`,
      subject: SUBJECTS[n % 4],
      message: `Hello, I would like to know more about order ${100000 + n}. ${n % 50 === 0 ? 'Do you ship beans abroad?' : 'Thank you.'}`,
    };
    batch.push({
      id: `bench-sub-${String(n).padStart(7, '0')}`,
      website_id: websiteId,
      form_key: 'contact',
      form_name: 'Contact',
      fields: FIELDS,
      submitted_values: JSON.stringify(values),
      page_title: 'Contact us',
      page_id: 'contact',
      content_source: 'c',
      page_path: '/contact',
      page_permission_type_value: '1',
      submitted_on: at(n),
    });
  }
  await store.db.insertInto('form_submissions').values(batch).execute();
}
console.log(`seeded ${SUBMISSIONS} submissions in ${Date.now() - started} ms`);

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
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
};
const LIST = '/api/owner/forms/contact/submissions';
const half = Math.floor(SUBMISSIONS / 2);
const cursorAt = (n) => Buffer.from(JSON.stringify({ t: at(n), i: `bench-sub-${String(n).padStart(7, '0')}` })).toString('base64url');
const cases = {
  'the forms with their counts': () => '/api/owner/forms',
  'first page (50)': () => LIST,
  'a page half-way down': (i) => `${LIST}?cursor=${cursorAt(half + i)}`,
  'a week a month ago': () => `${LIST}?from=${at(30 * 288)}&to=${at(23 * 288)}`,
  'search: a frequent word (ship)': () => `${LIST}?q=ship`,
  'search: a name, any case': (i) => `${LIST}?q=${SURNAMES[i % 10].toLowerCase()}`,
  'search: one visitor (whole form)': (i) => `${LIST}?q=visitor${(i * 7919) % SUBMISSIONS}@`,
  'one submission': (i) => `${LIST}/bench-sub-${String((i * 31) % SUBMISSIONS).padStart(7, '0')}`,
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
for (const [name, url] of Object.entries(cases)) {
  const runs = name.includes('whole form') ? Math.min(REQUESTS, 40) : REQUESTS;
  for (let i = 0; i < 10; i++) await get(url(i));
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await get(url(i));
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  p99 ${pct(times, 99).toFixed(2)} ms  max ${times.at(-1).toFixed(2)} ms`,
  );
}
const t = Date.now();
const csv = await get('/api/owner/forms/contact/submissions/export.csv');
console.log(`export of ${SUBMISSIONS} submissions: ${(csv.rawPayload.length / 1e6).toFixed(1)} MB in ${Date.now() - t} ms`);
await app.close();
await store.close();
await fs.rm(dataDir, { recursive: true, force: true });
