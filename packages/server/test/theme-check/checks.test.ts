import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTheme, readThemeDir, type Finding } from '../../src/theme-check/index.js';
import path from 'node:path';
import { DEFAULT_THEME, REPO, THEMES_DIR, themeDir } from './fixture.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/** The findings of a minimal theme with these files changed, for a site with only plain pages. */
async function check(files: Record<string, string | null>, collectionTypes: string[] = ['page']): Promise<Finding[]> {
  const dir = await themeDir(files);
  dirs.push(dir);
  return checkTheme({ ...(await readThemeDir(dir, THEMES_DIR)), collectionTypes });
}

const brief = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.level} ${f.code}`);

describe('theme check', () => {
  it('passes the default theme with no errors or warnings, and a minimal theme with nothing at all', async () => {
    const findings = checkTheme(await readThemeDir(DEFAULT_THEME, THEMES_DIR));
    expect(findings.filter((f) => f.level !== 'recommendation')).toEqual([]);
    expect(await check({})).toEqual([]);
  });

  it('reads a theme with the built-in theme it extends: Atelier finds the blocks it inherits', async () => {
    const atelier = await readThemeDir(path.join(THEMES_DIR, 'atelier'), THEMES_DIR);
    expect(atelier.baseProblem).toBeNull();
    expect(atelier.files.has('blocks/cart-indicator.block')).toBe(true);
    expect(checkTheme(atelier).filter((f) => f.level !== 'recommendation')).toEqual([]);
  });

  it('reports a base that is not a built-in theme, and a chain of bases that is a cycle, naming the base', async () => {
    const unknown = await check({ 'template.conf': JSON.stringify({ name: 'Mini', extends: 'nowhere', stylesheets: ['site.css'] }, null, 2) });
    expect(brief(unknown)).toEqual(['template.conf:3:14 error unknown-base']);
    expect(unknown[0]!.message).toBe('template.conf extends "nowhere", which is not a built-in theme.');

    // A themes folder of two themes that extend each other.
    const themes = await themeDir({}, {});
    dirs.push(themes);
    for (const [name, base] of [
      ['one', 'two'],
      ['two', 'one'],
    ]) {
      await fs.mkdir(path.join(themes, name));
      await fs.writeFile(path.join(themes, name, 'template.conf'), JSON.stringify({ name, extends: base }));
    }
    const theme = await themeDir({ 'template.conf': JSON.stringify({ name: 'Mini', extends: 'one', stylesheets: ['site.css'] }) });
    dirs.push(theme);
    const cycle = await readThemeDir(theme, themes);
    expect(cycle.baseProblem).toMatchObject({ code: 'base-cycle', base: 'one' });
    expect(checkTheme({ ...cycle, collectionTypes: ['page'] }).map((f) => `${f.code} ${f.message}`)).toEqual([
      'base-cycle template.conf extends "one" again: the chain of bases is a cycle.',
    ]);
  });

  it('reads at most 4 bases: a fifth is reported and its files are not read', async () => {
    const themes = await themeDir({}, {});
    dirs.push(themes);
    const chain = ['b1', 'b2', 'b3', 'b4', 'b5'];
    for (const [i, name] of chain.entries()) {
      const conf = i + 1 < chain.length ? { name, extends: chain[i + 1] } : { name };
      await fs.mkdir(path.join(themes, name, 'blocks'), { recursive: true });
      await fs.writeFile(path.join(themes, name, 'template.conf'), JSON.stringify(conf));
      await fs.writeFile(path.join(themes, name, 'blocks', `${name}.block`), `<p>${name}</p>\n`);
    }
    const theme = await themeDir({ 'template.conf': JSON.stringify({ name: 'Mini', extends: 'b1', stylesheets: ['site.css'] }) });
    dirs.push(theme);
    const deep = await readThemeDir(theme, themes);
    expect(deep.baseProblem).toMatchObject({ code: 'base-too-deep', base: 'b5' });
    expect(['b1', 'b2', 'b3', 'b4', 'b5'].map((b) => deep.files.has(`blocks/${b}.block`))).toEqual([true, true, true, true, false]);
  });

  it('reports template syntax errors, unknown formatters and unknown predicates with file, line and column', async () => {
    const findings = await check({ 'collections/page.page': '<main>\n{.section item}\n  <h1>{title|shout}</h1>\n  {.loud? title}x{.end}\n' });
    expect(brief(findings)).toEqual([
      'collections/page.page:2:1 error syntax-error',
      'collections/page.page:3:7 error unknown-formatter',
      'collections/page.page:4:3 error unknown-predicate',
    ]);
    expect(findings[1]).toEqual({
      level: 'error',
      code: 'unknown-formatter',
      message: "Formatter 'shout' is unknown.",
      file: 'collections/page.page',
      line: 3,
      column: 7,
      docs: 'docs/theme-check.md#unknown-formatter',
    });
    // Tessera's platform formatters are known: money, image-alt and the rest render on the server.
    expect(await check({ 'collections/page.page': '{.section item}<p>{price|money-format}</p><img src="x" {@|image-alt}>{.end}\n' })).toEqual([]);
  });

  it('reports partials applied but missing, and partials never applied (a recommendation); macros are not partials', async () => {
    const findings = await check({
      'site.region': '<body>\n{@|apply header.block}{@|apply footer.block}\n</body>\n',
      'blocks/unused.block': '<p>unused</p>\n',
      'collections/page.page': '{.macro card}<b>{title}</b>{.end}{.section item}{@|apply card}{.end}\n',
    });
    expect(brief(findings)).toEqual(['blocks/unused.block:0:0 recommendation unused-partial', 'site.region:2:23 error missing-partial']);
    expect(findings[1]!.message).toBe("The partial 'footer.block' is applied but blocks/footer.block does not exist.");
  });

  it('reports a chain of partials deeper than the engine renders, and leaves recursion to the data', async () => {
    const chain: Record<string, string> = {};
    for (let i = 1; i <= 17; i++) chain[`blocks/p${i}.block`] = i < 17 ? `{@|apply p${i + 1}.block}` : 'end';
    const deep = await check({ ...chain, 'collections/page.page': '\n {@|apply p1.block}\n' });
    expect(brief(deep)).toEqual(['collections/page.page:2:2 error partial-depth']);
    expect(deep[0]!.message).toContain('applied 17 deep (p1.block > p2.block');
    const { 'blocks/p17.block': _, ...sixteen } = chain;
    expect(await check({ ...sixteen, 'blocks/p16.block': 'end', 'collections/page.page': '{@|apply p1.block}' })).toEqual([]);
    expect(
      await check({ 'blocks/tree.block': '{.repeated section children}{@|apply tree.block}{.end}', 'collections/page.page': '{@|apply tree.block}' }),
    ).toEqual([]);
  });

  it("reports the templates the site's collections and pages need", async () => {
    const findings = await check({ 'pages/search.page': null }, ['page', 'blog', 'products', 'folder']);
    expect(brief(findings)).toEqual([
      'collections/blog.item:0:0 error missing-template',
      'collections/blog.list:0:0 error missing-template',
      'collections/folder.list:0:0 error missing-template',
      'collections/products.item:0:0 error missing-template',
      'collections/products.list:0:0 error missing-template',
      'pages/cart.page:0:0 error missing-template',
      'pages/checkout.page:0:0 error missing-template',
      'pages/search.page:0:0 error missing-template',
    ]);
    expect(findings[0]!.message).toBe('The template collections/blog.item is missing; it is needed by blog collections.');
  });

  it('reports settings read by templates or stylesheets that the manifest does not declare', async () => {
    const settings = [{ id: 'header-sticky', label: 'Sticky header', group: 'header', type: 'toggle', default: false }];
    const findings = await check({
      'template.conf': JSON.stringify({ name: 'Mini', stylesheets: ['site.css'], settings }),
      'styles/site.css': 'header { position: var(--setting-header-sticky); }\n.a {\n  gap: var(--setting-gap, 1rem);\n}\n',
      'site.region':
        '<body class="{styles.values.settings.header-sticky}">{@|apply header.block}\n{.if styles.values.settings.logo-size}x{.end}{squarespace.main-content}</body>\n',
    });
    expect(brief(findings)).toEqual(['site.region:2:6 warning undeclared-setting', 'styles/site.css:3:8 warning undeclared-setting']);
    expect(findings[1]!.message).toBe("The setting 'gap' is used but template.conf's settings do not declare it.");
  });

  it('reports images without alt, and accepts alt written out or by the image-alt formatter', async () => {
    const findings = await check({
      'collections/page.page': '<img src="a.png" alt="">\n<img src="{x|htmlattr}"\n  {.if y}class="{.section z}>{.end}"{.end}>\n<img src="b" {@|image-alt}>\n',
    });
    expect(brief(findings)).toEqual(['collections/page.page:2:1 warning img-missing-alt']);
  });

  it('reports expressions over the size limit', async () => {
    const big = Array.from({ length: 80 }, (_, i) => `a${i}`).join(' + ');
    const findings = await check({ 'collections/page.page': `{.eval 1 + 2}\n{.eval ${big}}\n` });
    expect(brief(findings)).toEqual(['collections/page.page:2:1 warning expression-too-large']);
  });

  it('reports the manifest: missing, invalid JSON, stylesheets that do not exist, settings of the wrong shape', async () => {
    expect(brief(await check({ 'template.conf': null }))).toEqual(['template.conf:0:0 error manifest-missing']);
    expect(brief(await check({ 'template.conf': '{\n  "name": "Mini"\n  "stylesheets": []\n}\n' }))).toEqual(['template.conf:3:3 error manifest-invalid-json']);
    const conf = (extra: object) => JSON.stringify({ name: 'Mini', stylesheets: ['site.css', 'styles/gone.css'], ...extra }, null, 2);
    expect(brief(await check({ 'template.conf': conf({}) }))).toEqual(['template.conf:5:5 error missing-stylesheet']);
    const settings = [
      { id: 'button-shape', label: 'Button shape', group: 'buttons', type: 'select', default: 'blob', options: [{ value: 'square', label: 'Square' }] },
      {
        id: 'section-spacing',
        label: 'Spacing',
        group: 'spacing',
        type: 'range',
        min: 24,
        max: 160,
        step: 8,
        unit: 'px',
        default: { desktop: 100 },
        responsive: true,
      },
      { id: 'content-width', label: 'Width', group: 'widths', type: 'range', min: 720, max: 1600, step: 20, unit: 'px', default: 1200 },
      { id: 'accent', label: 'Accent', group: 'colours', type: 'color', default: 'accent' },
      { id: 'accent', label: 'Accent', group: 'colors', type: 'color', default: '#12345g' },
      { id: 'Bad Id', label: 'x', group: 'other', type: 'text', default: '' },
    ];
    const findings = await check({ 'template.conf': JSON.stringify({ name: 'Mini', stylesheets: ['site.css'], settings }) });
    expect(findings.map((f) => f.message)).toEqual([
      "The setting 'button-shape' has the default \"blob\"; it must be one of the options' values.",
      'The setting \'section-spacing\' has the default {"desktop":100}; it must be a multiple of 8 from 24.',
      'The setting \'accent\' has the group "colours"; groups are colors, fonts, buttons, spacing, widths, header, footer, pages, other.',
      "The setting 'accent' is declared twice.",
      'The setting \'accent\' has the default "#12345g"; it must be a hex colour (# and 3 to 6 digits) or a palette slot.',
      'Setting 6 needs an id of lowercase letters, digits and dashes.',
    ]);
    expect(new Set(findings.map((f) => f.code))).toEqual(new Set(['invalid-setting']));
  });

  it('documents every code it can report in docs/theme-check.md, under a heading that is its anchor', async () => {
    const dir = path.join(REPO, 'packages', 'server', 'src', 'theme-check');
    const sources = await Promise.all((await fs.readdir(dir)).map((f) => fs.readFile(path.join(dir, f), 'utf8')));
    const codes = new Set(sources.flatMap((text) => [...text.matchAll(/(?:finding\([^,]+,\s*|: )'([a-z]+(?:-[a-z]+)+)'/g)].map((m) => m[1]!)));
    codes.add('syntax-error');
    expect(codes.size).toBeGreaterThanOrEqual(14);
    const docs = await fs.readFile(path.join(REPO, 'docs', 'theme-check.md'), 'utf8');
    const headings = new Set([...docs.matchAll(/^## ([a-z-]+)$/gm)].map((m) => m[1]));
    expect([...codes].filter((c) => !headings.has(c))).toEqual([]);
  });
});
