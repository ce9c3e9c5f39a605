// Expression parser: the shunting-yard algorithm turns the tokens of one `.eval` into a reverse-Polish
// program. It is iterative, so deeply nested parentheses cost heap, never call stack.
//
// Precedence, tightest first (prefix operators bind tighter than `**`, so `-2 ** 2` is 4):
//   ! ~ - + (prefix)   **   * / %   + -   << >>   < <= > >=   == != === !==   &   ^   |   &&   ||   =
// `**` and `=` group to the right, everything else to the left. `,` and `;` end an expression (inside a
// function call they separate arguments); operands may also simply follow each other (`1 2 3`). All
// expressions share one value stack and the last value left on it is the result.
//
// After building the program, a pass over it counts stack depth: an operator without its operands or an
// assignment to something other than an @variable is reported here, as a syntax error with its position.

import { syntaxErrors, type Position, type TemplateError } from '../errors.js';
import {
  assignOp,
  binaryOp,
  callOp,
  constOp,
  loadOp,
  markOp,
  program,
  refOp,
  unaryOp,
  type BinaryOp,
  type ExprOp,
  type ExprProgram,
  type UnaryOp,
} from './nodes.js';
import { tokenize, type TokenizeLimits } from './tokenizer.js';

const BINARY: Record<string, { prec: number; right: boolean }> = {
  '=': { prec: 1, right: true },
  '||': { prec: 2, right: false },
  '&&': { prec: 3, right: false },
  '|': { prec: 4, right: false },
  '^': { prec: 5, right: false },
  '&': { prec: 6, right: false },
  '==': { prec: 7, right: false },
  '!=': { prec: 7, right: false },
  '===': { prec: 7, right: false },
  '!==': { prec: 7, right: false },
  '<': { prec: 8, right: false },
  '<=': { prec: 8, right: false },
  '>': { prec: 8, right: false },
  '>=': { prec: 8, right: false },
  '<<': { prec: 9, right: false },
  '>>': { prec: 9, right: false },
  '+': { prec: 10, right: false },
  '-': { prec: 10, right: false },
  '*': { prec: 11, right: false },
  '/': { prec: 11, right: false },
  '%': { prec: 11, right: false },
  '**': { prec: 12, right: true },
};
const UNARY_PREC = 13;
const PREFIX: Record<string, UnaryOp> = { '!': '!', '~': '~', '-': 'neg', '+': 'pos' };

type StackEntry =
  | { kind: 'binary'; op: string; at: number }
  | { kind: 'unary'; fn: UnaryOp; at: number }
  | { kind: 'paren'; at: number }
  | { kind: 'call'; name: string; at: number };

/**
 * `program` is absent when the expression cannot be read at all (bad token, unbalanced parentheses).
 * When only operands are missing, both are given: the error is reported at compile time and the program
 * still runs, up to the failing operator (so earlier assignments take effect, as the language does).
 */
export type ParseResult = { ok: true; program: ExprProgram; error?: TemplateError } | { ok: false; error: TemplateError };

export function parseExpression(src: string, base: number, posAt: (offset: number) => Position, limits: TokenizeLimits): ParseResult {
  const lexed = tokenize(src, base, posAt, limits);
  if (!lexed.ok) return lexed;
  const tokens = lexed.tokens;
  const out: ExprOp[] = [];
  const at: number[] = []; // source offset of each op, for the depth check's messages
  const stack: StackEntry[] = [];
  let expectOperand = true;
  const mismatch = (what: string, offset: number): ParseResult => ({ ok: false, error: syntaxErrors.exprMismatchedOperator(what, posAt(offset)) });
  const emit = (op: ExprOp, offset: number) => {
    out.push(op);
    at.push(offset);
  };
  const popOperator = (e: StackEntry): void => {
    if (e.kind === 'binary') emit(e.op === '=' ? assignOp() : binaryOp(e.op as BinaryOp), e.at);
    else if (e.kind === 'unary') emit(unaryOp(e.fn), e.at);
  };
  const isOpen = (e: StackEntry | undefined) => e !== undefined && (e.kind === 'paren' || e.kind === 'call');
  const flushToOpen = () => {
    while (stack.length > 0 && !isOpen(stack[stack.length - 1])) popOperator(stack.pop()!);
  };

  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k];
    switch (tok.t) {
      case 'num':
      case 'str':
      case 'const':
        emit(constOp(tok.value), tok.at);
        expectOperand = false;
        break;
      case 'path': {
        const next = tokens[k + 1];
        const assigned = next !== undefined && next.t === 'op' && next.op === '=';
        const isVar = tok.path.head === 'var' && tok.path.rest.length === 0;
        emit(assigned && isVar ? refOp(tok.path.name) : loadOp(tok.path), tok.at);
        expectOperand = false;
        break;
      }
      case 'fn':
        stack.push({ kind: 'call', name: tok.name, at: tok.at });
        emit(markOp(), tok.at);
        k++; // the '(' that the tokenizer saw right after the name
        expectOperand = true;
        break;
      case '(':
        stack.push({ kind: 'paren', at: tok.at });
        expectOperand = true;
        break;
      case ')': {
        flushToOpen();
        const e = stack.pop();
        if (e === undefined) return mismatch('right parenthesis without a left one', tok.at);
        if (e.kind === 'call') emit(callOp(e.name), e.at);
        expectOperand = false;
        break;
      }
      case ',':
      case ';':
        flushToOpen();
        expectOperand = true;
        break;
      case 'op': {
        const prefix = PREFIX[tok.op];
        // `!` and `~` are always prefix; `-` and `+` are prefix where an operand is expected.
        if (prefix !== undefined && (expectOperand || tok.op === '!' || tok.op === '~')) {
          stack.push({ kind: 'unary', fn: prefix, at: tok.at });
          expectOperand = true;
          break;
        }
        const info = BINARY[tok.op];
        for (;;) {
          const top = stack[stack.length - 1];
          if (top === undefined || isOpen(top)) break;
          const topPrec = top.kind === 'unary' ? UNARY_PREC : BINARY[(top as { op: string }).op].prec;
          if (topPrec > info.prec || (topPrec === info.prec && !info.right)) popOperator(stack.pop()!);
          else break;
        }
        stack.push({ kind: 'binary', op: tok.op, at: tok.at });
        expectOperand = true;
        break;
      }
    }
  }
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (isOpen(e)) return mismatch('left parenthesis is never closed', e.at);
    popOperator(e);
  }
  const depthError = checkDepth(out, at, posAt);
  return depthError === null ? { ok: true, program: program(out) } : { ok: true, program: program(out), error: depthError };
}

// Follows the program with a stack of "is this value an assignable reference" flags, so that every
// operand shortage is found before rendering.
function checkDepth(ops: readonly ExprOp[], at: readonly number[], posAt: (offset: number) => Position): TemplateError | null {
  const stack: ('value' | 'ref' | 'mark')[] = [];
  const fail = (what: string, i: number): TemplateError => syntaxErrors.exprMismatchedOperator(what, posAt(at[i]));
  const popValue = (): boolean => {
    const top = stack.pop();
    return top === 'value' || top === 'ref';
  };
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    switch (op.op) {
      case 'const':
      case 'load':
        stack.push('value');
        break;
      case 'ref':
        stack.push('ref');
        break;
      case 'mark':
        stack.push('mark');
        break;
      case 'unary':
        if (!popValue()) return fail(`operator '${symbol(op.fn)}' is missing its operand`, i);
        stack.push('value');
        break;
      case 'binary':
        if (!popValue() || !popValue()) return fail(`operator '${op.fn}' is missing an operand`, i);
        stack.push('value');
        break;
      case 'assign': {
        if (!popValue()) return fail("assignment '=' is missing its value", i);
        const target = stack.pop();
        if (target !== 'ref') return fail("only an @variable can be assigned with '='", i);
        break;
      }
      case 'call': {
        while (stack.length > 0 && stack[stack.length - 1] !== 'mark') stack.pop();
        stack.pop();
        stack.push('value');
        break;
      }
    }
  }
  return null;
}

const symbol = (fn: UnaryOp) => (fn === 'neg' ? '-' : fn === 'pos' ? '+' : fn);
