// `npm run size`: the JavaScript a product page and a page without island markers load, from the
// built server and storefront (run `npm run build` first), measured in Chromium and printed as
// tables with their budgets (90 KB and 5 KB gzipped). Exits 1 when a budget is exceeded.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BUDGETS, formatTable, markerlessPage, scriptsLoaded } from './page-weight.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'packages', 'server', 'dist', 'cli.js');
if (!fs.existsSync(cli)) {
  console.error('Build first: npm run build');
  process.exit(2);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-size-'));
const server = spawn(process.execPath, [cli, 'start'], {
  cwd: repo,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SITE_DIR: path.join(repo, 'sites', 'demo') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const baseUrl = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /is serving at (http:\/\/\S+)/.exec(out);
    if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
  });
  server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const product = await scriptsLoaded(page, `${baseUrl}/shop/stoneware-mug`);
  const markerless = await markerlessPage(page, baseUrl);
  const withSpeed = await markerlessPage(page, baseUrl, { pageSpeed: true });
  console.log(formatTable('Product page /shop/stoneware-mug (React included)', product, BUDGETS.productPage));
  console.log();
  console.log(formatTable('Page without island markers (page speed off)', markerless, BUDGETS.markerlessPage));
  console.log();
  console.log(formatTable('Page without island markers, page speed on', withSpeed));
  failed = product.gzipBytes > BUDGETS.productPage || markerless.gzipBytes > BUDGETS.markerlessPage;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
