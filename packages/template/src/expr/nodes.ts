// Expressions of `{.eval ...}` compile to a reverse-Polish program: one flat, frozen list of tagged
// operations. Evaluating a flat list with an explicit stack needs no recursion, so an expression of any
// size or parenthesis depth can never overflow the JavaScript call stack.
//
// An instruction may hold several expressions (`{.eval @a = 2; @b = @a * 3; @b}`, or just `1 2 3`): they
// share one value stack, and the value on top at the end is the result.

import type { VarPath } from '../syntax/nodes.js';

export type UnaryOp = '!' | '~' | 'neg' | 'pos';
export type BinaryOp = '**' | '*' | '/' | '%' | '+' | '-' | '<<' | '>>' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '===' | '!==' | '&' | '^' | '|' | '&&' | '||';

export type ExprOp =
  | { readonly op: 'const'; readonly value: string | number | boolean | null }
  | { readonly op: 'load'; readonly path: VarPath }
  | { readonly op: 'ref'; readonly name: string }
  | { readonly op: 'unary'; readonly fn: UnaryOp }
  | { readonly op: 'binary'; readonly fn: BinaryOp }
  | { readonly op: 'assign' }
  /** Start of a function's arguments: the call takes every value pushed after it. */
  | { readonly op: 'mark' }
  | { readonly op: 'call'; readonly name: string };

export interface ExprProgram {
  readonly ops: readonly ExprOp[];
}

const freeze = Object.freeze;
export const constOp = (value: string | number | boolean | null): ExprOp => freeze({ op: 'const', value });
export const loadOp = (path: VarPath): ExprOp => freeze({ op: 'load', path });
export const refOp = (name: string): ExprOp => freeze({ op: 'ref', name });
export const unaryOp = (fn: UnaryOp): ExprOp => freeze({ op: 'unary', fn });
export const binaryOp = (fn: BinaryOp): ExprOp => freeze({ op: 'binary', fn });
export const assignOp = (): ExprOp => freeze({ op: 'assign' });
export const markOp = (): ExprOp => freeze({ op: 'mark' });
export const callOp = (name: string): ExprOp => freeze({ op: 'call', name });
export const program = (ops: readonly ExprOp[]): ExprProgram => freeze({ ops: freeze(ops.slice()) });
