// Page weight: the JavaScript a page of the real server makes Chromium load, each script gzipped
// at level 9 as a gzip client receives it (`npm run size`, and the budget test in
// test/e2e/storefront-shop.test.ts). Two pages are measured: a product page of the demo shop
// (React and every island it loads included) and a page without any island marker (the
// bootstrap alone: site context, crumb, island registry, page view and error reporter).
import { gzipSync } from 'node:zlib';

export const BUDGETS = Object.freeze({ productPage: 90 * 1024, markerlessPage: 5 * 1024 });

/** Loads a page and keeps every script it fetched until the network was quiet. */
export async function scriptsLoaded(page, url, { settleMs = 500 } = {}) {
  const scripts = new Map();
  const onResponse = async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) || scripts.has(response.url())) return;
    scripts.set(
      response.url(),
      response.body().then(
        (body) => ({ bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(settleMs);
  page.off('response', onResponse);
  const rows = [];
  for (const [scriptUrl, size] of scripts) {
    const measured = await size;
    if (measured) rows.push({ file: new URL(scriptUrl).pathname.split('/').pop(), ...measured });
  }
  rows.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { rows, gzipBytes: rows.reduce((n, r) => n + r.gzipBytes, 0), bytes: rows.reduce((n, r) => n + r.bytes, 0) };
}

/**
 * A page without markers: a real page's site context and bootstrap script, and nothing else.
 * The page-speed collector is a site setting (on in the demo): measured with it off here, and
 * reported on its own.
 */
export async function markerlessPage(page, baseUrl, { pageSpeed = false } = {}) {
  const html = await (await page.request.get(`${baseUrl}/journal`)).text();
  const context = JSON.parse(/<script type="application\/json" id="tessera-context">([\s\S]*?)<\/script>/.exec(html)[1]);
  const bootstrap = /<script type="module" src="([^"]+)"><\/script>/.exec(html)[1];
  context.pageSpeedEnabled = pageSpeed;
  context.popupOverlay = null;
  const json = JSON.stringify(context).replace(/</g, '\\u003c');
  const blank =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No markers</title>` +
    `<script type="application/json" id="tessera-context">${json}</script></head>` +
    `<body><main><h1>A page without islands</h1><p>Text only.</p></main><script type="module" src="${bootstrap}"></script></body></html>`;
  const url = `${baseUrl}/__page-weight/markerless`;
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: blank }));
  try {
    return await scriptsLoaded(page, url);
  } finally {
    await page.unroute(url);
  }
}

export function formatTable(title, result, budget) {
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
  const lines = [`${title}: ${kb(result.gzipBytes)} gzipped${budget ? ` (budget ${kb(budget)}${result.gzipBytes <= budget ? ', within' : ', OVER'})` : ''}`];
  const width = Math.max(...result.rows.map((r) => r.file.length), 6);
  lines.push(`  ${'script'.padEnd(width)}  ${'bytes'.padStart(9)}  ${'gzipped'.padStart(9)}`);
  for (const r of result.rows) lines.push(`  ${r.file.padEnd(width)}  ${String(r.bytes).padStart(9)}  ${String(r.gzipBytes).padStart(9)}`);
  lines.push(`  ${'total'.padEnd(width)}  ${String(result.bytes).padStart(9)}  ${String(result.gzipBytes).padStart(9)}`);
  return lines.join('\n');
}
