// The engine ties the stages together: parse (syntax/) -> compile to closures (compile/) -> execute
// (runtime/). An engine owns its plugin tables, its default limits and its caches of compiled partials
// and snippets; `createEngine` builds one with extra tables, and the package's `compile`/`render` use a
// default engine with the core tables.

import { isTimeZone } from '@tessera/core/zone';
import { lazyBody } from './compile/compiler.js';
import { runtimeErrors, type TemplateError } from './errors.js';
import { DEFAULT_LIMITS, resolveLimits, type Limits } from './limits.js';
import { defaultFormatters, defaultPredicates } from './plugins/index.js';
import type { FormatterTable, PredicateTable } from './plugins/types.js';
import { Frame } from './runtime/frame.js';
import { Abort, RenderState, type Unit, type UnitSource } from './runtime/state.js';
import { deepFreeze, type RootNode } from './syntax/nodes.js';
import { parse } from './syntax/parser.js';
import { firstPassSource, hasPreprocessInstructions } from './syntax/preprocess.js';

export interface EngineOptions {
  /** Extra formatters, merged over the core table (a name given here replaces the core one). */
  readonly formatters?: FormatterTable;
  /** Extra predicates, merged over the core table. */
  readonly predicates?: PredicateTable;
  /** Default limits for every template of this engine. */
  readonly limits?: Partial<Limits>;
}

export interface CompileOptions {
  /** Limits for this template (merged over the engine's). */
  readonly limits?: Partial<Limits>;
  /**
   * Whether `{^...}` instructions run in a first pass (default true; see syntax/preprocess.ts). False
   * compiles the template in one pass, where every `{^...}` is skipped, as the Java reference engine does
   * when its preprocessor is off.
   */
  readonly preprocess?: boolean;
}

export interface RenderOptions {
  /** Partial name -> template source, for `{x|apply name}` and `{.include name}`. */
  readonly partials?: Readonly<Record<string, string>>;
  /** Inject name -> content, for `{.inject @var name}` (JSON content is parsed). */
  readonly injects?: Readonly<Record<string, string>>;
  /** BCP 47 locale (default 'en'); null asks for no locale formatting. */
  readonly locale?: string | null;
  /**
   * Named locales, name -> BCP 47 tag (e.g. { user: 'es' }): a locale formatter given `locale:<name>`
   * (`{t|datetime locale:user}`) formats in that locale instead of `locale`; an unknown name is ignored.
   */
  readonly locales?: Readonly<Record<string, string>>;
  /** "Now" in epoch milliseconds for time-relative formatters (default: the clock). */
  readonly now?: number;
  /** IANA time zone (default: the data's website.timeZone, else America/New_York). */
  readonly timeZone?: string;
  /** Budgets for this render (merged over the template's limits). */
  readonly limits?: Partial<Limits>;
  /**
   * Partials left out of this render: called before a partial is applied (`{x|apply name}`); when it
   * answers a string, that string stands in the partial's place and the partial does not run. A server
   * keeps a rendered page with such holes and fills them for each visitor.
   */
  readonly holes?: (name: string, node: unknown) => string | undefined;
}

export interface RenderResult {
  readonly output: string;
  readonly errors: TemplateError[];
}

export interface Template {
  /** Syntax errors found while compiling (the template still renders what it could parse). */
  readonly errors: readonly TemplateError[];
  /** The immutable syntax tree, for tools. */
  readonly ast: RootNode;
  readonly limits: Limits;
  render(data: unknown, options?: RenderOptions): RenderResult;
}

export interface Engine {
  readonly formatters: FormatterTable;
  readonly predicates: PredicateTable;
  readonly limits: Limits;
  compile(source: string, options?: CompileOptions): Template;
  /** Compile and render in one call; the errors include the syntax errors. Compilations are cached by source. */
  render(source: string, data: unknown, options?: RenderOptions & CompileOptions): RenderResult;
  /**
   * The first pass only: runs the `{^...}` instructions over the data and answers the template they write
   * (every other instruction is text), which a two-pass render would then compile. A template without
   * `{^` answers itself.
   */
  preprocess(source: string, data: unknown, options?: RenderOptions & CompileOptions): RenderResult;
  /** How many partials and snippets this engine has compiled (each source is compiled once, then cached). */
  stats(): { readonly partialsCompiled: number; readonly snippetsCompiled: number };
}

export const DEFAULT_TIME_ZONE = 'America/New_York';
const DEFAULT_LOCALE = 'en';
const SOURCE_CACHE_SIZE = 256;
const hasOwn = Object.prototype.hasOwnProperty;

/** A small least-recently-used cache (Map keeps insertion order). */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.set(key, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as string);
  }
}

function zoneOf(data: unknown, option: string | undefined): string {
  if (typeof option === 'string' && isTimeZone(option)) return option;
  if (typeof data === 'object' && data !== null) {
    const website = (data as Record<string, unknown>).website;
    const zone = typeof website === 'object' && website !== null ? (website as Record<string, unknown>).timeZone : undefined;
    if (typeof zone === 'string' && isTimeZone(zone)) return zone;
  }
  return DEFAULT_TIME_ZONE;
}

/**
 * A template with preprocessor instructions (syntax/preprocess.ts): the first pass renders the `{^...}`
 * instructions, the second renders what they wrote, with the same data and options. The errors of both
 * passes are reported; the syntax tree is the first pass's.
 */
class TwoPassTemplate implements Template {
  readonly errors: readonly TemplateError[];
  readonly limits: Limits;
  readonly #first: Template;
  readonly #second: (source: string, limits: Limits) => Template;

  constructor(first: Template, second: (source: string, limits: Limits) => Template) {
    this.#first = first;
    this.#second = second;
    this.errors = first.errors;
    this.limits = first.limits;
    Object.freeze(this);
  }

  get ast(): RootNode {
    return this.#first.ast;
  }

  render(data: unknown, options?: RenderOptions): RenderResult {
    const first = this.#first.render(data, options);
    const second = this.#second(first.output, this.limits);
    const result = second.render(data, options);
    return { output: result.output, errors: [...first.errors, ...second.errors, ...result.errors] };
  }
}

const NO_ERRORS: readonly TemplateError[] = Object.freeze([]);

type RenderUnit = (unit: Unit, limits: Limits, data: unknown, opts?: RenderOptions) => RenderResult;

// A class rather than an object literal with a getter: literal accessors give every template its own hidden
// class, which made compiling several times slower.
class CompiledTemplate implements Template {
  readonly errors: readonly TemplateError[];
  readonly #unit: Unit & { ast: RootNode };
  readonly #render: RenderUnit;
  #frozenAst: RootNode | undefined;

  // Per-instance closures or accessors would also cost a hidden class each; `render` is a method.
  constructor(
    unit: Unit & { ast: RootNode },
    readonly limits: Limits,
    render: RenderUnit,
  ) {
    this.#unit = unit;
    this.#render = render;
    this.errors = unit.errors.length === 0 ? NO_ERRORS : Object.freeze(unit.errors.slice());
    Object.freeze(this);
  }

  render(data: unknown, options?: RenderOptions): RenderResult {
    return this.#render(this.#unit, this.limits, data, options);
  }

  /** Frozen on first use: freezing every node while compiling would slow compilation for nothing. */
  get ast(): RootNode {
    return this.#frozenAst ?? this.#freezeAst();
  }

  #freezeAst(): RootNode {
    // Private fields stay writable on a frozen object.
    this.#frozenAst = deepFreeze(this.#unit.ast);
    return this.#frozenAst;
  }
}

export function createEngine(options: EngineOptions = {}): Engine {
  const formatters: FormatterTable = Object.freeze({ ...defaultFormatters, ...options.formatters });
  const predicates: PredicateTable = Object.freeze({ ...defaultPredicates, ...options.predicates });
  const engineLimits = resolveLimits(DEFAULT_LIMITS, options.limits);
  // Maps: looking a freshly sliced name up in an object would make V8 internalize the string first.
  const formatterNames = new Map(Object.entries(formatters));
  const predicateNames = new Map(Object.entries(predicates));
  const tables = {
    hasFormatter: (name: string) => formatterNames.has(name),
    hasPredicate: (name: string) => predicateNames.has(name),
  };

  const compileUnit = (source: string, name: string | undefined, limits: Limits): Unit & { ast: RootNode } => {
    const parsed = parse(source, tables, limits);
    // Closures are built on first execution (see compile/compiler.ts): compiling is parsing.
    const exec = lazyBody(parsed.root.body, { formatters, predicates, unitName: name });
    return { exec, errors: parsed.errors, name, ast: parsed.root };
  };

  // Partials given as source compile once: per partials object (a WeakMap, so it goes when they do),
  // and by name and source across objects (bounded), since callers often rebuild the object per request.
  const byObject = new WeakMap<object, Map<string, Unit>>();
  const bySource = new Lru<Unit>(SOURCE_CACHE_SIZE);
  const snippets = new Lru<Unit>(SOURCE_CACHE_SIZE);
  const templates = new Lru<Template>(SOURCE_CACHE_SIZE);
  const preprocessed = new Lru<Template>(SOURCE_CACHE_SIZE);

  let partialsCompiled = 0;
  let snippetsCompiled = 0;
  const units: UnitSource = {
    partial(partials, name) {
      if (!hasOwn.call(partials, name)) return undefined;
      const source = partials[name];
      if (typeof source !== 'string') return undefined;
      let perObject = byObject.get(partials);
      if (perObject === undefined) {
        perObject = new Map();
        byObject.set(partials, perObject);
      }
      let unit = perObject.get(name);
      if (unit === undefined) {
        const key = `${name}\u0000${source}`;
        unit = bySource.get(key);
        if (unit === undefined) {
          unit = compileUnit(source, name, engineLimits);
          partialsCompiled++;
          bySource.set(key, unit);
        }
        perObject.set(name, unit);
      }
      return unit;
    },
    snippet(source) {
      let unit = snippets.get(source);
      if (unit === undefined) {
        unit = compileUnit(source, undefined, engineLimits);
        snippetsCompiled++;
        snippets.set(source, unit);
      }
      return unit;
    },
  };

  const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

  const renderUnit = (unit: Unit, limits: Limits, data: unknown, opts: RenderOptions = {}): RenderResult => {
    const runLimits = resolveLimits(limits, opts.limits);
    const top = new Frame(data, null);
    const s = new RenderState(
      {
        root: data,
        limits: runLimits,
        units,
        predicates,
        partials: opts.partials ?? EMPTY,
        injects: opts.injects ?? EMPTY,
        locale: opts.locale === null ? undefined : (opts.locale ?? DEFAULT_LOCALE),
        locales: opts.locales ?? EMPTY,
        timeZone: zoneOf(data, opts.timeZone),
        now: typeof opts.now === 'number' && Number.isFinite(opts.now) ? opts.now : Date.now(),
        unitName: undefined,
        holes: opts.holes,
      },
      top,
    );
    try {
      unit.exec(s, top);
    } catch (e) {
      if (e instanceof Abort) s.errors.push(e.error);
      else s.report(runtimeErrors.instructionFailed(e instanceof Error ? e.message : String(e), s.loc));
    }
    return { output: s.out, errors: s.errors };
  };

  const compileOnePass = (text: string, limits: Limits): Template => new CompiledTemplate(compileUnit(text, undefined, limits), limits, renderUnit);

  // The second pass of a preprocessed template compiles what the first pass wrote; renders that write the
  // same source share its compilation.
  const secondPass = (text: string, limits: Limits): Template => {
    const key = `${limits === engineLimits ? '' : JSON.stringify(limits)}\u0000${text}`;
    let template = preprocessed.get(key);
    if (template === undefined) {
      template = compileOnePass(text, limits);
      preprocessed.set(key, template);
    }
    return template;
  };

  const compile = (source: string, compileOptions?: CompileOptions): Template => {
    const text = typeof source === 'string' ? source : String(source ?? '');
    const limits = resolveLimits(engineLimits, compileOptions?.limits);
    if (compileOptions?.preprocess === false || !hasPreprocessInstructions(text)) return compileOnePass(text, limits);
    return new TwoPassTemplate(compileOnePass(firstPassSource(text), limits), secondPass);
  };

  return Object.freeze({
    formatters,
    predicates,
    limits: engineLimits,
    stats: () => ({ partialsCompiled, snippetsCompiled }),
    compile,
    render(source: string, data: unknown, opts?: RenderOptions & CompileOptions): RenderResult {
      const text = typeof source === 'string' ? source : String(source ?? '');
      const cached = opts?.limits === undefined && opts?.preprocess !== false;
      let template = cached ? templates.get(text) : undefined;
      if (template === undefined) {
        template = compile(text, opts);
        if (cached) templates.set(text, template);
      }
      const result = template.render(data, opts);
      return { output: result.output, errors: [...template.errors, ...result.errors] };
    },
    preprocess(source: string, data: unknown, opts?: RenderOptions & CompileOptions): RenderResult {
      const text = typeof source === 'string' ? source : String(source ?? '');
      if (!hasPreprocessInstructions(text)) return { output: text, errors: [] };
      const first = compileOnePass(firstPassSource(text), resolveLimits(engineLimits, opts?.limits));
      const result = first.render(data, opts);
      return { output: result.output, errors: [...first.errors, ...result.errors] };
    },
  });
}
