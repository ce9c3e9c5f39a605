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
//
// The reference formats numbers, money and dates only when it is given CLDR data (@phensley/cldr, its own
// development dependency, not installed here): set PHENSLEY_CLDR to the folder of an installed
// @phensley/cldr ~1.14 (e.g. `npm install @phensley/cldr@~1.14.0` in a scratch folder) and it runs with
// en-US; without it the reference writes those formatters empty and the comparison says so.
//
// `--cases <folder>`: the folder holds case files (:JSON, :TEMPLATE, :OUTPUT, optional :PARTIALS and
// :INJECT), as the Java reference engine's test resources are (bench/java-corpus.js fetches them): counts
// the cases each engine renders as :OUTPUT says (both outputs and :OUTPUT compared with surrounding white
// space trimmed). Their :PROPERTIES are read as the Java harness reads them: `now`; `locale`, a default
// locale and named ones (`en user:es other:de`, for formatters given `locale:user`); `preprocess`, true to
// compare the preprocessor's first pass only (the template it writes), false to compile without it.

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
const casesAt = argv.indexOf('--cases');
const casesDir = casesAt >= 0 ? path.resolve(argv[casesAt + 1] ?? path.join(here, '.corpus-java')) : undefined;
const positional = argv.filter((a, i) => !a.startsWith('--') && (showAt < 0 || i !== showAt + 1) && (casesAt < 0 || i !== casesAt + 1));
const corpusDir = path.resolve(positional[0] ?? path.join(here, '.corpus'));

// CLDR data for the reference engine, when an installed @phensley/cldr is named (see above).
function referenceCldr(locale = 'en-US') {
  const dir = process.env.PHENSLEY_CLDR;
  if (!dir) return undefined;
  const cldr = require(dir);
  const framework = new cldr.CLDRFramework({ loader: (lang) => fs.readFileSync(path.join(dir, 'packs', `${lang}.json`), 'utf8') });
  return framework.get(locale);
}

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
  const cldr = referenceCldr();
  console.log(
    cldr ? 'reference: with CLDR data (en-US)' : 'reference: without CLDR data (PHENSLEY_CLDR unset): its number, money and date formatters write nothing',
  );
  if (casesDir !== undefined) {
    countCases(ref, cldr);
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
      expected = compiler.execute({ code: source, json: data, partials, cldr, now: NOW, enableExpr: true, enableInclude: true }).ctx.render();
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

// Sections of a case file: lines `:NAME` start them.
function sections(text) {
  const out = {};
  let current;
  for (const line of text.split('\n')) {
    const m = /^:([A-Z]+)\s*$/.exec(line);
    if (m) out[(current = m[1])] = [];
    else if (current !== undefined) out[current].push(line);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.join('\n')]));
}

function properties(text) {
  const out = {};
  for (const line of (text ?? '').split('\n')) {
    // Java properties: a key, then `=` or `:`.
    const at = line.search(/[=:]/);
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

// `locale=en user:es other:de`: the default locale (en-US when none is given) and named ones.
function localeProperty(text) {
  let locale = 'en-US';
  const locales = {};
  for (const word of (text ?? '').split(/\s+/).filter((w) => w !== '')) {
    const colon = word.indexOf(':');
    if (colon > 0) locales[word.slice(0, colon)] = word.slice(colon + 1);
    else locale = word;
  }
  return { locale, locales };
}

function caseFilesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...caseFilesUnder(p));
    else if (entry.name.endsWith('.html')) out.push(p);
  }
  return out.sort();
}

function countCases(ref, cldr) {
  if (!fs.existsSync(casesDir)) {
    console.log(`fidelity: no case folder at ${casesDir}: see bench/java-corpus.js`);
    return;
  }
  const engine = createEngine({});
  const compiler = new ref.Compiler();
  let total = 0;
  let mine = 0;
  let theirs = 0;
  const failing = [];
  for (const file of caseFilesUnder(casesDir)) {
    const s = sections(fs.readFileSync(file, 'utf8'));
    if (s.TEMPLATE === undefined || s.OUTPUT === undefined) continue;
    let data;
    let partials;
    let injects;
    try {
      data = JSON.parse(s.JSON?.trim() ? s.JSON : '{}');
      partials = s.PARTIALS?.trim() ? JSON.parse(s.PARTIALS) : {};
      injects = s.INJECT?.trim() ? JSON.parse(s.INJECT) : {};
    } catch {
      continue;
    }
    total++;
    const expected = s.OUTPUT.trim();
    // The Java harness reads the `now` and `locale` properties of a :PROPERTIES section; both engines get them.
    const props = properties(s.PROPERTIES);
    const now = props.now !== undefined ? Number(props.now) : NOW;
    const { locale, locales } = localeProperty(props.locale);
    const refCldr = locale === 'en-US' ? cldr : referenceCldr(locale);
    let refOut;
    try {
      refOut = compiler.execute({ code: s.TEMPLATE, json: data, partials, cldr: refCldr, now, enableExpr: true, enableInclude: true }).ctx.render();
    } catch (e) {
      refOut = `[reference threw: ${e.message}]`;
    }
    let out;
    try {
      const options = { partials, injects, now, locale, locales };
      if (props.preprocess === 'true') out = engine.preprocess(s.TEMPLATE, data, options).output;
      else out = engine.render(s.TEMPLATE, data, { ...options, preprocess: props.preprocess !== 'false' }).output;
    } catch (e) {
      out = `[tessera threw: ${e.message}]`;
    }
    if (refOut.trim() === expected) theirs++;
    if (out.trim() === expected) mine++;
    else failing.push({ name: path.relative(casesDir, file), expected, actual: out.trim() });
  }
  console.log(`JSON-T cases: Tessera ${mine}/${total}, reference ${theirs}/${total} (${casesDir})`);
  for (const f of failing) {
    console.log(`  differs: ${f.name}`);
    if (show !== undefined && f.name.includes(show)) {
      const diff = firstDifference(f.expected, f.actual);
      console.log(`-- expected:\n${diff.reference}\n-- tessera:\n${diff.tessera}`);
    }
  }
}

main();
