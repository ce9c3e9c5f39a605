// Stage 4: turn the syntax tree into closures. Each node becomes one `Exec` function that captures
// everything it needs (resolved paths, formatter functions, arguments), so rendering does no lookups by
// name and no dispatch on node kinds. The closures hold no per-render state: that lives in RenderState
// and in the frames, so one compiled template serves any number of concurrent renders.
//
// Bodies are compiled lazily: a block's body (and its `.or` chain, its alternates, a macro's body, the
// template's own body) becomes closures when it first runs. Compiling a template is then only parsing,
// the first render pays for the closures of what it executes, once, and a branch no data ever takes
// costs nothing. The lazy closure replaces itself in the variable its block calls through, so later
// renders call the compiled body directly. Compiling a body is pure and reports nothing (every syntax
// error was reported while parsing), so two renders racing to compile one body just build equal closures.

import { runtimeErrors } from '../errors.js';
import { evaluate, type ExprEnv } from '../expr/evaluate.js';
import type { FormatterTable, PredicateTable } from '../plugins/types.js';
import { Frame } from '../runtime/frame.js';
import { compileResolver, compileSectionResolver, type Resolver } from '../runtime/resolve.js';
import { Abort, type Exec, type RenderState, type Unit } from '../runtime/state.js';
import { internalize, isTruthy, toText } from '../runtime/values.js';
import type * as N from '../syntax/nodes.js';

export interface CompileContext {
  readonly formatters: FormatterTable;
  readonly predicates: PredicateTable;
  /** The partial being compiled (undefined for a template), recorded on its macros for error positions. */
  readonly unitName: string | undefined;
}

type Test = (s: RenderState, f: Frame) => boolean;
/** A formatter chain: from the value of the first variable (the others, if any, set on the state) to the result. */
type Chain = (s: RenderState, f: Frame, first: unknown) => unknown;

const NOOP: Exec = () => {};

/** A body as an Exec that compiles it when first called (see the top of this file). */
export function lazyBody(nodes: readonly N.Node[], cx: CompileContext): Exec {
  if (nodes.length === 0) return NOOP;
  let exec: Exec | null = null;
  return (s, f) => (exec ??= compileBody(nodes, cx))(s, f);
}

function compileBody(nodes: readonly N.Node[], cx: CompileContext): Exec {
  const fns: Exec[] = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) fns[i] = compileNode(nodes[i], cx);
  switch (fns.length) {
    case 0:
      return NOOP;
    case 1:
      return fns[0];
    case 2: {
      const [a, b] = fns;
      return (s, f) => {
        a(s, f);
        b(s, f);
      };
    }
    case 3: {
      const [a, b, c] = fns;
      return (s, f) => {
        a(s, f);
        b(s, f);
        c(s, f);
      };
    }
    default: {
      const n = fns.length;
      return (s, f) => {
        for (let i = 0; i < n; i++) fns[i](s, f);
      };
    }
  }
}

function compileNode(node: N.Node, cx: CompileContext): Exec {
  switch (node.kind) {
    case 'text': {
      const t = node.text;
      return (s) => s.emit(t);
    }
    case 'variable':
      return compileVariable(node, cx);
    case 'section':
      return compileSection(node, cx);
    case 'repeated':
      return compileRepeated(node, cx);
    case 'predicate':
      return compileTestBlock(compilePredicate(node.call, cx, node), node, cx);
    case 'if':
      return compileTestBlock(compileCondition(node.condition, cx, node), node, cx);
    case 'bindvar':
      return compileBindVar(node, cx);
    case 'ctx':
      return compileCtx(node);
    case 'macro':
      return compileMacro(node, cx);
    case 'eval':
      return compileEval(node);
    case 'include':
      return compileInclude(node);
    case 'inject':
      return compileInject(node);
  }
}

function compileVariable(node: N.VariableNode, cx: CompileContext): Exec {
  const loc: N.Loc = node;
  if (node.formatters.length === 0) {
    const r = compileResolver(node.vars[0]);
    return (s, f) => {
      s.step(loc);
      const v = r(f);
      if (v !== undefined && v !== null) s.emit(typeof v === 'string' ? v : toText(v));
    };
  }
  const chain = compileChain(node.formatters, cx, loc);
  if (node.vars.length === 1) {
    const r = compileResolver(node.vars[0]);
    return (s, f) => {
      s.step(loc);
      const first = r(f);
      s.setValue(first);
      const v = chain(s, f, first);
      if (v !== undefined && v !== null) s.emit(typeof v === 'string' ? v : toText(v));
    };
  }
  const resolvers = node.vars.map(compileResolver);
  return (s, f) => {
    s.step(loc);
    const values = resolvers.map((r) => r(f));
    s.setValues(values);
    const v = chain(s, f, values[0]);
    if (v !== undefined && v !== null) s.emit(typeof v === 'string' ? v : toText(v));
  };
}

function compileChain(calls: readonly N.FormatterCall[], cx: CompileContext, loc: N.Loc): Chain {
  const steps = calls.map((c) => ({ name: c.name, fn: cx.formatters[c.name], args: pluginArgs(c.args) }));
  const failed = (s: RenderState, name: string, e: unknown): undefined => {
    if (e instanceof Abort) throw e;
    s.loc = loc;
    s.report(runtimeErrors.instructionFailed(`formatter '${name}': ${describe(e)}`, loc));
    return undefined;
  };
  if (steps.length === 1) {
    const { name, fn, args } = steps[0];
    return (s, f, first) => {
      s.step(loc);
      s.frame = f;
      s.pluginName = name;
      try {
        return fn(first, args, s);
      } catch (e) {
        return failed(s, name, e);
      }
    };
  }
  return (s, f, first) => {
    let v = first;
    s.frame = f;
    for (let i = 0; i < steps.length; i++) {
      const st = steps[i];
      s.step(loc);
      s.pluginName = st.name;
      try {
        v = st.fn(v, st.args, s);
      } catch (e) {
        return failed(s, st.name, e);
      }
    }
    return v;
  };
}

function compilePredicate(call: N.PredicateCall, cx: CompileContext, loc: N.Loc): Test {
  const fn = cx.predicates[call.name];
  if (!call.known || fn === undefined) return () => false;
  const args = pluginArgs(call.args);
  const name = call.name;
  return (s, f) => {
    s.frame = f;
    s.setValue(f.node);
    s.pluginName = name;
    try {
      return fn(f.node, args, s) === true;
    } catch (e) {
      if (e instanceof Abort) throw e;
      s.report(runtimeErrors.instructionFailed(`predicate '${name}': ${describe(e)}`, loc));
      return false;
    }
  };
}

// `.if a || b && c`: operators apply left to right, and the answer is settled as soon as an `||` meets a
// true value or an `&&` a false one (so `t && f || t` is false), as the language evaluates them.
function compileCondition(cond: N.Condition, cx: CompileContext, loc: N.Loc): Test {
  if (cond.kind === 'predicate') return compilePredicate(cond.call, cx, loc);
  const rs: Resolver[] = cond.operands.map(compileResolver);
  const ops = cond.operators;
  if (rs.length === 1) {
    const r = rs[0];
    return (_s, f) => isTruthy(r(f));
  }
  return (_s, f) => {
    let result = isTruthy(rs[0](f));
    for (let i = 0; i < ops.length; i++) {
      if (ops[i] === '||') {
        result = result || isTruthy(rs[i + 1](f));
        if (result) return true;
      } else {
        result = result && isTruthy(rs[i + 1](f));
        if (!result) return false;
      }
    }
    return result;
  };
}

/** An `.or` branch and the ones after it (each compiled when first reached). */
function compileOr(or: N.OrBranch, cx: CompileContext): Exec {
  if (or.test === null) return compileBody(or.body, cx);
  let body: Exec = (s, f) => (body = compileBody(or.body, cx))(s, f);
  const test = compilePredicate(or.test, cx, or);
  const nextNode = or.next;
  let next: Exec | null = nextNode === null ? null : (s, f) => (next = compileOr(nextNode, cx))(s, f);
  const loc: N.Loc = or;
  return (s, f) => {
    s.step(loc);
    if (test(s, f)) body(s, f);
    else if (next !== null) next(s, f);
  };
}

function compileTestBlock(test: Test, node: N.PredicateNode | N.IfNode, cx: CompileContext): Exec {
  let body: Exec = (s, f) => (body = compileBody(node.body, cx))(s, f);
  const orNode = node.or;
  let or: Exec | null = orNode === null ? null : (s, f) => (or = compileOr(orNode, cx))(s, f);
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    if (test(s, f)) body(s, f);
    else if (or !== null) or(s, f);
  };
}

// A section always enters a frame on its value, even when the value is false or missing: the `.or`
// branch runs inside it (so `{.or even?}` tests the section's value).
function compileSection(node: N.SectionNode, cx: CompileContext): Exec {
  const r = compileSectionResolver(node.path);
  let body: Exec = (s, f) => (body = compileBody(node.body, cx))(s, f);
  const orNode = node.or;
  let or: Exec | null = orNode === null ? null : (s, f) => (or = compileOr(orNode, cx))(s, f);
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    const v = r(f);
    const frame = new Frame(v, f);
    if (isTruthy(v)) body(s, frame);
    else if (or !== null) or(s, frame);
  };
}

// Elements render in frames below a frame for the array itself (so `{0}` inside an element finds the
// array's first element when the element has no such key).
function compileRepeated(node: N.RepeatedNode, cx: CompileContext): Exec {
  const r = compileSectionResolver(node.path);
  let body: Exec = (s, f) => (body = compileBody(node.body, cx))(s, f);
  const alternateNodes = node.alternates;
  let alternates: Exec | null = alternateNodes === null ? null : (s, f) => (alternates = compileBody(alternateNodes, cx))(s, f);
  const orNode = node.or;
  let or: Exec | null = orNode === null ? null : (s, f) => (or = compileOr(orNode, cx))(s, f);
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    const v = r(f);
    if (!Array.isArray(v) || v.length === 0) {
      if (or !== null) or(s, f);
      return;
    }
    const list = new Frame(v, f);
    let previous: Frame | null = null;
    for (let i = 0; i < v.length; i++) {
      s.step(loc);
      // `.alternates with` runs between two elements, in the frame of the one before.
      if (previous !== null && alternates !== null) alternates(s, previous);
      const item = new Frame(v[i], list, i);
      body(s, item);
      previous = item;
    }
  };
}

function compileBindVar(node: N.BindVarNode, cx: CompileContext): Exec {
  const resolvers = node.vars.map(compileResolver);
  const chain = node.formatters.length > 0 ? compileChain(node.formatters, cx, node) : null;
  const name = internalize(node.name);
  const loc: N.Loc = node;
  // The usual `{.var @x path|formatter}`: one variable, no array per execution.
  if (resolvers.length === 1) {
    const r = resolvers[0];
    return (s, f) => {
      s.step(loc);
      const v = r(f);
      if (chain === null) f.setVar(name, v);
      else {
        s.setValue(v);
        f.setVar(name, chain(s, f, v));
      }
    };
  }
  return (s, f) => {
    s.step(loc);
    const values = resolvers.map((r) => r(f));
    if (chain !== null) s.setValues(values);
    f.setVar(name, chain === null ? values[0] : chain(s, f, values[0]));
  };
}

function compileCtx(node: N.CtxNode): Exec {
  const bindings = node.bindings.map(([k, p]) => [internalize(k), compileResolver(p)] as const);
  const name = internalize(node.name);
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    const obj: Record<string, unknown> = {};
    for (const [k, r] of bindings) {
      const v = r(f);
      obj[k] = v === undefined ? null : v;
    }
    f.setVar(name, obj);
  };
}

function compileMacro(node: N.MacroNode, cx: CompileContext): Exec {
  const unit: Unit = { exec: lazyBody(node.body, cx), errors: [], name: cx.unitName };
  const def = { name: internalize(node.name), unit };
  return (_s, f) => f.defineMacro(def.name, def);
}

function compileEval(node: N.EvalNode): Exec {
  const resolvers = new Map<N.VarPath, Resolver>();
  for (const op of node.program.ops) {
    if (op.op === 'load' && !resolvers.has(op.path)) resolvers.set(op.path, compileResolver(op.path));
  }
  const { program, source, valid } = node;
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    const env: ExprEnv = {
      load: (p) => (resolvers.get(p) ?? compileResolver(p))(f),
      assign: (name, v) => f.setVar(name, v),
      maxStringLength: s.limits.maxExprStringLength ?? s.limits.maxOutput,
    };
    const r = evaluate(program, env);
    if (!r.ok) {
      if (valid) s.report(runtimeErrors.exprReduce(`${source}: ${r.message}`, loc));
    } else if (r.emit && r.value !== null && r.value !== undefined) s.emit(toText(r.value));
  };
}

function compileInclude(node: N.IncludeNode): Exec {
  const { name, output } = node;
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    s.frame = f;
    const text = s.runNamed(name, undefined, false, undefined, f);
    if (output) s.emit(text);
  };
}

function compileInject(node: N.InjectNode): Exec {
  const name = internalize(node.name);
  const { file } = node;
  const loc: N.Loc = node;
  return (s, f) => {
    s.step(loc);
    const raw = Object.hasOwn(s.injects, file) ? s.injects[file] : undefined;
    if (typeof raw !== 'string') {
      s.report(runtimeErrors.injectMissing(file, loc));
      f.setVar(name, undefined);
      return;
    }
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // Not JSON: the injected text itself.
    }
    f.setVar(name, value);
  };
}

/**
 * The argument list a plugin receives on every render: frozen (a plugin must not change it) and made of
 * internalized strings, since plugins look arguments up (`ctx.resolveArg`, keys of the data).
 */
function pluginArgs(args: readonly string[]): readonly string[] {
  return args.length === 0 ? args : Object.freeze(args.map(internalize));
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
