// JSON-T fidelity: renders every template of a corpus folder with the wright site data in Tessera's engine
// and in the published reference engine, and counts the templates whose outputs are identical.
//
//   npx tsc -b packages/template && npm run bench:fidelity --workspace @tessera/template [-- <folder>] [--show <name>]
//
// The corpus defaults to bench/.corpus (ignored by git; bench/corpus.js says how it is assembled). Every file
// ending in .block, .list, .item, .region, .page or .html under it is one template; each renders with
// ../shared/bench/jsont/wright.json as data and wright-partials.json as partials, at one fixed "now".
//
// For the templates that differ it names the formatters and predicates to blame: both engines run with
// every plugin wrapped so that each call's result is recorded, and a plugin whose results differ between
// the engines (same calls, in order) is counted once per template. A template whose outputs differ while
// every plugin agrees is counted under "(engine)": syntax, sections, partials, the preprocessor.
// `--show <name>` prints the first difference of the templates whose path contains <name>.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createEngine, defaultFormatters, defaultPredicates } from '../dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const EXTENSIONS = ['.block', '.list', '.item', '.region', '.page', '.html'];
// A fixed "now" so that relative dates agree between the two runs (2020-01-01T00:00:00Z).
const NOW = 1577836800000;

const argv = process.argv.slice(2);
const showAt = argv.indexOf('--show');
const show = showAt >= 0 ? argv[showAt + 1] : undefined;
const positional = argv.filter((a, i) => !a.startsWith('--') && (showAt < 0 || i !== showAt + 1));
const corpusDir = path.resolve(positional[0] ?? path.join(here, '.corpus'));

// The shared fixtures sit beside the repository (or beside a worktree's parent); BENCH_JSONT overrides.
function findFixtures() {
  if (process.env.BENCH_JSONT) return process.env.BENCH_JSONT;
  const root = path.resolve(here, '../../..');
  for (const base of [path.dirname(root), path.dirname(path.dirname(root))]) {
    const dir = path.join(base, 'shared', 'bench', 'jsont');
    if (fs.existsSync(path.join(dir, 'wright.json'))) return dir;
  }
  return undefined;
}

function templatesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...templatesUnder(p));
    else if (EXTENSIONS.some((e) => entry.name.endsWith(e))) out.push(p);
  }
  return out.sort();
}

// What a plugin call leaves for the output, in one comparable form for both engines.
function shown(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return '[unprintable]';
  }
}

// Records every plugin call as name -> [results in call order], reset per template.
function recorder() {
  let calls = new Map();
  const record = (name, result) => {
    let list = calls.get(name);
    if (list === undefined) calls.set(name, (list = []));
    list.push(result);
  };
  return {
    record,
    take: () => {
      const c = calls;
      calls = new Map();
      return c;
    },
  };
}

function tesseraEngine(rec) {
  const formatters = Object.fromEntries(
    Object.entries(defaultFormatters).map(([name, fn]) => [
      name,
      (value, args, ctx) => {
        const result = fn(value, args, ctx);
        rec.record(name, shown(result));
        return result;
      },
    ]),
  );
  const predicates = Object.fromEntries(
    Object.entries(defaultPredicates).map(([name, fn]) => [
      name,
      (value, args, ctx) => {
        const result = fn(value, args, ctx);
        rec.record(name, String(result));
        return result;
      },
    ]),
  );
  return createEngine({ formatters, predicates });
}

function referenceCompiler(ref, rec) {
  // The reference engine runs only plugins that are instances of its own base classes.
  const formatters = Object.fromEntries(
    Object.entries(ref.Formatters).map(([name, impl]) => [
      name,
      Object.assign(Object.create(ref.Formatter.prototype), {
        apply(args, vars, ctx) {
          impl.apply(args, vars, ctx);
          rec.record(name, shown(vars[0].node.value));
        },
      }),
    ]),
  );
  const predicates = Object.fromEntries(
    Object.entries(ref.Predicates).map(([name, impl]) => [
      name,
      Object.assign(Object.create(ref.PredicatePlugin.prototype), {
        apply(args, ctx) {
          const result = impl.apply(args, ctx);
          rec.record(name, String(result));
          return result;
        },
      }),
    ]),
  );
  return new ref.Compiler({ formatters, predicates });
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 80);
  return { at: i, reference: a.slice(from, i + 160), tessera: b.slice(from, i + 160) };
}

function main() {
  const fixtures = findFixtures();
  if (fixtures === undefined) {
    console.log('fidelity: ../shared/bench/jsont not found (set BENCH_JSONT): nothing to compare');
    return;
  }
  let ref;
  try {
    ref = require('@squarespace/template-engine');
  } catch {
    console.log('fidelity: @squarespace/template-engine is not installed (a dev dependency): nothing to compare');
    return;
  }
  if (!fs.existsSync(corpusDir)) {
    console.log(`fidelity: no corpus at ${corpusDir}: see bench/corpus.js`);
    return;
  }
  const data = JSON.parse(fs.readFileSync(path.join(fixtures, 'wright.json'), 'utf8'));
  const partials = JSON.parse(fs.readFileSync(path.join(fixtures, 'wright-partials.json'), 'utf8'));

  const mineRec = recorder();
  const refRec = recorder();
  const engine = tesseraEngine(mineRec);
  const compiler = referenceCompiler(ref, refRec);

  const files = templatesUnder(corpusDir);
  const blame = new Map();
  const differing = [];
  let identical = 0;
  for (const file of files) {
    const name = path.relative(corpusDir, file);
    const source = fs.readFileSync(file, 'utf8');
    let expected;
    try {
      expected = compiler.execute({ code: source, json: data, partials, now: NOW, enableExpr: true, enableInclude: true }).ctx.render();
    } catch (e) {
      expected = `[reference threw: ${e.message}]`;
    }
    const refCalls = refRec.take();
    const actual = engine.render(source, data, { partials, now: NOW }).output;
    const mineCalls = mineRec.take();
    if (expected === actual) {
      identical++;
      continue;
    }
    const names = [];
    for (const key of new Set([...refCalls.keys(), ...mineCalls.keys()])) {
      const a = refCalls.get(key) ?? [];
      const b = mineCalls.get(key) ?? [];
      if (a.length !== b.length || a.some((v, i) => v !== b[i])) names.push(key);
    }
    if (names.length === 0) names.push('(engine)');
    for (const n of names) blame.set(n, (blame.get(n) ?? 0) + 1);
    differing.push({ name, names, expected, actual });
  }

  console.log(`JSON-T fidelity: ${identical}/${files.length} templates identical to the reference (${corpusDir})`);
  const top = [...blame.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (top.length > 0) {
    console.log('differences by formatter/predicate (templates):');
    for (const [n, count] of top) console.log(`  ${String(count).padStart(4)}  ${n}`);
    console.log('templates that differ:');
    for (const d of differing) console.log(`  ${d.name}: ${d.names.join(', ')}`);
  }
  if (show !== undefined) {
    for (const d of differing.filter((x) => x.name.includes(show))) {
      const diff = firstDifference(d.expected, d.actual);
      console.log(`\n== ${d.name} (first difference at ${diff.at})\n-- reference:\n${diff.reference}\n-- tessera:\n${diff.tessera}`);
    }
  }
}

main();
