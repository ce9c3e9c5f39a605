// Property: any string as a template and any JSON value as data give { output, errors } within the budgets,
// without throwing. Templates come from the grammar's pieces, from arbitrary strings, and from mutations of
// real templates (Tessera's own cases and, when present, the shared corpus).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compile, createEngine, ERROR_CODES, type RenderResult } from '../src/index.js';
import { caseFiles, parseSections } from './support/cases.js';

const LIMITS = { maxOutput: 20_000, maxSteps: 20_000 };
const engine = createEngine({ limits: LIMITS });
const CODES = new Set<string>(ERROR_CODES);

function check(result: RenderResult, syntaxErrors: readonly unknown[] = []): void {
  expect(typeof result.output).toBe('string');
  expect(result.output.length).toBeLessThanOrEqual(LIMITS.maxOutput);
  for (const e of [...syntaxErrors, ...result.errors] as RenderResult['errors']) {
    expect(CODES.has(e.code), e.code).toBe(true);
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(typeof e.message).toBe('string');
  }
}

function renderChecked(source: string, data: unknown, partials: Record<string, string>): void {
  const t = engine.compile(source);
  check(t.render(data, { partials, injects: { j: '{"a":1}', t: 'text' } }), t.errors);
}

const keys = fc.constantFrom('a', 'b', 'items', '0', '1', 'name', 'debug', '$x');
const path_ = fc.oneof(
  fc.constantFrom('@', '@index', '@index0', '@v', '@args'),
  fc.array(keys, { minLength: 1, maxLength: 3 }).map((k) => k.join('.')),
);
const formatter = fc.constantFrom(
  'html',
  'json',
  'json-pretty',
  'raw',
  'str',
  'safe',
  'slugify',
  'smartypants',
  'truncate 3',
  'truncate:2:!',
  'count',
  'cycle a b',
  'mod 3',
  'round',
  'pluralize x y',
  'format a b',
  'get a',
  'prop a 0',
  'lookup a',
  'key-by name',
  'iter',
  'url-encode',
  'encode-uri',
  'encode-space',
  'line-breaks',
  'width',
  'height',
  'date %c %Y',
  'output q',
  'apply p',
  'apply p private k=v',
  'apply m',
  'find-first even?',
  'nope',
);
const predicate = fc.constantFrom(
  'even?',
  'odd?',
  'plural?',
  'singular?',
  'debug?',
  'equal? a b',
  'greaterThan? a 1',
  'lessThan?:a:"x"',
  'nth? 2',
  'notEqual? @ 0',
  'unknown?',
);
const expression = fc.constantFrom(
  '1 + 2 * 3',
  '@v = a; @v',
  'a.b ** 2',
  '"x" + a',
  '(1',
  '1 +',
  'max(a, 2)',
  '@s = "ab"; @s = @s + @s; @s = @s + @s',
  'num(a) % 0',
  '!a || b && c',
  '"\\u00e9\\x41"',
  '"unterminated',
  '0x1F << 2',
);

const template: fc.Arbitrary<string> = fc.letrec<{ body: string; item: string }>((tie) => ({
  body: fc.array(tie('item'), { maxLength: 5 }).map((items) => items.join('')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 6 }),
    fc.constantFrom('{', '}', '{.end}', '{.or}', '{.alternates with}', '{#c}', '{##', '##}', '{.space}', '{.meta-left}', '{ }'),
    fc.tuple(path_, fc.array(formatter, { maxLength: 2 })).map(([p, f]) => `{${[p, ...f].join('|')}}`),
    fc.tuple(path_, tie('body'), tie('body')).map(([p, b, o]) => `{.section ${p}}${b}{.or}${o}{.end}`),
    fc.tuple(path_, tie('body'), tie('body')).map(([p, b, a]) => `{.repeated section ${p}}${b}{.alternates with}${a}{.end}`),
    fc.tuple(predicate, tie('body'), predicate, tie('body')).map(([p, b, q, o]) => `{.${p}}${b}{.or ${q}}${o}{.end}`),
    fc.tuple(path_, path_, tie('body')).map(([a, b, body]) => `{.if ${a} || ${b}}${body}{.end}`),
    fc.tuple(path_, formatter).map(([p, f]) => `{.var @v ${p}|${f}}`),
    fc.tuple(path_, path_).map(([a, b]) => `{.ctx @v k=${a} j=${b}}`),
    tie('body').map((b) => `{.macro m}${b}{.end}`),
    expression.map((e) => `{.eval ${e}}`),
    fc.constantFrom('{.include m}', '{.include p output}', '{.inject @v j}', '{.inject @v missing}'),
  ),
})).body;

const partials = fc.record({
  p: fc.oneof(template, fc.constantFrom('{@|apply p}{@|apply p}', '[{@}]', '{.section a}')),
});

const here = path.dirname(fileURLToPath(import.meta.url));
function knownTemplates(): string[] {
  const dirs = [path.join(here, 'cases')];
  const shared = path.resolve(here, '../../../../shared/jsont-cases');
  const sharedWorktree = path.resolve(here, '../../../../../shared/jsont-cases');
  for (const s of [shared, sharedWorktree]) {
    if (fs.existsSync(s)) dirs.push(path.join(s, 'resources'), path.join(s, 'plugins/resources'));
  }
  return dirs
    .flatMap((d) => caseFiles(d, true))
    .map((f) => parseSections(fs.readFileSync(f, 'utf8')).TEMPLATE ?? '')
    .filter((t) => t !== '');
}

const corpus = knownTemplates();
const mutation = fc
  .tuple(
    fc.constantFrom(...corpus),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('{', '}', '{.end}', '|', '.', '@', '"'))), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([source, edits]) => {
    let s = source;
    for (const [at, cut, insert] of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + insert + s.slice(i + cut);
    }
    return s;
  });

describe('any template and any data render safely', () => {
  test('templates from the grammar', () => {
    fc.assert(
      fc.property(template, fc.jsonValue({ maxDepth: 4 }), partials, (t, data, p) => {
        renderChecked(t, data, p);
      }),
      { numRuns: 400 },
    );
  });

  test('arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200, unit: fc.constantFrom('{', '}', '.', '#', '|', '@', ' ', 'a', '\n', '"', '?', 'x') }),
        fc.jsonValue({ maxDepth: 3 }),
        (t, data) => {
          renderChecked(t, data, {});
        },
      ),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 100, unit: 'binary' }), fc.anything(), (t, data) => {
        renderChecked(t, data, {});
      }),
      { numRuns: 200 },
    );
  });

  test('mutated real templates with arbitrary data', () => {
    fc.assert(
      fc.property(mutation, fc.jsonValue({ maxDepth: 4 }), (t, data) => {
        renderChecked(t, data, { p: '{@|apply p}' });
      }),
      { numRuns: 400 },
    );
  });

  test('hostile shapes stay within budgets', () => {
    const deep = JSON.parse('['.repeat(5000) + ']'.repeat(5000));
    check(compile('{@}{@|json}{.repeated section @}{@}{.end}').render(deep));
    check(engine.render('{.section a}'.repeat(3000) + 'x', {}));
    check(engine.render('{.eval ' + '('.repeat(20_000) + '1' + ')'.repeat(20_000) + '}', {}));
    check(
      engine.render('{.repeated section a}{.repeated section a}{.repeated section a}{@}{.end}{.end}{.end}', { a: Array.from({ length: 200 }, (_, i) => i) }),
    );
    check(engine.render('{.var @s a}{.repeated section l}{.eval @s = @s + @s}{.end}{@s}', { a: 'xy', l: Array(60).fill(0) }));
    // Blocks nested to the limit inside partials nested to the limit.
    let data: unknown = { x: 1 };
    for (let i = 0; i < 3000; i++) data = { a: data };
    const p = '{.section a}'.repeat(127) + '{@|apply p}' + '{.end}'.repeat(127);
    const r = engine.render('{@|apply p}', data, { partials: { p } });
    check(r);
    expect(r.errors.map((e) => e.code)).toEqual(['PARTIAL_DEPTH']);
  });
});
