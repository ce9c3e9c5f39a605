// A theme that extends a built-in theme (template.conf `"extends"`): the pages render with the base's
// files the theme does not have and with its own where it has them; a base that does not exist and a
// chain of bases that comes back on itself are logged as template.conf errors, the theme loads with the
// files it has, and the theme check reports them naming the base.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTheme, readThemeDir } from '../../src/theme-check/index.js';
import { fixtureApp, type TestSite } from '../helpers/app.js';
import { FIXTURE_THEMES } from '../helpers/paths.js';

const conf = (name: string, base: string) => JSON.stringify({ name, extends: base, stylesheets: ['site.css', 'variant.css'] }, null, 2);

/** The fixture site's theme `test` made a variant: the fixture theme is its base `plain`, and it holds only what differs. */
async function themesWithVariant(base: string): Promise<string> {
  const themes = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-extends-'));
  await fs.cp(path.join(FIXTURE_THEMES, 'test'), path.join(themes, 'plain'), { recursive: true });
  await fs.mkdir(path.join(themes, 'test', 'blocks'), { recursive: true });
  await fs.mkdir(path.join(themes, 'test', 'styles'));
  await fs.writeFile(path.join(themes, 'test', 'template.conf'), conf('Variant', base));
  await fs.writeFile(path.join(themes, 'test', 'styles', 'variant.css'), '.site-header--variant { color: teal; }\n');
  await fs.writeFile(
    path.join(themes, 'test', 'blocks', 'header.block'),
    '<header class="site-header site-header--variant">{website.siteTitle|html}</header>\n',
  );
  return themes;
}

interface Run {
  site: TestSite;
  themes: string;
  logged: Record<string, unknown>[];
}

async function start(base: string, dev = false): Promise<Run> {
  const themes = await themesWithVariant(base);
  const logged: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  const site = await fixtureApp('sqlite', { themesDir: themes, dev }, { logger: pino({ level: 'warn' }, stream) });
  await site.app.ready();
  return { site, themes, logged };
}

async function stop(run: Run): Promise<void> {
  await run.site.close();
  await fs.rm(run.themes, { recursive: true, force: true });
}

const errorsOf = (run: Run) => run.logged.filter((l) => l.level === 50).map((l) => l.msg);

describe('a theme that extends a built-in theme', () => {
  let run: Run;
  beforeAll(async () => {
    run = await start('plain');
  });
  afterAll(() => stop(run));

  it("renders the base's templates and blocks with its own override, and serves the base's stylesheet with its own", async () => {
    const res = await run.site.app.inject({ url: '/story' });
    expect(res.statusCode).toBe(200);
    // Its own header block, inside the base's site.region, around the base's page template.
    expect(res.body).toContain('<header class="site-header site-header--variant">');
    expect(res.body).not.toContain('<a class="site-title"');
    expect(res.body).toContain('<h1>Our Story</h1>');
    const sheets = [...res.body.matchAll(/<link rel="stylesheet" href="(\/theme\/[0-9a-f]+\/styles\/[\w.-]+)">/g)].map((m) => m[1]!);
    expect(sheets.map((s) => s.replace(/.*\//, ''))).toEqual(['site.css', 'variant.css']);
    for (const sheet of sheets) expect((await run.site.app.inject({ url: sheet })).statusCode, sheet).toBe(200);
    expect(errorsOf(run)).toEqual([]);
  });
});

describe('a theme whose base cannot be read', () => {
  it('logs a base that is not a built-in theme as a template.conf error, and loads with the files it has', async () => {
    const run = await start('nowhere');
    try {
      // Without its base the theme has no page template: the page is whatever the server makes of that; the log says why.
      await run.site.app.inject({ url: '/story' });
      expect(errorsOf(run)).toContain('template.conf extends "nowhere", which is not a built-in theme.');
      expect(run.logged.find((l) => l.base === 'nowhere')).toMatchObject({ file: 'template.conf' });
      const { files, baseProblem } = await readThemeDir(path.join(run.themes, 'test'), run.themes);
      expect([...files.keys()].sort()).toEqual(['blocks/header.block', 'styles/variant.css', 'template.conf']);
      expect(
        checkTheme({ files, baseProblem })
          .filter((f) => f.file === 'template.conf')
          .map((f) => `${f.code} ${f.message}`),
      ).toContain('unknown-base template.conf extends "nowhere", which is not a built-in theme.');
    } finally {
      await stop(run);
    }
  });

  it('logs a chain of bases that comes back on itself, follows it once, and the theme check reports it', async () => {
    const run = await start('plain');
    try {
      // plain extends the theme itself: test -> plain -> test.
      const plainConf = path.join(run.themes, 'plain', 'template.conf');
      await fs.writeFile(plainConf, JSON.stringify({ ...JSON.parse(await fs.readFile(plainConf, 'utf8')), extends: 'test' }));
      const res = await run.site.app.inject({ url: '/story' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<header class="site-header site-header--variant">');
      expect(errorsOf(run)).toContain('template.conf extends "test" again: the chain of bases is a cycle.');
      const { files, baseProblem } = await readThemeDir(path.join(run.themes, 'test'), run.themes);
      expect(baseProblem).toMatchObject({ code: 'base-cycle', base: 'test' });
      expect(files.has('collections/page.page')).toBe(true);
      expect(checkTheme({ files, baseProblem }).map((f) => f.code)).toContain('base-cycle');
    } finally {
      await stop(run);
    }
  });
});

describe('a theme that extends a built-in theme, in dev mode', () => {
  let run: Run;
  beforeAll(async () => {
    run = await start('plain', true);
  });
  afterAll(() => stop(run));

  it('recompiles when a file of its base changes on disk', async () => {
    const page = () => run.site.app.inject({ url: '/story' });
    expect((await page()).body).toContain('<h1>Our Story</h1>');
    await fs.writeFile(path.join(run.themes, 'plain', 'collections', 'page.page'), '{.section item}<h1 class="from-base">{title}</h1>{.end}');
    const until = Date.now() + 5000;
    let body = '';
    while (Date.now() < until && !body.includes('from-base')) {
      await new Promise((r) => setTimeout(r, 50));
      body = (await page()).body;
    }
    expect(body).toContain('<h1 class="from-base">Our Story</h1>');
  });
});
