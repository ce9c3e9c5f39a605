// Unit tests of the public API and the runtime: reuse, immutability, caching, options, errors as values.

import { describe, expect, test } from 'vitest';
import { compile, createEngine, DEFAULT_LIMITS, ERROR_CODES, render } from '../src/index.js';

describe('holes: partials left out of a render', () => {
  const partials = { 'cart.block': '<b>{count}</b>', 'other.block': '<i>{count}</i>' };
  const t = compile('<p>{@|apply cart.block}</p>{.section inner}{@|apply cart.block}{.end}{@|apply other.block}');
  const data = { count: 2, inner: { count: 5 } };

  test("a hole stands in a partial's place, for the nodes the caller chooses; other partials run", () => {
    const seen: unknown[] = [];
    const holes = (name: string, node: unknown) => {
      seen.push(node);
      return name === 'cart.block' && node === data ? '[cart]' : undefined;
    };
    expect(t.render(data, { partials, holes }).output).toBe('<p>[cart]</p><b>5</b><i>2</i>');
    expect(seen).toEqual([data, data.inner, data]);
  });

  test('without holes every partial renders', () => {
    expect(t.render(data, { partials }).output).toBe('<p><b>2</b></p><b>5</b><i>2</i>');
  });
});

describe('compile and render', () => {
  test('a compiled template renders many data sets and never throws on bad input', () => {
    const t = compile('{.repeated section xs}{name}{.alternates with}, {.end}');
    expect(t.errors).toEqual([]);
    expect(t.render({ xs: [{ name: 'a' }, { name: 'b' }] }).output).toBe('a, b');
    expect(t.render({ xs: [] }).output).toBe('');
    for (const data of [undefined, null, 42, 'str', [1, 2], { xs: 'not a list' }]) {
      expect(t.render(data)).toEqual({ output: '', errors: [] });
    }
  });

  test('compile never throws and reports syntax errors; render adds them to its errors', () => {
    const t = compile('{.section a}{b|nope}');
    expect(t.errors.map((e) => e.code)).toEqual(['UNKNOWN_FORMATTER', 'UNCLOSED_BLOCK']);
    expect(t.render({ a: 1 }).errors).toEqual([]);
    expect(render('{.section a}{b|nope}', { a: 1 }).errors.map((e) => e.code)).toEqual(['UNKNOWN_FORMATTER', 'UNCLOSED_BLOCK']);
    expect(compile(undefined as unknown as string).errors).toEqual([]);
  });

  test('the compiled template and its syntax tree are immutable', () => {
    const t = compile('{.section a}{b}{.end}');
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t.errors)).toBe(true);
    const ast = t.ast;
    expect(Object.isFrozen(ast)).toBe(true);
    expect(Object.isFrozen(ast.body[0])).toBe(true);
    expect(() => {
      (ast.body as unknown[]).push(1);
    }).toThrow();
  });

  test('renders interleaved through partials do not disturb each other', () => {
    // A formatter that renders the same template again, in the middle of an outer render.
    let inner: ReturnType<typeof engine.compile> | undefined;
    const engine = createEngine({
      formatters: { nested: (v) => inner!.render({ name: `inner-${String(v)}` }, { partials: { p: '<{name}>' } }).output },
    });
    inner = engine.compile('{@|apply p}{.var @x name}{@x}');
    const outer = engine.compile('{.repeated section xs}{@|nested}|{@}{.end}');
    expect(outer.render({ xs: [1, 2] }).output).toBe('<inner-1>inner-1|1<inner-2>inner-2|2');
  });

  test('partials given as source are compiled once per engine', () => {
    const engine = createEngine();
    const partials = { card: '[{name}]' };
    const t = engine.compile('{.repeated section xs}{@|apply card}{.end}');
    for (let i = 0; i < 5; i++) t.render({ xs: [{ name: 'a' }, { name: 'b' }] }, { partials });
    // A new object with the same sources, as a server would build per request, reuses the compilation.
    t.render({ xs: [{ name: 'c' }] }, { partials: { card: '[{name}]' } });
    expect(engine.stats().partialsCompiled).toBe(1);
    t.render({ xs: [{ name: 'c' }] }, { partials: { card: '({name})' } });
    expect(engine.stats().partialsCompiled).toBe(2);
  });
});

describe('compilation', () => {
  test('bodies compiled on their first run behave the same on later runs, whichever branch comes first', () => {
    const source = '{.repeated section xs}{.if a}A{a}{.or even?}E{.or}O{.end}{.alternates with},{.or}none{.end}';
    const t = compile(source);
    const datas = [{ xs: [] }, { xs: [{ a: 1 }, 2, 3] }, { xs: [4, { a: 'x' }] }, { xs: [] }, { xs: [3] }];
    const fresh = datas.map((d) => compile(source).render(d).output);
    expect(fresh).toEqual(['none', 'A1,E,O', 'E,Ax', 'none', 'O']);
    // One template, each branch first reached by a different render, gives what fresh templates give.
    expect(datas.map((d) => t.render(d).output)).toEqual(fresh);
    expect(datas.map((d) => t.render(d).output)).toEqual(fresh);
  });

  test('a render that starts inside the first render of the same template gets the same closures built', () => {
    let t: ReturnType<typeof engine.compile> | undefined;
    const engine = createEngine({ formatters: { again: (v) => `[${t!.render({ a: v === 1 ? 2 : 0 }).output}]` } });
    t = engine.compile('{.section a}{.if b}B{.or}{a|again}{.end}{.or}leaf{.end}');
    // First render: the section's body runs, and inside it a nested render reaches the same bodies first.
    expect(t.render({ a: 1 }).output).toBe('[[leaf]]');
    expect(t.render({ a: 1 }).output).toBe('[[leaf]]');
    expect(t.render({ a: 3, b: true }).output).toBe('B');
  });

  test("what an instruction means depends on its engine's tables, not on another engine's memo", () => {
    const plain = createEngine();
    const loud = createEngine({ formatters: { shout: (v) => String(v).toUpperCase() } });
    expect(plain.render('{a|shout}', { a: 'x' }).output).toBe('{a|shout}');
    expect(loud.render('{a|shout}', { a: 'x' }).output).toBe('X');
    expect(plain.render('{a|shout}', { a: 'x' }).errors.map((e) => e.code)).toEqual(['UNKNOWN_FORMATTER']);
  });
});

describe('render options', () => {
  test('time zone: option, then website.timeZone, then America/New_York', () => {
    const t = compile('{ts|date %H:%M %Z}');
    const ts = 1626000000000;
    expect(t.render({ ts }).output).toBe('06:40 EDT');
    expect(t.render({ ts, website: { timeZone: 'Asia/Tokyo' } }).output).toBe('19:40 JST');
    expect(t.render({ ts, website: { timeZone: 'Asia/Tokyo' } }, { timeZone: 'UTC' }).output).toBe('10:40 UTC');
    expect(t.render({ ts }, { timeZone: 'Not/AZone' }).output).toBe('06:40 EDT');
  });

  test('locale and now reach plugins', () => {
    const engine = createEngine({
      formatters: { ctxinfo: (_v, _a, ctx) => `${ctx.locale}|${ctx.now}|${ctx.timeZone}` },
    });
    const t = engine.compile('{@|ctxinfo}');
    expect(t.render({}, { locale: 'fr-FR', now: 5, timeZone: 'Europe/Paris' }).output).toBe('fr-FR|5|Europe/Paris');
    expect(t.render({}, { now: 7 }).output).toBe('en|7|America/New_York');
    expect(t.render({}, { locale: null, now: 7 }).output).toBe('undefined|7|America/New_York');
  });

  test('injects are parsed as JSON when they are JSON', () => {
    const r = render('{.inject @a a}{.inject @b b}{@a.k}|{@b}', {}, { injects: { a: '{"k": 1}', b: 'text' } });
    expect(r).toEqual({ output: '1|text', errors: [] });
  });
});

describe('errors are values', () => {
  test('an exception in a formatter is reported and rendering goes on', () => {
    const engine = createEngine({
      formatters: {
        boom: () => {
          throw new Error('kaput');
        },
      },
    });
    const r = engine.render('a{x|boom}b{x}', { x: 'X' });
    expect(r.output).toBe('abX');
    expect(r.errors).toMatchObject([
      {
        kind: 'runtime',
        code: 'INSTRUCTION_FAILED',
        line: 1,
        column: 2,
        message: "Unexpected error when executing an instruction: formatter 'boom': kaput",
      },
    ]);
  });

  test('an exception in a predicate counts as false', () => {
    const engine = createEngine({
      predicates: {
        'boom?': () => {
          throw new TypeError('bad');
        },
      },
    });
    const r = engine.render('{.boom?}yes{.or}no{.end}', {});
    expect(r.output).toBe('no');
    expect(r.errors.map((e) => e.code)).toEqual(['INSTRUCTION_FAILED']);
  });

  test('errors inside partials name the partial', () => {
    const r = render('{@|apply outer}', {}, { partials: { outer: 'x{@|apply inner}', inner: '\n  {@|apply gone}' } });
    expect(r.errors).toMatchObject([{ code: 'PARTIAL_MISSING', partial: 'inner', line: 2, column: 3 }]);
  });

  test('the same error in a loop is reported once', () => {
    const r = render('{.repeated section xs}{@|apply gone}{.end}', { xs: [1, 2, 3] });
    expect(r.errors).toHaveLength(1);
  });

  test('every error code is distinct and documented in the README', async () => {
    const fs = await import('node:fs');
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(readme, code).toContain(`\`${code}\``);
  });
});

describe('runs in the browser too', () => {
  test('no module except the CLI uses Node APIs', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const src = new URL('../src', import.meta.url).pathname;
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && f !== 'cli.ts');
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = fs.readFileSync(path.join(src, f), 'utf8');
      expect(text, f).not.toMatch(/from 'node:|require\(|\bprocess\.|\bBuffer\b|__dirname/);
    }
  });
});

describe('limits', () => {
  test('defaults', () => {
    expect(DEFAULT_LIMITS).toMatchObject({ maxPartialDepth: 16, maxExprTokens: undefined, maxExprStringLength: undefined });
    expect(DEFAULT_LIMITS.maxNesting).toBeGreaterThan(10);
    expect(DEFAULT_LIMITS.maxOutput).toBeGreaterThan(1_000_000);
    expect(DEFAULT_LIMITS.maxSteps).toBeGreaterThanOrEqual(1_000_000);
  });

  test('engine, compile and render limits merge, the most specific winning', () => {
    const engine = createEngine({ limits: { maxOutput: 5 } });
    expect(engine.render('abcdefgh', {}).output).toBe('abcde');
    const t = engine.compile('abcdefgh', { limits: { maxOutput: 6 } });
    expect(t.render({}).output).toBe('abcdef');
    expect(t.render({}, { limits: { maxOutput: 7 } }).output).toBe('abcdefg');
    expect(t.render({}, { limits: { maxOutput: undefined } }).output).toBe('abcdef');
  });

  test('a budget stops rendering with what was rendered so far', () => {
    // One step for the block, then two per element (the pass and the variable).
    const r = render('{.repeated section xs}{@}{.end}', { xs: Array.from({ length: 100 }, (_, i) => i) }, { limits: { maxSteps: 10 } });
    expect(r.output).toBe('0123');
    expect(r.errors.map((e) => e.code)).toEqual(['STEP_LIMIT']);
  });

  test('the step budget bounds exponential partial recursion', () => {
    const started = Date.now();
    const r = render('{@|apply p}', {}, { partials: { p: '{@|apply p}{@|apply p}{@|apply p}' } });
    expect(r.errors.map((e) => e.code)).toContain('STEP_LIMIT');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('bounded caches', () => {
  test('a full cache forgets its oldest entry, never the ones just kept', async () => {
    const { keep } = await import('../src/plugins/bounded.js');
    const cache = new Map<string, number>();
    for (let i = 0; i < 5; i++) keep(cache, `k${i}`, i, 3);
    expect([...cache.keys()]).toEqual(['k2', 'k3', 'k4']);
    keep(cache, 'k3', 30, 3); // a key already kept takes no room
    expect([...cache]).toEqual([
      ['k2', 2],
      ['k3', 30],
      ['k4', 4],
    ]);
  });
});
