// The demo shop in the second built-in theme, Atelier: a site folder whose site.json names
// `"theme": "atelier"` imports as any other, the renderer finds the theme among the built-in ones,
// and every kind of page a visitor reaches renders in it, with no template error logged.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURES } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

const REPO = path.resolve(FIXTURES, '..', '..', '..', '..');
const DEMO = path.join(REPO, 'sites', 'demo');

/** A copy of the demo site with site.json choosing another built-in theme, as an owner would write it. */
async function demoIn(theme: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-atelier-'));
  await fs.cp(DEMO, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  const file = path.join(dir, 'site.json');
  const site = JSON.parse(await fs.readFile(file, 'utf8'));
  await fs.writeFile(file, JSON.stringify({ ...site, theme }, null, 2));
  return dir;
}

describe('the demo shop in the Atelier theme', () => {
  let store: Store;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let siteDir: string;
  const logged: Record<string, unknown>[] = [];
  beforeAll(async () => {
    siteDir = await demoIn('atelier');
    store = await freshStore('sqlite');
    await importSite(store, siteDir);
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(testConfig({ siteDir, themesDir: path.join(REPO, 'themes') }), { store, logger: pino({ level: 'warn' }, stream) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await fs.rm(siteDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  it('renders every kind of page a visitor reaches in Atelier, with its stylesheets and masthead, and logs no error', async () => {
    const pages: [string, number][] = [
      ['/', 200],
      ['/shop', 200],
      ['/shop/stoneware-mug', 200],
      ['/journal/how-we-choose-green-coffee', 200],
      ['/events/wheel-throwing-for-beginners', 200],
      ['/cart', 200],
      ['/checkout', 200],
      ['/search?q=mug', 200],
      ['/contact', 200],
      ['/no-such-page', 404],
    ];
    for (const [url, status] of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const html = res.body;
      // Atelier's own markup and stylesheet, not the default theme's.
      expect(html, url).toContain('<header class="site-header site-header--masthead">');
      expect(html, url).toContain('<footer class="site-footer color-theme-dark">');
      expect(html, url).toMatch(/<link rel="stylesheet" href="\/theme\/[0-9a-f]{16}\/styles\/atelier\.css">/);
      expect(html.match(/<h1[\s>]/g) ?? [], url).toHaveLength(1);
    }
    const context = JSON.parse(/<script type="application\/json" id="tessera-context">(.*?)<\/script>/.exec((await get('/')).body)![1]!);
    expect(context.templateId).toBe('Atelier');
    expect(logged.filter((l) => Number(l.level) >= 40)).toEqual([]);
  });

  it('keeps the island markers the storefront needs: add to cart, the cart, checkout and the contact form', async () => {
    const product = (await get('/shop/stoneware-mug')).body;
    expect(product).toMatch(/class="sqs-add-to-cart-button[^"]*"[^>]*data-item-id="[0-9a-f]+"/);
    expect(product).toContain('data-product-gallery');
    expect((await get('/cart')).body).toContain('<div id="tessera-cart"');
    expect((await get('/checkout')).body).toContain('<div id="tessera-checkout"');
    expect((await get('/contact')).body).toMatch(/<form class="tessera-form site-form" id="[^"]+" data-form-id="contact" data-tessera-island="form"/);
    expect((await get('/')).body).toContain('<div id="tessera-pill-cart" class="pill-cart-root" data-tessera-island="pill-cart"></div>');
  });

  it('serves its stylesheets from the site, the site properties given defaults in the theme', async () => {
    const href = /<link rel="stylesheet" href="(\/theme\/[0-9a-f]{16}\/styles\/base\.css)">/.exec((await get('/')).body)![1]!;
    const css = await get(href);
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain(':where(:root) {');
    expect(css.body).toContain('--palette-accent: #2f5d50;');
  });

  it('serves the stylesheets it takes from the default theme (it extends it) as its own, under its version', async () => {
    const home = (await get('/')).body;
    for (const sheet of ['comments.css', 'special-pages.css']) {
      const href = new RegExp(`<link rel="stylesheet" href="(/theme/[0-9a-f]{16}/styles/${sheet.replace('.', '\\.')})">`).exec(home)?.[1];
      expect(href, sheet).toBeDefined();
      const css = await get(href!);
      expect(css.statusCode, sheet).toBe(200);
      expect(css.body, sheet).toBe(await fs.readFile(path.join(REPO, 'themes', 'default', 'styles', sheet), 'utf8'));
    }
  });
});
