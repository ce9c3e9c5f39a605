// npm run bench:lighthouse — Lighthouse's scores of the demo's home, shop, product and gallery pages on a
// phone (Lighthouse's own mobile profile: a 412 x 823 screen at 1.75 device pixels, a slow 4G network
// and a four times slower processor, all simulated): performance, accessibility, best practices and
// SEO, several runs each, with the median, worst and best score, the performance metrics behind it, and
// what its image audits found (pictures wider than shown, pictures in an old format, pictures off screen
// loaded early). Goal: at least 95 in each category on every page.
// The site is the real Tessera server (SQLite, a fresh store, the demo imported with its photographs
// made into variants), in a child process as `npm start` runs it; Chromium is Debian's.
// `-- --theme atelier` runs it on a built-in theme other than the demo's (a copy of the demo naming it).
// BENCH_ROUNDS (5) sets the runs per page; BENCH_PAGES a comma-separated list of paths.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const pages = (process.env.BENCH_PAGES ?? '/,/shop,/shop/pour-over-dripper,/shop/stoneware-mug,/gallery').split(',');
const GOAL = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const themeAt = process.argv.indexOf('--theme');
const theme = themeAt > 0 ? process.argv[themeAt + 1] : null;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const IMAGE_AUDITS = ['uses-responsive-images', 'modern-image-formats', 'offscreen-images', 'uses-optimized-images'];

/** The demo site, or a copy of it that names another theme (in `parent`, removed with the data). */
async function siteDir(parent) {
  const demo = path.join(repo, 'sites/demo');
  if (!theme) return demo;
  const copy = path.join(parent, 'site');
  await fs.cp(demo, copy, { recursive: true, filter: (p) => !p.includes(`${path.sep}node_modules`) });
  const site = JSON.parse(await fs.readFile(path.join(copy, 'site.json'), 'utf8'));
  await fs.writeFile(path.join(copy, 'site.json'), JSON.stringify({ ...site, theme }));
  return copy;
}

/** Starts the built server on a free port with a fresh data directory; answers its address and a stop. */
async function startServer() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-bench-lighthouse-'));
  const child = spawn(process.execPath, [path.join(repo, 'packages/server/dist/cli.js'), 'start'], {
    cwd: repo,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'data'), SITE_DIR: await siteDir(dataDir), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = / is serving at (http:\/\/\S+)/.exec(out);
      if (found) resolve(found[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const server = await startServer();
const port = 9300 + Math.floor(Math.random() * 500);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  // Each page once first, so that the image service's variants and the page cache exist, as on a live site.
  for (const page of pages) await fetch(server.url + page);
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  console.log(`Lighthouse ${version}, mobile profile, ${rounds} runs per page, theme ${theme ?? 'of the demo'}`);
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < rounds; i++) {
      const result = await lighthouse(server.url + page, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      // A run Lighthouse could not finish (its browser tab crashed, the page never painted) is reported, not scored.
      if (result.lhr.runtimeError) console.log(`  ${page}: run ${i + 1} failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      else runs.push(result.lhr);
    }
    if (runs.length === 0) {
      failed = true;
      continue;
    }
    console.log(`\n${page}:`);
    for (const category of CATEGORIES) {
      const scores = runs.map((r) => Math.round(r.categories[category].score * 100));
      const median = percentile(scores, 50);
      if (median < GOAL) failed = true;
      console.log(`  ${category.padEnd(26)} median ${median} (worst ${Math.min(...scores)}, best ${Math.max(...scores)}; goal ${GOAL})`);
    }
    // What kept a category under the goal in the last run: its failing audits, by weight.
    for (const category of CATEGORIES) {
      const last = runs.at(-1).categories[category];
      if (Math.round(last.score * 100) >= GOAL) continue;
      for (const ref of last.auditRefs.filter((a) => a.weight > 0 && (runs.at(-1).audits[a.id].score ?? 1) < 1)) {
        console.log(`    ${category} misses ${ref.id} (weight ${ref.weight}): ${runs.at(-1).audits[ref.id].title}`);
      }
    }
    for (const id of METRICS) {
      const values = runs.map((r) => r.audits[id].numericValue);
      const unit = id === 'cumulative-layout-shift' ? '' : ' ms';
      const show = (v) => (id === 'cumulative-layout-shift' ? v.toFixed(3) : v.toFixed(0));
      console.log(`  ${id.padEnd(26)} median ${show(percentile(values, 50))}${unit}, p90 ${show(percentile(values, 90))}${unit}`);
    }
    const last = runs.at(-1);
    for (const id of IMAGE_AUDITS) {
      const audit = last.audits[id];
      const items = audit.details?.items ?? [];
      const wasted = items.reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0);
      console.log(`  ${id.padEnd(26)} ${items.length === 0 ? 'nothing found' : `${items.length} picture(s), ${(wasted / 1024).toFixed(1)} KiB to save`}`);
      for (const item of items) console.log(`    ${String(item.url).replace(server.url, '')}: ${(item.wastedBytes / 1024).toFixed(1)} KiB`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failed) {
  console.log(`\nA page scored below ${GOAL}.`);
  process.exitCode = 1;
}
