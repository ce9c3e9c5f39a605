import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { FIXTURE_THEMES } from '../helpers/paths.js';

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("tessera dev: the theme check's panel", () => {
  let dev: TestSite;
  let start: TestSite;
  let themes: string;
  const file = (p: string) => path.join(themes, 'test', p);
  beforeAll(async () => {
    themes = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-overlay-'));
    await fs.cp(FIXTURE_THEMES, themes, { recursive: true });
    // A theme that renders but has findings: an image without alt and a partial that does not exist.
    const page = await fs.readFile(file('collections/page.page'), 'utf8');
    await fs.writeFile(file('collections/page.page'), `${page}<img src="/x.png">\n{@|apply promo.block}\n`);
    [dev, start] = await Promise.all([fixtureApp('sqlite', { themesDir: themes, dev: true }), fixtureApp('sqlite', { themesDir: themes })]);
    await Promise.all([dev.app.ready(), start.app.ready()]);
  });
  afterAll(async () => {
    await Promise.all([dev?.close(), start?.close()]);
    await fs.rm(themes, { recursive: true, force: true });
  });

  it('lists errors and warnings with file:line:column in a dismissible panel of every page, in dev mode only', async () => {
    const lines = (await fs.readFile(file('collections/page.page'), 'utf8')).split('\n').length;
    const res = await dev.app.inject({ url: '/story' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Our Story</h1>');
    const panel = /<dialog open id="tessera-theme-check"[\s\S]*?<\/dialog>/.exec(res.body)?.[0] ?? '';
    expect(panel).toContain('aria-labelledby="tessera-theme-check-title"');
    expect(panel).toContain('<h2 id="tessera-theme-check-title">Theme check: 1 error, 1 warning</h2>');
    expect(panel).toContain(`<code>collections/page.page:${lines - 1}:1</code> <span class="error">error</span> <code>missing-partial</code>`);
    expect(panel).toContain(`<code>collections/page.page:${lines - 2}:1</code> <span class="warning">warning</span> <code>img-missing-alt</code>`);
    // Closed by its own button, without a script: the page's policy allows none inline.
    expect(panel).toContain('<form method="dialog"><button type="submit">Dismiss</button></form>');
    expect(res.body.indexOf('id="tessera-theme-check"')).toBeLessThan(res.body.lastIndexOf('</body>'));
    // Every page, not only the broken template's.
    expect((await dev.app.inject({ url: '/shop' })).body).toContain('id="tessera-theme-check"');

    const visitor = await start.app.inject({ url: '/story' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('<h1>Our Story</h1>');
    expect(visitor.body).not.toContain('tessera-theme-check');
  });

  it('follows the theme files: a fixed theme drops the panel on the next page load', async () => {
    const page = await fs.readFile(file('collections/page.page'), 'utf8');
    await fs.writeFile(file('collections/page.page'), page.replace('<img src="/x.png">\n{@|apply promo.block}\n', ''));
    const res = await eventually(
      () => dev.app.inject({ url: '/story' }),
      (r) => !r.body.includes('tessera-theme-check'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('tessera-theme-check');
  });
});
