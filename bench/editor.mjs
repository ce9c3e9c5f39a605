// npm run bench:editor — the page editor's server side on a page of 60 blocks (SQLite): the live
// preview of an unsaved document (POST /api/owner/content/:itemId/preview, what the editor asks for
// about 150 ms after each change) and the same page once published, as visitors get it (kept for a
// moment, and rendered for every request), side by side in one run with a bare Fastify route that
// answers a static HTML string of the published page's size. Prints p50 and p99 latency, requests
// per second and the ratio of each to the bare route.
// Goals: the preview's p99 under 30 ms; the published page at least 25% of the bare route.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { readSiteDirectory } from '../packages/server/dist/site-dir/read.js';
import { stableId } from '../packages/server/dist/storage/ids.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 4);
// One connection by default: the goal is the time one owner waits for the preview.
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

function pickSite() {
  const demo = path.join(repo, 'sites', 'demo');
  if (fs.existsSync(path.join(demo, 'site.json')) && fs.existsSync(path.join(repo, 'themes', 'default', 'site.region'))) {
    return { name: 'demo', siteDir: demo, themesDir: path.join(repo, 'themes') };
  }
  const fixtures = path.join(repo, 'packages', 'server', 'test', 'fixtures');
  return { name: 'fixture', siteDir: path.join(fixtures, 'sites', 'shop'), themesDir: path.join(fixtures, 'themes') };
}

/** Sixty blocks of the kinds that need nothing from the store: text, quote, button, accordion, chart, spacer, line. */
function sixtyBlocks() {
  const kinds = [
    (i) => ({
      kind: 'text',
      settings: {
        html: `<h2>Part ${i}</h2><p>Freshly roasted <strong>single-origin</strong> coffee, <a href="/shop">shop now</a>.</p><ul><li>one</li><li>two</li></ul>`,
      },
    }),
    (i) => ({ kind: 'quote', settings: { text: `The best cup of the week, number ${i}.`, source: 'A regular' } }),
    (i) => ({ kind: 'button', settings: { label: `Book ${i}`, link: '/contact' } }),
    (i) => ({
      kind: 'accordion',
      settings: {
        items: [
          { title: `Question ${i}`, html: '<p>An answer.</p>' },
          { title: 'Another', html: '<p>Yes.</p>' },
        ],
      },
    }),
    () => ({
      kind: 'chart',
      variant: 1009,
      settings: {
        title: 'Cups',
        columns: ['Month', 'Cups'],
        rows: [
          ['Jan', '10'],
          ['Feb', '14'],
          ['Mar', '9'],
        ],
      },
    }),
    () => ({ kind: 'spacer', settings: { height: { desktop: 32, mobile: 16 } } }),
    () => ({ kind: 'line', settings: {} }),
  ];
  const sections = [];
  for (let s = 0; s < 6; s++) {
    const blocks = [];
    for (let b = 0; b < 10; b++) {
      const i = s * 10 + b;
      blocks.push({ id: `b-${i}`, ...kinds[i % kinds.length](i) });
    }
    sections.push({ id: `s-${s}`, columns: 2, blocks });
  }
  return { title: 'Sixty blocks', excerpt: '<p>A long page.</p>', sections };
}

const site = pickSite();
const bundle = await readSiteDirectory(site.siteDir);
const page = bundle.collections.find((c) => c.type === 'page' && !c.isHome && c.access === 'public' && c.items.length > 0);
const email = 'bench-editor@example.com';
const password = randomBytes(12).toString('base64url');
// BENCH_PROFILE=<folder>: the server's CPU profile is written there (open it in Chrome's DevTools).
const execArgv = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const child = fork(path.join(repo, 'bench', 'serve-editor.mjs'), [JSON.stringify({ ...site, email, password })], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  execArgv,
});
process.on('exit', () => child.kill());
const next = (type) =>
  new Promise((resolve) =>
    child.on('message', function on(m) {
      if (m.type === type) {
        child.off('message', on);
        resolve(m);
      }
    }),
  );
const ready = await next('app');
const base = `http://127.0.0.1:${ready.port}`;
const itemId = stableId(stableId(ready.websiteId, 'collection', page.urlId), 'item', page.items[0].urlId);

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
const owner = { 'content-type': 'application/json', cookie: `crumb=${crumb}; ${session}`, 'x-csrf-token': crumb };
const call = async (method, url, body) => {
  const res = await fetch(`${base}${url}`, { method, headers: owner, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
};

// The 60-block page published as the collection's page, then its preview measured with one more change.
const document = sixtyBlocks();
const opened = await (await call('GET', `/api/owner/content/${itemId}`)).json();
const saved = await (
  await call('PUT', `/api/owner/content/${itemId}/draft`, { baseRevision: opened.draft?.revision ?? opened.published?.revision ?? null, document })
).json();
await call('POST', `/api/owner/content/${itemId}/publish`, { baseRevision: saved.revision });
const previewBody = JSON.stringify({ document: { ...document, title: 'Sixty blocks, unsaved' } });
const previewHtml = await (await call('POST', `/api/owner/content/${itemId}/preview`, JSON.parse(previewBody))).text();
const pagePath = `/${page.urlId}`;
if (!previewHtml.includes('Sixty blocks, unsaved')) throw new Error('the preview does not show the unsaved document');
const published = await fetch(`${base}${pagePath}`);
const publishedHtml = await published.text();
if (published.status !== 200) throw new Error(`${pagePath} answered ${published.status}`);
child.send({ type: 'bare', size: Buffer.byteLength(publishedHtml) });
const barePort = (await next('bare')).port;

const targets = [
  { name: 'bare Fastify route (static HTML, same size)', url: `http://127.0.0.1:${barePort}/` },
  { name: "the page's content (GET, the owner API's own cost)", url: `${base}/api/owner/content/${itemId}`, headers: owner },
  { name: 'preview of the unsaved 60-block page', url: `${base}/api/owner/content/${itemId}/preview`, method: 'POST', headers: owner, body: previewBody },
  { name: `published 60-block page ${pagePath}`, url: `${base}${pagePath}` },
  { name: 'published page rendered each time', url: `${base}${pagePath}?rendered=1` },
].filter((t, i) => i === 0 || !process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY));

function run(t, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url: t.url, method: t.method ?? 'GET', headers: t.headers, body: t.body, connections, duration: seconds, pipelining: 1 }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${t.name}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve(result);
    });
  });
}

console.log(
  `bench:editor — ${site.name} site, SQLite, page ${pagePath} with 60 blocks, ${connections} connection(s), ${rounds} rounds of ${duration} s per target`,
);
console.log(`preview answer ${Buffer.byteLength(previewHtml)} bytes; published page ${Buffer.byteLength(publishedHtml)} bytes`);
// Warm up every target, then measure in rounds that alternate between them, so that a change in
// the machine's load touches all of them alike.
for (const t of targets) await run(t, 1);
const totals = targets.map(() => ({ requests: 0, seconds: 0, p50: 0, p99: 0 }));
for (let round = 0; round < rounds; round++) {
  for (const [i, t] of targets.entries()) {
    const r = await run(t, duration);
    totals[i].requests += r.requests.total;
    totals[i].seconds += r.duration;
    totals[i].p50 = Math.max(totals[i].p50, r.latency.p50);
    totals[i].p99 = Math.max(totals[i].p99, r.latency.p99);
  }
}
const rates = totals.map((t) => t.requests / t.seconds);
for (const [i, t] of targets.entries()) {
  console.log(
    `${t.name.padEnd(48)} ${rates[i].toFixed(0).padStart(7)} req/s   p50 ${String(totals[i].p50).padStart(3)} ms   p99 ${String(totals[i].p99).padStart(3)} ms   ` +
      `${((rates[i] / rates[0]) * 100).toFixed(1).padStart(5)}% of the bare route`,
  );
}
const at = (prefix) => targets.findIndex((t) => t.name.startsWith(prefix));
const previewAt = at('preview');
const publishedAt = at('published 60-block');
if (previewAt > 0) console.log(`preview p99 ${totals[previewAt].p99} ms (goal: under 30 ms): ${totals[previewAt].p99 < 30 ? 'met' : 'missed'}`);
if (publishedAt > 0) {
  const ratio = rates[publishedAt] / rates[0];
  console.log(`published page ${(ratio * 100).toFixed(1)}% of the bare route (goal: at least 25%): ${ratio >= 0.25 ? 'met' : 'missed'}`);
}
child.send({ type: 'stop' });
