// The syntax tree: plain, readonly, tagged data made by the small factories below. The compiler reads it
// (each body when it first runs) and nothing changes it. Freezing every node while parsing would cost
// about a tenth of compile time, so factories only build; `deepFreeze` freezes a finished tree once, when
// it is handed out (Template.ast).
// Plugin argument lists are frozen by the compiler, since plugins receive them on every render.

import type { ExprProgram } from '../expr/nodes.js';

/**
 * Where an instruction starts in the template source (1-based). Nodes carry `line` and `column`
 * themselves, so a node is its own Loc (no separate position object per instruction).
 */
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
  readonly line: number;
  readonly column: number;
}

export interface TextNode {
  readonly kind: 'text';
  readonly text: string;
}
export interface VariableNode {
  readonly kind: 'variable';
  readonly vars: readonly VarPath[];
  readonly formatters: readonly FormatterCall[];
  readonly line: number;
  readonly column: number;
}
export interface SectionNode {
  readonly kind: 'section';
  readonly path: VarPath;
  readonly body: readonly Node[];
  readonly or: OrBranch | null;
  readonly line: number;
  readonly column: number;
}
export interface RepeatedNode {
  readonly kind: 'repeated';
  readonly path: VarPath;
  readonly body: readonly Node[];
  readonly alternates: readonly Node[] | null;
  readonly or: OrBranch | null;
  readonly line: number;
  readonly column: number;
}
export interface PredicateNode {
  readonly kind: 'predicate';
  readonly call: PredicateCall;
  readonly body: readonly Node[];
  readonly or: OrBranch | null;
  readonly line: number;
  readonly column: number;
}
export interface IfNode {
  readonly kind: 'if';
  readonly condition: Condition;
  readonly body: readonly Node[];
  readonly or: OrBranch | null;
  readonly line: number;
  readonly column: number;
}
export interface BindVarNode {
  readonly kind: 'bindvar';
  readonly name: string;
  readonly vars: readonly VarPath[];
  readonly formatters: readonly FormatterCall[];
  readonly line: number;
  readonly column: number;
}
export interface CtxNode {
  readonly kind: 'ctx';
  readonly name: string;
  readonly bindings: readonly (readonly [string, VarPath])[];
  readonly line: number;
  readonly column: number;
}
export interface MacroNode {
  readonly kind: 'macro';
  readonly name: string;
  readonly body: readonly Node[];
  readonly line: number;
  readonly column: number;
}
/** `valid` is false when the expression lacks operands (already reported as a syntax error). */
export interface EvalNode {
  readonly kind: 'eval';
  readonly source: string;
  readonly program: ExprProgram;
  readonly valid: boolean;
  readonly line: number;
  readonly column: number;
}
export interface IncludeNode {
  readonly kind: 'include';
  readonly name: string;
  readonly output: boolean;
  readonly line: number;
  readonly column: number;
}
export interface InjectNode {
  readonly kind: 'inject';
  readonly name: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | BindVarNode
  | CtxNode
  | MacroNode
  | EvalNode
  | IncludeNode
  | InjectNode;

export interface RootNode {
  readonly kind: 'root';
  readonly body: readonly Node[];
}

export const text = (value: string): TextNode => ({ kind: 'text', text: value });
export const variable = (vars: readonly VarPath[], formatters: readonly FormatterCall[], line: number, column: number): VariableNode => ({
  kind: 'variable',
  vars,
  formatters,
  line,
  column,
});
export const section = (path: VarPath, body: readonly Node[], or: OrBranch | null, line: number, column: number): SectionNode => ({
  kind: 'section',
  path,
  body,
  or,
  line,
  column,
});
export const repeated = (
  path: VarPath,
  body: readonly Node[],
  alternates: readonly Node[] | null,
  or: OrBranch | null,
  line: number,
  column: number,
): RepeatedNode => ({ kind: 'repeated', path, body, alternates, or, line, column });
export const predicate = (call: PredicateCall, body: readonly Node[], or: OrBranch | null, line: number, column: number): PredicateNode => ({
  kind: 'predicate',
  call,
  body,
  or,
  line,
  column,
});
export const ifBlock = (condition: Condition, body: readonly Node[], or: OrBranch | null, line: number, column: number): IfNode => ({
  kind: 'if',
  condition,
  body,
  or,
  line,
  column,
});
export const orBranch = (test: PredicateCall | null, body: readonly Node[], next: OrBranch | null, line: number, column: number): OrBranch => ({
  kind: 'or',
  test,
  body,
  next,
  line,
  column,
});
export const bindVar = (name: string, vars: readonly VarPath[], formatters: readonly FormatterCall[], line: number, column: number): BindVarNode => ({
  kind: 'bindvar',
  name,
  vars,
  formatters,
  line,
  column,
});
export const ctx = (name: string, bindings: readonly (readonly [string, VarPath])[], line: number, column: number): CtxNode => ({
  kind: 'ctx',
  name,
  bindings,
  line,
  column,
});
export const macro = (name: string, body: readonly Node[], line: number, column: number): MacroNode => ({ kind: 'macro', name, body, line, column });
export const evalNode = (source: string, program: ExprProgram, valid: boolean, line: number, column: number): EvalNode => ({
  kind: 'eval',
  source,
  program,
  valid,
  line,
  column,
});
export const include = (name: string, output: boolean, line: number, column: number): IncludeNode => ({ kind: 'include', name, output, line, column });
export const inject = (name: string, file: string, line: number, column: number): InjectNode => ({ kind: 'inject', name, file, line, column });
export const root = (body: readonly Node[]): RootNode => ({ kind: 'root', body });

// Paths, like every node, are readonly by type and frozen with the tree they are handed out in.
export const varPath = (head: VarPath['head'], name: string, rest: readonly string[], textValue: string): VarPath => ({ head, name, rest, text: textValue });
export const formatterCall = (name: string, args: readonly string[]): FormatterCall => ({ name, args });
export const predicateCall = (name: string, args: readonly string[], known: boolean): PredicateCall => ({ name, args, known });

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
