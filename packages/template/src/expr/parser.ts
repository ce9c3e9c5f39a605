// Expression parser: the shunting-yard algorithm turns tokens into reverse-Polish programs, one per
// expression. It is iterative, so deeply nested parentheses cost heap, never call stack.
//
// Precedence, tightest first (unary operators bind tighter than `**`, so `-2 ** 2` is 4):
//   ! ~ - + (prefix)   **   * / %   + -   << >>   < <= > >=   == != === !==   &   ^   |   &&   ||   =
// `**` and `=` group to the right, everything else to the left.

import { syntaxErrors, type Position, type TemplateError } from '../errors.js';
import {
  assignOp, binaryOp, callOp, constOp, loadOp, program, refOp, unaryOp,
  type BinaryOp, type ExprOp, type ExprProgram, type UnaryOp,
} from './nodes.js';
import { tokenize, type ExprToken, type TokenizeLimits } from './tokenizer.js';

const BINARY: Record<string, { prec: number; right: boolean }> = {
  '=': { prec: 1, right: true },
  '||': { prec: 2, right: false },
  '&&': { prec: 3, right: false },
  '|': { prec: 4, right: false },
  '^': { prec: 5, right: false },
  '&': { prec: 6, right: false },
  '==': { prec: 7, right: false }, '!=': { prec: 7, right: false },
  '===': { prec: 7, right: false }, '!==': { prec: 7, right: false },
  '<': { prec: 8, right: false }, '<=': { prec: 8, right: false },
  '>': { prec: 8, right: false }, '>=': { prec: 8, right: false },
  '<<': { prec: 9, right: false }, '>>': { prec: 9, right: false },
  '+': { prec: 10, right: false }, '-': { prec: 10, right: false },
  '*': { prec: 11, right: false }, '/': { prec: 11, right: false }, '%': { prec: 11, right: false },
  '**': { prec: 12, right: true },
};
const UNARY_PREC = 13;
const PREFIX: Record<string, UnaryOp> = { '!': '!', '~': '~', '-': 'neg', '+': 'pos' };

type StackEntry =
  | { kind: 'binary'; op: string; at: number }
  | { kind: 'unary'; fn: UnaryOp; at: number }
  | { kind: 'paren'; at: number }
  | { kind: 'call'; name: string; at: number; args: number };

export type ParseResult = { ok: true; program: ExprProgram } | { ok: false; error: TemplateError };

export function parseExpression(
  src: string, base: number, posAt: (offset: number) => Position, limits: TokenizeLimits,
): ParseResult {
  const lexed = tokenize(src, base, posAt, limits);
  if (!lexed.ok) return lexed;
  const tokens = lexed.tokens;
  const exprs: ExprOp[][] = [];
  let out: ExprOp[] = [];
  const stack: StackEntry[] = [];
  let expectOperand = true;
  let open = 0; // parentheses and calls currently on the stack
  const mismatch = (what: string, at: number): ParseResult =>
    ({ ok: false, error: syntaxErrors.exprMismatchedOperator(what, posAt(at)) });

  const popOperator = (e: StackEntry): void => {
    if (e.kind === 'binary') out.push(e.op === '=' ? assignOp() : binaryOp(e.op as BinaryOp));
    else if (e.kind === 'unary') out.push(unaryOp(e.fn));
  };
  // Close the current expression at a separator or where one operand directly follows another.
  const finish = (at: number): ParseResult | null => {
    while (stack.length > 0) {
      const e = stack.pop()!;
      if (e.kind === 'paren' || e.kind === 'call') return mismatch('unclosed parenthesis', e.at);
      popOperator(e);
    }
    if (expectOperand && out.length > 0) return mismatch('operator without a right operand', at);
    if (out.length > 0) exprs.push(out);
    out = [];
    expectOperand = true;
    return null;
  };

  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k];
    const startsOperand = tok.t === 'num' || tok.t === 'str' || tok.t === 'const' || tok.t === 'path' || tok.t === 'fn' ||
      tok.t === '(' || (tok.t === 'op' && (tok.op === '!' || tok.op === '~'));
    if (!expectOperand && startsOperand && open === 0) {
      const err = finish(tok.at);
      if (err) return err;
    }
    switch (tok.t) {
      case 'num': case 'str': case 'const':
        if (!expectOperand) return mismatch('missing operator between operands', tok.at);
        out.push(constOp(tok.value));
        expectOperand = false;
        break;
      case 'path': {
        if (!expectOperand) return mismatch('missing operator between operands', tok.at);
        const next = tokens[k + 1];
        const assigned = next !== undefined && next.t === 'op' && next.op === '=';
        out.push(assigned && tok.path.head === 'var' && tok.path.rest.length === 0 ? refOp(tok.path.name) : loadOp(tok.path));
        expectOperand = false;
        break;
      }
      case 'fn':
        stack.push({ kind: 'call', name: tok.name, at: tok.at, args: 0 });
        open++;
        k++; // the '(' that the tokenizer saw right after the name
        expectOperand = true;
        break;
      case '(':
        if (!expectOperand) return mismatch('missing operator before parenthesis', tok.at);
        stack.push({ kind: 'paren', at: tok.at });
        open++;
        expectOperand = true;
        break;
      case ')': {
        let e = stack.pop();
        while (e && e.kind !== 'paren' && e.kind !== 'call') {
          popOperator(e);
          e = stack.pop();
        }
        if (!e) return mismatch('right parenthesis without a left one', tok.at);
        open--;
        if (e.kind === 'call') {
          const argc = expectOperand ? e.args : e.args + 1;
          if (expectOperand && e.args > 0) return mismatch('missing function argument', tok.at);
          out.push(callOp(e.name, argc));
        } else if (expectOperand) {
          break; // `()` is an empty group: it contributes no value
        }
        expectOperand = false;
        break;
      }
      case ',': case ';': {
        const top = findOpen(stack);
        if (top && top.kind === 'call' && tok.t === ',') {
          if (expectOperand) return mismatch('missing function argument', tok.at);
          while (stack[stack.length - 1] !== top) popOperator(stack.pop()!);
          top.args++;
          expectOperand = true;
          break;
        }
        if (top) return mismatch('separator inside parentheses', tok.at);
        const err = finish(tok.at);
        if (err) return err;
        break;
      }
      case 'op': {
        if (expectOperand) {
          const fn = PREFIX[tok.op];
          if (fn === undefined) return mismatch(`operator '${tok.op}' without a left operand`, tok.at);
          stack.push({ kind: 'unary', fn, at: tok.at });
          break;
        }
        const info = BINARY[tok.op];
        if (info === undefined) return mismatch(`operator '${tok.op}' used between operands`, tok.at);
        for (;;) {
          const top = stack[stack.length - 1];
          if (!top || top.kind === 'paren' || top.kind === 'call') break;
          const topPrec = top.kind === 'unary' ? UNARY_PREC : BINARY[top.op].prec;
          if (topPrec > info.prec || (topPrec === info.prec && !info.right)) popOperator(stack.pop()!);
          else break;
        }
        stack.push({ kind: 'binary', op: tok.op, at: tok.at });
        expectOperand = true;
        break;
      }
    }
  }
  const err = finish(src.length + base);
  if (err) return err;
  return { ok: true, program: program(exprs) };
}

function findOpen(stack: readonly StackEntry[]): StackEntry | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const e = stack[i];
    if (e.kind === 'paren' || e.kind === 'call') return e;
  }
  return undefined;
}

export type { ExprToken };
