// Expressions of `{.eval ...}` compile to reverse-Polish programs: a flat, frozen list of tagged
// operations per expression. Evaluating a flat list with an explicit stack needs no recursion, so an
// expression of any size or parenthesis depth can never overflow the JavaScript call stack.

import type { VarPath } from '../syntax/nodes.js';

export type UnaryOp = '!' | '~' | 'neg' | 'pos';
export type BinaryOp =
  | '**' | '*' | '/' | '%' | '+' | '-' | '<<' | '>>'
  | '<' | '<=' | '>' | '>=' | '==' | '!=' | '===' | '!=='
  | '&' | '^' | '|' | '&&' | '||';

export type ExprOp =
  | { readonly op: 'const'; readonly value: string | number | boolean | null }
  | { readonly op: 'load'; readonly path: VarPath }
  | { readonly op: 'ref'; readonly name: string }
  | { readonly op: 'unary'; readonly fn: UnaryOp }
  | { readonly op: 'binary'; readonly fn: BinaryOp }
  | { readonly op: 'assign' }
  | { readonly op: 'call'; readonly name: string; readonly argc: number };

/** One `.eval` instruction: expressions separated by `,`, `;` or simple juxtaposition, evaluated in order. */
export interface ExprProgram {
  readonly exprs: readonly (readonly ExprOp[])[];
}

const freeze = Object.freeze;
export const constOp = (value: string | number | boolean | null): ExprOp => freeze({ op: 'const', value });
export const loadOp = (path: VarPath): ExprOp => freeze({ op: 'load', path });
export const refOp = (name: string): ExprOp => freeze({ op: 'ref', name });
export const unaryOp = (fn: UnaryOp): ExprOp => freeze({ op: 'unary', fn });
export const binaryOp = (fn: BinaryOp): ExprOp => freeze({ op: 'binary', fn });
export const assignOp = (): ExprOp => freeze({ op: 'assign' });
export const callOp = (name: string, argc: number): ExprOp => freeze({ op: 'call', name, argc });
export const program = (exprs: readonly (readonly ExprOp[])[]): ExprProgram =>
  freeze({ exprs: freeze(exprs.map((e) => freeze(e))) });
