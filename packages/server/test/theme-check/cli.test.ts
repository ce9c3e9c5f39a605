import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SITE, FIXTURE_THEMES } from '../helpers/paths.js';
import { copyDefaultTheme, DEFAULT_THEME, REPO } from './fixture.js';

const CLI = path.join(REPO, 'packages', 'server', 'dist', 'cli.js');

/** The built `tessera` command, as a theme developer or CI runs it. */
function tessera(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('tessera theme check', () => {
  let broken: string;
  let data: string;
  let sectionLine: number;
  beforeAll(async () => {
    broken = await copyDefaultTheme();
    data = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-theme-cli-'));
    // An unknown formatter and a missing partial on lines 2 and 3, a section left open on the last line.
    const file = path.join(broken, 'collections', 'page.page');
    const lines = (await fs.readFile(file, 'utf8')).trimEnd().split('\n');
    lines.splice(1, 0, '<p>{website.siteTitle|shout}</p>', '{@|apply promo.block}');
    lines.push('{.section website}');
    sectionLine = lines.length;
    await fs.writeFile(file, `${lines.join('\n')}\n`);
  });
  afterAll(async () => {
    await fs.rm(broken, { recursive: true, force: true });
    await fs.rm(data, { recursive: true, force: true });
  });

  it('passes the default theme: exit status 0', () => {
    const json = tessera(['theme', 'check', DEFAULT_THEME, '--format', 'json']);
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0 });
    expect(report.findings.every((f: { level: string }) => f.level === 'recommendation')).toBe(true);
  });

  it('reports an unterminated section, an unknown formatter and a missing partial with their lines, and exits 1', () => {
    const r = tessera(['theme', 'check', broken]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('collections/page.page\n');
    expect(r.stdout).toContain("collections/page.page:2:4 error unknown-formatter Formatter 'shout' is unknown.");
    expect(r.stdout).toContain("collections/page.page:3:1 error missing-partial The partial 'promo.block' is applied but blocks/promo.block does not exist.");
    expect(r.stdout).toContain(`collections/page.page:${sectionLine}:1 error syntax-error The {.section} block opened here is never closed with {.end}.`);
    expect(r.stdout).toMatch(/\n3 errors, 0 warnings, \d+ recommendations?\.\n$/);

    const json = tessera(['theme', 'check', broken, '--format', 'json']);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as {
      findings: { level: string; code: string; file: string; line: number; column: number; docs: string }[];
      summary: object;
    };
    expect(report.summary).toMatchObject({ errors: 3, warnings: 0 });
    expect(report.findings.filter((f) => f.level === 'error').map((f) => [f.code, f.file, f.line, f.docs])).toEqual([
      ['unknown-formatter', 'collections/page.page', 2, 'docs/theme-check.md#unknown-formatter'],
      ['missing-partial', 'collections/page.page', 3, 'docs/theme-check.md#missing-partial'],
      ['syntax-error', 'collections/page.page', sectionLine, 'docs/theme-check.md#syntax-error'],
    ]);
  });

  it("checks the site's own theme against its collections without a folder, and refuses bad use", () => {
    const env = { DATABASE_URL: `sqlite:${path.join(data, 'tessera.sqlite')}`, DATA_DIR: data, THEMES_DIR: FIXTURE_THEMES };
    expect(tessera(['import', FIXTURE_SITE], env).status).toBe(0);
    // The fixture theme has no lessons templates, which a folder checked on its own would be asked for;
    // checked for its site, which has no lessons, it passes.
    const site = tessera(['theme', 'check', '--format', 'json'], env);
    expect(site.stderr).toBe('');
    expect(JSON.parse(site.stdout).summary.errors).toBe(0);
    expect(site.status).toBe(0);
    const format = tessera(['theme', 'check', DEFAULT_THEME, '--format', 'xml']);
    expect(format).toMatchObject({ status: 1, stderr: 'tessera: --format is text or json\n' });
  });
});
