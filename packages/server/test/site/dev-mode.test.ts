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

describe('dev mode', () => {
  let site: TestSite;
  let themes: string;
  beforeAll(async () => {
    themes = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-dev-'));
    await fs.cp(FIXTURE_THEMES, themes, { recursive: true });
    site = await fixtureApp('sqlite', { themesDir: themes, dev: true });
    await site.app.ready();
  });
  afterAll(async () => {
    await site.close();
    await fs.rm(themes, { recursive: true, force: true });
  });

  const page = (url = '/story') => site.app.inject({ url });
  const file = (p: string) => path.join(themes, 'test', p);

  it('recompiles a theme file when it changes on disk', async () => {
    expect((await page()).body).toContain('<h1>Our Story</h1>');
    await fs.writeFile(file('collections/page.page'), '{.section item}<h1 class="edited">{title}</h1>{.end}');
    const res = await eventually(page, (r) => r.body.includes('class="edited"'));
    expect(res.body).toContain('<h1 class="edited">Our Story</h1>');
  });

  it('shows template syntax errors in the page, with file, line and column, until they are fixed', async () => {
    const good = await fs.readFile(file('blocks/header.block'), 'utf8');
    await fs.writeFile(file('blocks/header.block'), `${good}\n{.section website}\n<p>{siteTitle|nope}</p>\n`);
    const broken = await eventually(page, (r) => r.body.includes('Template errors'));
    expect(broken.statusCode).toBe(500);
    expect(broken.body).toContain('<h1>Template errors</h1>');
    expect(broken.body).toMatch(/<code>blocks\/header\.block:\d+:\d+<\/code> Formatter &#39;nope&#39; is unknown\./);
    expect(broken.body).toMatch(/<code>blocks\/header\.block:\d+:\d+<\/code> .*(not terminated|unterminated|not closed|open)/i);
    await fs.writeFile(file('blocks/header.block'), good);
    const fixed = await eventually(page, (r) => !r.body.includes('Template errors'));
    expect(fixed.statusCode).toBe(200);
  });
});
