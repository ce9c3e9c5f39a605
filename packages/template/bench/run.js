// JSON-T benchmark: Tessera's engine side by side with the published reference engine, same inputs, one run.
//
//   npx tsc -b packages/template && npm run bench --workspace @tessera/template
//
// 1. compile wright.html and its partials (Tessera keeps nothing between compilations: every one is cold)
// 2. compile and render once (Tessera builds a body's closures on its first run: this shows that cost too)
// 3. render the compiled wright.html with wright.json   4. render a 200-product grid (bench/product-grid.html)
// 5. render the same grid with its prices, dates, ratings and counts formatted (bench/product-grid-formatted.html)
// then a memory check: heap after GC over 100,000 renders of wright and of each compiled grid, which fails the
// run (exit code 1) when the heap grows by more than MEMORY_LIMIT_MB.
// Rounds alternate between the engines so both see the same machine load; each figure is the median of the
// rounds, in operations per second of CPU time, with the 50th and 95th percentiles of the wall time of one
// operation over every round (what one page costs, and what a slow one costs).

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../dist/index.js';
import { gridData } from './grid-data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 250);
const MEMORY_RENDERS = Number(process.env.BENCH_MEMORY_RENDERS ?? 100_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
// A heap that holds what one more render leaves behind grows by about its size per render (a grid's output
// is 0.2 MB, so 100,000 renders would add gigabytes); a flat heap moves by the noise of the collector.
const MEMORY_LIMIT_MB = Number(process.env.BENCH_MEMORY_LIMIT_MB ?? 1);

// The shared fixtures sit beside the repository (or beside a worktree's parent); BENCH_JSONT overrides.
function findFixtures() {
  if (process.env.BENCH_JSONT) return process.env.BENCH_JSONT;
  const root = path.resolve(here, '../../..');
  for (const base of [path.dirname(root), path.dirname(path.dirname(root))]) {
    const dir = path.join(base, 'shared', 'bench', 'jsont');
    if (fs.existsSync(path.join(dir, 'wright.html'))) return dir;
  }
  return undefined;
}

function loadReference() {
  try {
    return require('@squarespace/template-engine');
  } catch {
    return undefined;
  }
}

// The wright template tests one content predicate of the platform tables (spec: BackgroundSource video 3);
// it is registered here so both engines do the same work.
const engine = createEngine({
  predicates: {
    'background-source-video?': (node) => typeof node === 'object' && node !== null && node.backgroundSource === 3,
  },
});

// Operations per second of CPU time used by this process (user + system, GC threads included), so that other
// processes sharing the machine slow neither engine down in the figures.
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Runs `fn` for `ms` of wall time; returns its operations per second of CPU time, and adds the wall time of
 * each operation (ms) to `times`. (Timing each call costs well under a microsecond, against renders of
 * hundreds of microseconds.)
 */
function opsPerSecond(fn, ms, times) {
  const start = performance.now();
  const cpuStart = cpuMs();
  let n = 0;
  let now = start;
  while (now - start < ms) {
    fn();
    const after = performance.now();
    times?.push(after - now);
    now = after;
    n++;
  }
  return (n * 1000) / (cpuMs() - cpuStart);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 }).padStart(9);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const us = (ms) => `${(ms * 1000).toFixed(ms < 0.1 ? 1 : 0)} µs`;

/** Warm both up (so both run optimized code), then alternate rounds; returns { ref, mine } medians in ops/s. */
function compare(name, refFn, mineFn) {
  if (refFn) opsPerSecond(refFn, WARMUP_MS);
  opsPerSecond(mineFn, WARMUP_MS);
  const ref = [];
  const mine = [];
  const refTimes = [];
  const mineTimes = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (refFn) ref.push(opsPerSecond(refFn, ROUND_MS, refTimes));
    mine.push(opsPerSecond(mineFn, ROUND_MS, mineTimes));
  }
  const result = { ref: refFn ? median(ref) : undefined, mine: median(mine) };
  const ratio = result.ref ? `${(result.mine / result.ref).toFixed(2)}x` : 'n/a';
  console.log(`${name.padEnd(34)} reference ${result.ref ? fmt(result.ref) : '      n/a'} ops/s   tessera ${fmt(result.mine)} ops/s   ratio ${ratio}`);
  const spread = (times) => {
    const sorted = times.sort((a, b) => a - b);
    return `p50 ${us(percentile(sorted, 50))} p95 ${us(percentile(sorted, 95))}`.padEnd(24);
  };
  console.log(`${''.padEnd(34)} reference ${refFn ? spread(refTimes) : 'n/a'.padEnd(24)} tessera ${spread(mineTimes)}`);
  return result;
}

function diffSummary(a, b) {
  if (a === b) return 'identical';
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `differ at ${i} (lengths ${a.length} / ${b.length}): reference ${JSON.stringify(a.slice(i, i + 80))} / tessera ${JSON.stringify(b.slice(i, i + 80))}`;
}

function refRender(ref, code, json, partials, cldr) {
  const compiler = new ref.Compiler();
  return compiler.execute({ code, json, partials, cldr, enableExpr: true, enableInclude: true }).ctx.render();
}

// CLDR data for the reference, when PHENSLEY_CLDR names an installed @phensley/cldr ~1.14 (as for
// bench/fidelity.js): then the formatted grid is formatted by both engines and compared.
function referenceCldr(locale) {
  const dir = process.env.PHENSLEY_CLDR;
  if (!dir) return undefined;
  const cldr = require(dir);
  const framework = new cldr.CLDRFramework({ loader: (lang) => fs.readFileSync(path.join(dir, 'packs', `${lang}.json`), 'utf8') });
  return framework.get(locale);
}

const ref = loadReference();
if (!ref) console.log('note: @squarespace/template-engine is not installed; only Tessera figures are shown');
const results = {};

const fixtures = findFixtures();
if (!fixtures) {
  console.log('note: ../shared/bench/jsont not found; the wright benchmarks are skipped');
} else {
  const source = fs.readFileSync(path.join(fixtures, 'wright.html'), 'utf8');
  const partials = JSON.parse(fs.readFileSync(path.join(fixtures, 'wright-partials.json'), 'utf8'));
  const data = JSON.parse(fs.readFileSync(path.join(fixtures, 'wright.json'), 'utf8'));
  const partialSources = Object.values(partials);

  const template = engine.compile(source);
  const mine = template.render(data, { partials });
  if (template.errors.length + mine.errors.length > 0) {
    console.log('tessera errors:', [...template.errors, ...mine.errors].map((e) => e.message).join('; '));
  }
  let refCode;
  if (ref) {
    refCode = new ref.Compiler().parse(source).code;
    console.log(`wright output: ${diffSummary(refRender(ref, refCode, data, partials), mine.output)} (${mine.output.length} characters)`);
  }

  // Each engine object is made once and reused, as a server would.
  const compiler = ref && new ref.Compiler();
  results.compile = compare(
    'compile wright.html + 5 partials',
    ref &&
      (() => {
        compiler.parse(source);
        for (const p of partialSources) compiler.parse(p);
      }),
    () => {
      engine.compile(source);
      for (const p of partialSources) engine.compile(p);
    },
  );
  // A new template compiled and rendered once, as after a theme developer's edit or at a server's first
  // request: compilation, then the first render, which for Tessera includes building the closures of what
  // it runs. The partials are compiled beforehand by both engines (Tessera keeps them by source; the
  // reference is given their parsed code), so both do the same work: the template's.
  const firstCompiler = ref && new ref.Compiler();
  const parsedPartials = ref && Object.fromEntries(Object.entries(partials).map(([name, text]) => [name, firstCompiler.parse(text).code]));
  if (ref) {
    const out = firstCompiler.execute({ code: refCode, json: data, partials: parsedPartials, enableExpr: true, enableInclude: true }).ctx.render();
    if (out !== mine.output) console.log(`compile + first render output: ${diffSummary(out, mine.output)}`);
  }
  results.compileRender = compare(
    'compile + first render',
    ref &&
      (() => {
        const code = firstCompiler.parse(source).code;
        firstCompiler.execute({ code, json: data, partials: parsedPartials, enableExpr: true, enableInclude: true }).ctx.render();
      }),
    () => engine.compile(source).render(data, { partials }).output,
  );
  const refCompiler = ref && new ref.Compiler();
  results.wright = compare(
    'render wright.html (compiled)',
    ref && (() => refCompiler.execute({ code: refCode, json: data, partials, enableExpr: true, enableInclude: true }).ctx.render()),
    () => template.render(data, { partials }).output,
  );
  results.wright.renderOnce = () => template.render(data, { partials });
}

// The grids: the plain one writes prices the data carries as text; the formatted one formats every price
// with money, dates with date and datetime, ratings with decimal and counts with pluralize, as a shop's
// product list does, in the site's locale.
const grid = gridData(200);
const GRID_LOCALE = 'en-US';

function gridBench(label, file, options, note, cldr) {
  const source = fs.readFileSync(path.join(here, file), 'utf8');
  const template = engine.compile(source);
  const mine = template.render(grid, options);
  if (template.errors.length + mine.errors.length > 0) {
    console.log('tessera errors:', [...template.errors, ...mine.errors].map((e) => e.message).join('; '));
  }
  let code;
  if (ref) {
    code = new ref.Compiler().parse(source).code;
    const theirs = refRender(ref, code, grid, {}, cldr);
    console.log(`${label} output: ${cldr ? diffSummary(theirs, mine.output) : (note ?? diffSummary(theirs, mine.output))} (${mine.output.length} characters)`);
  }
  const compiler = ref && new ref.Compiler();
  const result = compare(
    `render ${label} (compiled)`,
    ref && (() => compiler.execute({ code, json: grid, partials: {}, cldr, enableExpr: true, enableInclude: true }).ctx.render()),
    () => template.render(grid, options).output,
  );
  return { ...result, template };
}

results.grid = gridBench('200-product grid', 'product-grid.html', {});
// Without CLDR data (PHENSLEY_CLDR unset; it is not a dependency) the reference's money, datetime and
// decimal write nothing: its figure leaves that work out, and the ratio understates Tessera's.
results.formatted = gridBench(
  'formatted grid',
  'product-grid-formatted.html',
  { locale: GRID_LOCALE },
  'not compared (the reference writes nothing for money, datetime and decimal without CLDR data: set PHENSLEY_CLDR)',
  referenceCldr(GRID_LOCALE),
);

// Goals: compile at least 2x the reference's operations per second, render wright at least 6x, and each
// grid at least 3x.
if (ref) {
  const line = (label, r, goal) =>
    r && console.log(`${label.padEnd(10)} ${(r.mine / r.ref).toFixed(2)}x (goal ${goal}x) ${r.mine / r.ref >= goal ? 'met' : 'NOT met'}`);
  console.log('');
  line('compile', results.compile, 2);
  if (results.compileRender) console.log(`${'  (+render)'.padEnd(10)} ${(results.compileRender.mine / results.compileRender.ref).toFixed(2)}x`);
  line('render', results.wright, 6);
  line('grid', results.grid, 3);
  line('formatted', results.formatted, 3);
}

// Memory: the heap after a full GC must not grow with the number of renders of one compiled template.
if (typeof globalThis.gc !== 'function') {
  console.log('\nnote: run node with --expose-gc (npm run bench does) for the memory check');
} else {
  const gc = globalThis.gc;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const mb = (n) => `${(n / 1048576).toFixed(2)} MB`;
  // The formatted grid goes round a few locales and time zones, so that the formatting caches (one entry per
  // locale and options, per zone) fill during the warm-up and must then stay as they are.
  const variants = [
    { locale: 'en-US', timeZone: 'America/New_York' },
    { locale: 'fr-FR', timeZone: 'Europe/Paris' },
    { locale: 'de-DE', timeZone: 'Europe/Berlin' },
    { locale: 'ja-JP', timeZone: 'Asia/Tokyo' },
  ];
  const checks = [
    ...(results.wright ? [['wright', results.wright.renderOnce]] : []),
    ['grid', () => results.grid.template.render(grid)],
    ['formatted grid', (i) => results.formatted.template.render(grid, variants[i % variants.length])],
  ];
  let grew = false;
  for (const [label, renderOnce] of checks) {
    console.log(`\nmemory: ${MEMORY_RENDERS.toLocaleString('en-US')} renders of the compiled ${label} template`);
    for (let i = 0; i < 1000; i++) renderOnce(i);
    const start = heap();
    const samples = [];
    const step = MEMORY_RENDERS / 5;
    for (let i = 1; i <= MEMORY_RENDERS; i++) {
      renderOnce(i);
      if (i % step === 0) samples.push(heap());
    }
    const end = samples[samples.length - 1];
    console.log(`heap after GC: start ${mb(start)}, then ${samples.map(mb).join(', ')}`);
    const flat = end - start <= MEMORY_LIMIT_MB * 1048576;
    grew ||= !flat;
    console.log(
      `growth: ${mb(end - start)} over ${MEMORY_RENDERS.toLocaleString('en-US')} renders (${((end - start) / MEMORY_RENDERS).toFixed(2)} bytes per render): ${flat ? 'flat' : `GROWS (limit ${MEMORY_LIMIT_MB} MB)`}`,
    );
  }
  if (grew) process.exitCode = 1;
}
