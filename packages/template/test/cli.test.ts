// The tessera-jsont command, run as a theme developer runs it: the built package, in a child process.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, '..');
const repoRoot = path.resolve(pkg, '../..');
const bin = path.join(pkg, 'bin', 'tessera-jsont.js');
let dir: string;

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: dir });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

beforeAll(() => {
  execFileSync('npx', ['tsc', '-b', 'packages/template'], { cwd: repoRoot, stdio: 'pipe' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-jsont-'));
}, 120_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('tessera-jsont render', () => {
  test('prints the output, using data, partials by file name and the locale', () => {
    write('page.html', '<h1>{title|html}</h1>{.repeated section items}{@|apply item.block}{.end}');
    write('data.json', JSON.stringify({ title: 'Tea & Cakes', items: [{ name: 'Earl Grey' }, { name: 'Scone' }] }));
    write('parts/item.block', '<li>{name}</li>');
    const r = cli('render', 'page.html', '--data', 'data.json', '--partials', 'parts', '--locale', 'en-GB');
    expect(r).toEqual({ status: 0, stdout: '<h1>Tea &amp; Cakes</h1><li>Earl Grey</li><li>Scone</li>', stderr: '' });
  });

  test('syntax errors go to stderr with file, line and column, and the exit status is 1', () => {
    write('broken.html', 'ok\n  {.section a}{b|shout}');
    const r = cli('render', 'broken.html');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('ok\n  '); // a is missing: the section renders nothing
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      "broken.html:2:15: UNKNOWN_FORMATTER Formatter 'shout' is unknown.",
      'broken.html:2:3: UNCLOSED_BLOCK The {.section} block opened here is never closed with {.end}.',
    ]);
  });

  test('errors inside a partial name the partial file; runtime errors alone exit with 0', () => {
    write('uses.html', '{@|apply card.block}');
    write('parts2/card.block', '[card]\n{@|apply gone}');
    const r = cli('render', 'uses.html', '--partials', 'parts2');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('[card]\n');
    expect(r.stderr.trim()).toBe(`${path.join('parts2', 'card.block')}:2:1: PARTIAL_MISSING Attempt to apply partial 'gone' which could not be found.`);
  });

  test('a partial with a syntax error fails the render', () => {
    write('plain.html', 'x');
    write('parts3/bad.block', '{.end}');
    const r = cli('render', 'plain.html', '--partials', 'parts3');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join('parts3', 'bad.block')}:1:1: CLOSING_OUTSIDE_BLOCK`);
  });

  test('usage and file errors exit with 2', () => {
    expect(cli('render').status).toBe(2);
    expect(cli('render', 'nowhere.html').stderr).toContain('cannot read nowhere.html: ENOENT');
    write('bad.json', '{oops');
    write('t.html', 'x');
    expect(cli('render', 't.html', '--data', 'bad.json')).toMatchObject({ status: 2 });
    expect(cli('frobnicate').status).toBe(2);
  });
});

describe('tessera-jsont check', () => {
  test('reports syntax errors only, exit status 1 when there are any', () => {
    write('good.html', '{.section a}{b}{.end}{@|apply not-checked}');
    write('bad.html', '{.eval 1 +}\n{.end}');
    expect(cli('check', 'good.html')).toEqual({ status: 0, stdout: '', stderr: '' });
    const r = cli('check', 'good.html', 'bad.html');
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      "bad.html:1:10: EXPR_MISMATCHED_OPERATOR Mismatched operator in expression: operator '+' is missing an operand.",
      'bad.html:2:1: CLOSING_OUTSIDE_BLOCK Closing tag {.end} found outside of any block.',
    ]);
  });
});
