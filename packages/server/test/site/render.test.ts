import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { exportSite, importSite } from '../../src/site-dir/index.js';
import { listFiles } from '../../src/site-dir/files.js';
import { ThemeCache } from '../../src/modules/site/theme.js';
import type { Store } from '../../src/storage/dialect.js';
import { fixtureApp, testConfig, type TestSite } from '../helpers/app.js';
import { freshStore } from '../helpers/store.js';
import { FIXTURE_SITE, FIXTURE_THEMES } from '../helpers/paths.js';

/** A pino logger whose lines are kept for the test to read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('pages rendered through the theme', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await fixtureApp('sqlite');
  });
  afterAll(async () => {
    await site.close();
  });

  it('places the page template in site.region, with the browser context, stylesheets and the bootstrap script', async () => {
    const res = await site.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Welcome · Fixture Shop</title>');
    expect(html).toMatch(/<main id="main">\s*<h1>Welcome<\/h1><div class="page-body"><p>Handmade stoneware from Brooklyn.<\/p><\/div>/);
    expect(html).toContain('<a href="/shop">Shop</a>');
    const json = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/.exec(html)![1]!;
    const context = JSON.parse(json);
    const pageContext = JSON.parse((await site.app.inject({ url: '/?format=json' })).body);
    expect(context).toMatchObject({
      websiteId: pageContext.website.id,
      templateId: 'test',
      authenticatedAccountId: null,
      pageType: 2,
      currency: 'USD',
      cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true },
      captchaSiteKey: 'fixture-site-key',
      timeZone: { name: 'America/New_York' },
      storeSettings: { selectedCurrency: 'USD' },
    });
    expect(html).toMatch(/<link rel="stylesheet" href="\/theme\/[0-9a-f]{16}\/styles\/site\.css">/);
    expect(html).toContain('<script type="module" src="/static/storefront/assets/bootstrap-Fx1x2x3x.js"></script>');
    expect(html.indexOf('tessera-context')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('bootstrap-Fx1x2x3x.js')).toBeGreaterThan(html.indexOf('</main>'));
  });

  it('renders lists and product pages with prices, and escapes the context inside the script element', async () => {
    const list = await site.app.inject({ url: '/shop' });
    expect(list.body).toContain('<a href="/shop/blue-mug">Blue Mug</a> <span class="price">USD 19.00</span>');
    expect(list.body).toContain('<a class="next-page" href="/shop?page=2">Next page</a>');
    const item = await site.app.inject({ url: '/shop/blue-mug' });
    expect(item.body).toContain('<h1>Blue Mug</h1>');
    expect(item.body).toContain('<p class="sku-list">MUG-BLU-12, MUG-BLU-16</p>');
    expect(item.body).toMatch(/<img src="\/assets\/shop\/mug\.svg\?v=[0-9a-f]{12}" alt="A blue mug">/);
  });

  it('renders the not-found page through the theme with status 404, and the search page', async () => {
    const missing = await site.app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page Not Found</h1>');
    expect(missing.body).toContain('class="page-type-100"');
    const search = await site.app.inject({ url: '/search?q=mug' });
    expect(search.body).toContain('<li><a href="/shop/blue-mug">Blue Mug</a></li>');
    const none = await site.app.inject({ url: '/search?q=zzzz' });
    expect(none.body).toContain('<li class="no-results">No results found.</li>');
  });
});

describe('themes', () => {
  let store: Store;
  const dirs: string[] = [];
  beforeAll(async () => {
    store = await freshStore('sqlite');
  });
  afterAll(async () => {
    await store.close();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  async function copyDir(from: string) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-theme-'));
    dirs.push(dir);
    await fs.cp(from, dir, { recursive: true });
    return dir;
  }

  it('logs template errors with file, line and column, once per theme version', async () => {
    const themes = await copyDir(FIXTURE_THEMES);
    await fs.writeFile(path.join(themes, 'test', 'collections', 'events.list'), '<h1>{collection.title}</h1>\n<p>{collection.title|no-such-formatter}</p>\n');
    await importSite(store, FIXTURE_SITE);
    const { logger, lines } = capturingLogger();
    const app = await buildApp(testConfig({ themesDir: themes, logLevel: 'info' }), { store, logger });
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/events' })).statusCode).toBe(200);
    const errors = lines.filter((l) => String(l.msg).startsWith('template error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ template: 'collections/events.list', line: 2, column: expect.any(Number), level: 50 });
    expect(String(errors[0]!.msg)).toContain("Formatter 'no-such-formatter' is unknown.");
    await app.close();
  });

  it("compiles a theme once per version, and serves a site's own stored theme", async () => {
    const siteDir = await copyDir(FIXTURE_SITE);
    await fs.cp(path.join(FIXTURE_THEMES, 'test'), path.join(siteDir, 'theme'), { recursive: true });
    await fs.writeFile(path.join(siteDir, 'theme', 'collections', 'page.page'), '<h1 class="own-theme">{item.title}</h1>');
    const { websiteId } = await importSite(store, siteDir);
    const website = await store.db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirstOrThrow();
    expect(website.theme_id).not.toBeNull();
    const log = pino({ level: 'silent' });
    const cache = new ThemeCache(store, FIXTURE_THEMES, false, log);
    const first = await cache.forWebsite(website);
    expect(await cache.forWebsite(website)).toBe(first);
    const app = await buildApp(testConfig(), { store });
    expect((await app.inject({ url: '/', headers: { host: 'shop.test' } })).body).toContain('<h1 class="own-theme">Welcome</h1>');
    // A changed theme file is a new version: compiled again, served under a new URL.
    await fs.writeFile(path.join(siteDir, 'theme', 'collections', 'page.page'), '<h1 class="own-theme v2">{item.title}</h1>');
    await importSite(store, siteDir);
    const updated = await store.db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirstOrThrow();
    const second = await cache.forWebsite(updated);
    expect(second).not.toBe(first);
    expect(second.version).not.toBe(first.version);
    expect((await app.inject({ url: '/', headers: { host: 'shop.test' } })).body).toContain('<h1 class="own-theme v2">Welcome</h1>');
    // The stored theme goes out again with an export.
    const out = await copyDir(path.join(FIXTURE_SITE, 'forms'));
    await fs.rm(out, { recursive: true, force: true });
    await exportSite(store, out);
    expect(await listFiles(out, path.join(out, 'theme'))).toContain('theme/collections/page.page');
    await app.close();
  });
});
