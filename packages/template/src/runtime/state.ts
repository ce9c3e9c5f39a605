// The state of one render: output buffer, budgets, collected errors and the render options. It is also
// the PluginContext handed to formatters and predicates (one object per render, no allocation per call).

import { inPartial, runtimeErrors, type TemplateError } from '../errors.js';
import type { Limits } from '../limits.js';
import type { Loc } from '../syntax/nodes.js';
import type { ApplyOptions, PluginContext, PredicateTable, SnippetOptions } from '../plugins/types.js';
import { parsePath } from '../syntax/paths.js';
import { Frame, findMacro } from './frame.js';
import { compileResolver, type Resolver } from './resolve.js';

/** A compiled instruction or block: runs against the render state and the current frame. */
export type Exec = (s: RenderState, f: Frame) => void;

/** A compiled template, partial or snippet. */
export interface Unit {
  readonly exec: Exec;
  readonly errors: readonly TemplateError[];
  /** Partial name for error attribution; undefined for the main template. */
  readonly name: string | undefined;
}

/** What the engine provides to a render: partial and snippet compilation with caching. */
export interface UnitSource {
  partial(partials: Readonly<Record<string, string>>, name: string): Unit | undefined;
  snippet(source: string): Unit;
}

export interface RenderInit {
  readonly root: unknown;
  readonly limits: Limits;
  readonly units: UnitSource;
  readonly predicates: PredicateTable;
  readonly partials: Readonly<Record<string, string>>;
  readonly injects: Readonly<Record<string, string>>;
  readonly locale: string | undefined;
  readonly locales: Readonly<Record<string, string>>;
  readonly timeZone: string;
  readonly now: number;
  readonly unitName: string | undefined;
  readonly holes?: (name: string, node: unknown) => string | undefined;
}

/** Thrown to stop rendering when a budget is exhausted; caught once, at the top of the render. */
export class Abort {
  constructor(readonly error: TemplateError) {}
}

const MAX_ERRORS = 1000;
const NO_LOC: Loc = { line: 1, column: 1 };

export class RenderState implements PluginContext {
  out = '';
  /** Characters already held by enclosing buffers (while a partial renders into its own). */
  private outBase = 0;
  steps = 0;
  depth = 0;
  readonly errors: TemplateError[] = [];
  /** The instruction being executed, for error positions. */
  loc: Loc = NO_LOC;
  /** Name of the partial whose code is running (undefined: the main template). */
  unitName: string | undefined;
  /** Current frame while a plugin runs. */
  frame: Frame;
  // The values of the instruction's variables while a plugin runs: usually one, kept without an array
  // until a plugin asks for `values`.
  private valueList: readonly unknown[] | null = null;
  private firstValue: unknown = undefined;
  pluginName = '';

  readonly root: unknown;
  readonly locale: string | undefined;
  readonly locales: Readonly<Record<string, string>>;
  readonly timeZone: string;
  readonly now: number;
  readonly limits: Limits;
  readonly injects: Readonly<Record<string, string>>;
  private readonly maxSteps: number;
  private readonly maxOutput: number;
  private readonly units: UnitSource;
  private readonly predicates: PredicateTable;
  private readonly partials: Readonly<Record<string, string>>;
  private readonly holes: RenderInit['holes'];

  constructor(init: RenderInit, top: Frame) {
    this.holes = init.holes;
    this.root = init.root;
    this.limits = init.limits;
    this.maxSteps = init.limits.maxSteps;
    this.maxOutput = init.limits.maxOutput;
    this.units = init.units;
    this.predicates = init.predicates;
    this.partials = init.partials;
    this.injects = init.injects;
    this.locale = init.locale;
    this.locales = init.locales;
    this.timeZone = init.timeZone;
    this.now = init.now;
    this.unitName = init.unitName;
    this.frame = top;
  }

  get node(): unknown {
    return this.frame.node;
  }

  get values(): readonly unknown[] {
    return (this.valueList ??= [this.firstValue]);
  }

  /** The instruction's variables for the plugins about to run: one value, or several. */
  setValue(value: unknown): void {
    this.valueList = null;
    this.firstValue = value;
  }

  setValues(values: readonly unknown[]): void {
    this.valueList = values;
    this.firstValue = values[0];
  }

  /** Count one instruction against the step budget. */
  step(loc: Loc): void {
    this.loc = loc;
    if (++this.steps > this.maxSteps) throw new Abort(this.located(runtimeErrors.stepLimit(this.maxSteps, loc)));
  }

  emit(text: string): void {
    const room = this.maxOutput - this.outBase - this.out.length;
    if (text.length <= room) {
      this.out += text;
      return;
    }
    this.out += text.slice(0, Math.max(0, room));
    throw new Abort(this.located(runtimeErrors.outputLimit(this.maxOutput, this.loc)));
  }

  /** Record an error once: the same error at the same place (in a loop, a recursion) is reported once. */
  report(error: TemplateError): void {
    if (this.errors.length >= MAX_ERRORS) return;
    const e = this.located(error);
    const key = `${e.code}|${e.partial ?? ''}|${e.line}|${e.column}|${e.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.errors.push(e);
  }

  private readonly seen = new Set<string>();

  private located(error: TemplateError): TemplateError {
    return this.unitName === undefined ? error : inPartial(error, this.unitName);
  }

  /**
   * Run `body` with its output captured in a fresh buffer and return that output. If a budget runs out
   * inside, what was captured is kept in the enclosing buffer so the final output shows it.
   */
  capture(unitName: string | undefined, body: () => void): string {
    const savedOut = this.out;
    const savedUnit = this.unitName;
    const savedFrame = this.frame;
    const savedList = this.valueList;
    const savedFirst = this.firstValue;
    this.outBase += savedOut.length;
    this.out = '';
    this.unitName = unitName;
    let completed = false;
    try {
      body();
      completed = true;
      return this.out;
    } finally {
      this.outBase -= savedOut.length;
      this.out = completed ? savedOut : savedOut + this.out;
      this.unitName = savedUnit;
      this.frame = savedFrame;
      this.valueList = savedList;
      this.firstValue = savedFirst;
    }
  }

  // ---- PluginContext ----

  resolve(path: string): unknown {
    return resolverFor(path)(this.frame);
  }

  resolveArg(arg: string): unknown {
    let parsed = args.get(arg);
    if (parsed === undefined) {
      const lit = parseLiteral(arg);
      parsed = lit !== NOT_LITERAL ? { literal: true, value: lit } : { literal: false, value: resolverFor(arg) };
      if (args.size > 10_000) args.clear();
      args.set(arg, parsed);
    }
    return parsed.literal ? parsed.value : (parsed.value as Resolver)(this.frame);
  }

  applyPartial(name: string, node: unknown, options?: ApplyOptions): string {
    const hole = this.holes?.(name, node);
    if (hole !== undefined) return hole;
    return this.runNamed(name, node, options?.private === true, options?.args, null);
  }

  /** Find a macro (inner frames first) or partial named `name`, reporting why when it cannot run. */
  findUnit(name: string): Unit | undefined {
    if (this.depth >= this.limits.maxPartialDepth) {
      this.report(runtimeErrors.partialDepth(this.limits.maxPartialDepth, this.loc));
      return undefined;
    }
    const macro = findMacro(this.frame, name);
    if (macro !== undefined) return macro.unit;
    const unit = this.units.partial(this.partials, name);
    if (unit === undefined) {
      this.report(runtimeErrors.partialMissing(name, this.loc));
      return undefined;
    }
    if (unit.errors.length > 0) {
      this.report(runtimeErrors.partialSyntax(name, unit.errors[0], this.loc));
      return undefined;
    }
    return unit;
  }

  /** Render a macro or partial in a new frame on `node` (apply) or, with `frame` given, in that frame (include). */
  runNamed(name: string, node: unknown, isPrivate: boolean, args: Readonly<Record<string, string>> | undefined, frame: Frame | null): string {
    const unit = this.findUnit(name);
    if (unit === undefined) return '';
    let target = frame;
    if (target === null) {
      target = new Frame(node, this.frame, -1, isPrivate);
      if (args !== undefined) target.setVar('@args', { ...args });
    }
    return this.runUnit(unit, target);
  }

  runUnit(unit: Unit, frame: Frame): string {
    this.depth++;
    try {
      return this.capture(unit.name, () => unit.exec(this, frame));
    } finally {
      this.depth--;
    }
  }

  renderSnippet(source: string, node: unknown, options?: SnippetOptions): string {
    const unit = this.units.snippet(source);
    if (unit.errors.length > 0) {
      this.report(runtimeErrors.partialSyntax('(snippet)', unit.errors[0], this.loc));
      return '';
    }
    const frame = new Frame(node, this.frame, -1, options?.private === true);
    if (options?.vars) for (const [k, v] of Object.entries(options.vars)) frame.setVar(k, v);
    const savedLoc = this.loc;
    try {
      return this.capture(this.unitName, () => unit.exec(this, frame));
    } finally {
      this.loc = savedLoc;
    }
  }

  predicate(name: string, args: readonly string[], node: unknown): boolean {
    const fn = Object.hasOwn(this.predicates, name) ? this.predicates[name] : undefined;
    if (fn === undefined) return false;
    const savedFrame = this.frame;
    const savedList = this.valueList;
    const savedFirst = this.firstValue;
    this.frame = new Frame(node, savedFrame);
    this.setValue(node);
    try {
      return fn(node, args, this) === true;
    } finally {
      this.frame = savedFrame;
      this.valueList = savedList;
      this.firstValue = savedFirst;
    }
  }

  error(message: string): void {
    this.report(runtimeErrors.plugin(this.pluginName, message, this.loc));
  }
}

const resolvers = new Map<string, Resolver>();
// Plugin arguments, read once: a literal's value or the resolver of a path.
const args = new Map<string, { literal: boolean; value: unknown }>();
const MISSING: Resolver = () => undefined;

function resolverFor(path: string): Resolver {
  let r = resolvers.get(path);
  if (r === undefined) {
    const parsed = parsePath(path);
    r = parsed === null ? MISSING : compileResolver(parsed);
    if (resolvers.size > 10_000) resolvers.clear();
    resolvers.set(path, r);
  }
  return r;
}

const NOT_LITERAL = Symbol('not a literal');
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A JSON literal argument (number, "string", true, false, null), or NOT_LITERAL. */
function parseLiteral(arg: string): unknown {
  if (arg === 'true') return true;
  if (arg === 'false') return false;
  if (arg === 'null') return null;
  if (NUMBER.test(arg)) return Number(arg);
  if (arg.length >= 2 && arg.charCodeAt(0) === 34 && arg.charCodeAt(arg.length - 1) === 34) {
    try {
      return JSON.parse(arg);
    } catch {
      return arg.slice(1, -1);
    }
  }
  return NOT_LITERAL;
}
