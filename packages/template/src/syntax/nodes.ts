// The syntax tree: plain, readonly, tagged data made by the small factories below. The compiler reads it
// once and nothing mutates it. Freezing every node while parsing costs about a tenth of compile time, so
// factories only build; `deepFreeze` freezes a finished tree once, when it is handed out (Template.ast).
// Plugin argument lists are frozen by the lexer, since formatters receive them on every render.

import type { ExprProgram } from '../expr/nodes.js';

/** Where an instruction starts in the template source (1-based). */
export interface Loc {
  readonly line: number;
  readonly column: number;
}

/**
 * A variable reference such as `a.b.0`, `@`, `@index`, `@foo.bar`.
 * `head` says how the first segment resolves; `rest` are plain keys looked up inside the result.
 */
export interface VarPath {
  readonly head: 'node' | 'index' | 'index0' | 'var' | 'name';
  /** The first segment's key (for `var`, the variable name including `@`). */
  readonly name: string;
  readonly rest: readonly string[];
  /** The path as written, for messages and tooling. */
  readonly text: string;
}

export interface FormatterCall {
  readonly name: string;
  readonly args: readonly string[];
}

export interface PredicateCall {
  readonly name: string;
  readonly args: readonly string[];
  /** False when the name is not registered: reported at compile time, evaluates to false. */
  readonly known: boolean;
}

export type Condition =
  | { readonly kind: 'vars'; readonly operands: readonly VarPath[]; readonly operators: readonly ('||' | '&&')[] }
  | { readonly kind: 'predicate'; readonly call: PredicateCall };

/** `{.or}` (test null) or `{.or pred? args}` with its body and the next alternative. */
export interface OrBranch {
  readonly kind: 'or';
  readonly test: PredicateCall | null;
  readonly body: readonly Node[];
  readonly next: OrBranch | null;
  readonly loc: Loc;
}

export interface TextNode { readonly kind: 'text'; readonly text: string }
export interface VariableNode {
  readonly kind: 'variable'; readonly vars: readonly VarPath[]; readonly formatters: readonly FormatterCall[]; readonly loc: Loc;
}
export interface SectionNode {
  readonly kind: 'section'; readonly path: VarPath; readonly body: readonly Node[]; readonly or: OrBranch | null; readonly loc: Loc;
}
export interface RepeatedNode {
  readonly kind: 'repeated'; readonly path: VarPath; readonly body: readonly Node[];
  readonly alternates: readonly Node[] | null; readonly or: OrBranch | null; readonly loc: Loc;
}
export interface PredicateNode {
  readonly kind: 'predicate'; readonly call: PredicateCall; readonly body: readonly Node[]; readonly or: OrBranch | null; readonly loc: Loc;
}
export interface IfNode {
  readonly kind: 'if'; readonly condition: Condition; readonly body: readonly Node[]; readonly or: OrBranch | null; readonly loc: Loc;
}
export interface BindVarNode {
  readonly kind: 'bindvar'; readonly name: string; readonly vars: readonly VarPath[];
  readonly formatters: readonly FormatterCall[]; readonly loc: Loc;
}
export interface CtxNode {
  readonly kind: 'ctx'; readonly name: string; readonly bindings: readonly (readonly [string, VarPath])[]; readonly loc: Loc;
}
export interface MacroNode { readonly kind: 'macro'; readonly name: string; readonly body: readonly Node[]; readonly loc: Loc }
/** `valid` is false when the expression lacks operands (already reported as a syntax error). */
export interface EvalNode {
  readonly kind: 'eval'; readonly source: string; readonly program: ExprProgram; readonly valid: boolean; readonly loc: Loc;
}
export interface IncludeNode { readonly kind: 'include'; readonly name: string; readonly output: boolean; readonly loc: Loc }
export interface InjectNode { readonly kind: 'inject'; readonly name: string; readonly file: string; readonly loc: Loc }

export type Node =
  | TextNode | VariableNode | SectionNode | RepeatedNode | PredicateNode | IfNode
  | BindVarNode | CtxNode | MacroNode | EvalNode | IncludeNode | InjectNode;

export interface RootNode { readonly kind: 'root'; readonly body: readonly Node[] }

const freeze = Object.freeze;

export const text = (value: string): TextNode => ({ kind: 'text', text: value });
export const variable = (vars: readonly VarPath[], formatters: readonly FormatterCall[], loc: Loc): VariableNode =>
  ({ kind: 'variable', vars, formatters, loc });
export const section = (path: VarPath, body: readonly Node[], or: OrBranch | null, loc: Loc): SectionNode =>
  ({ kind: 'section', path, body, or, loc });
export const repeated = (
  path: VarPath, body: readonly Node[], alternates: readonly Node[] | null, or: OrBranch | null, loc: Loc,
): RepeatedNode => ({ kind: 'repeated', path, body, alternates, or, loc });
export const predicate = (call: PredicateCall, body: readonly Node[], or: OrBranch | null, loc: Loc): PredicateNode =>
  ({ kind: 'predicate', call, body, or, loc });
export const ifBlock = (condition: Condition, body: readonly Node[], or: OrBranch | null, loc: Loc): IfNode =>
  ({ kind: 'if', condition, body, or, loc });
export const orBranch = (test: PredicateCall | null, body: readonly Node[], next: OrBranch | null, loc: Loc): OrBranch =>
  ({ kind: 'or', test, body, next, loc });
export const bindVar = (name: string, vars: readonly VarPath[], formatters: readonly FormatterCall[], loc: Loc): BindVarNode =>
  ({ kind: 'bindvar', name, vars, formatters, loc });
export const ctx = (name: string, bindings: readonly (readonly [string, VarPath])[], loc: Loc): CtxNode =>
  ({ kind: 'ctx', name, bindings, loc });
export const macro = (name: string, body: readonly Node[], loc: Loc): MacroNode =>
  ({ kind: 'macro', name, body, loc });
export const evalNode = (source: string, program: ExprProgram, valid: boolean, loc: Loc): EvalNode =>
  ({ kind: 'eval', source, program, valid, loc });
export const include = (name: string, output: boolean, loc: Loc): IncludeNode =>
  ({ kind: 'include', name, output, loc });
export const inject = (name: string, file: string, loc: Loc): InjectNode => ({ kind: 'inject', name, file, loc });
export const root = (body: readonly Node[]): RootNode => ({ kind: 'root', body });

// Paths are cached and shared between templates, so they are frozen when made.
export const varPath = (head: VarPath['head'], name: string, rest: readonly string[], textValue: string): VarPath =>
  freeze({ head, name, rest: freeze(rest), text: textValue });
// Argument lists come frozen from the lexer (see intern.ts).
export const formatterCall = (name: string, args: readonly string[]): FormatterCall => ({ name, args });
export const predicateCall = (name: string, args: readonly string[], known: boolean): PredicateCall =>
  ({ name, args, known });

/** Freeze a tree and everything in it (once; already frozen parts are skipped). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  return value;
}
