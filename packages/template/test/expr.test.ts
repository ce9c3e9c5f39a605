// Unit tests of the expression engine: tokenizer, precedence (checked on the reverse-Polish output) and
// evaluation.

import { describe, expect, test } from 'vitest';
import { evaluate, type ExprEnv } from '../src/expr/evaluate.js';
import type { ExprOp } from '../src/expr/nodes.js';
import { parseExpression } from '../src/expr/parser.js';
import { tokenize } from '../src/expr/tokenizer.js';
import type { VarPath } from '../src/syntax/nodes.js';

const posAt = (offset: number) => ({ line: 1, column: offset + 1 });
const noLimits = { maxTokens: undefined, maxStringLength: undefined };

function rpn(src: string): string {
  const r = parseExpression(src, 0, posAt, noLimits);
  if (!r.ok) throw new Error(r.error.message);
  return r.program.ops.map(show).join(' ');
}

function show(op: ExprOp): string {
  switch (op.op) {
    case 'const':
      return JSON.stringify(op.value);
    case 'load':
      return op.path.text;
    case 'ref':
      return `&${op.name}`;
    case 'unary':
      return op.fn;
    case 'binary':
      return op.fn;
    case 'assign':
      return '=';
    case 'mark':
      return '[';
    case 'call':
      return `${op.name}()`;
  }
}

function run(src: string, vars: Record<string, unknown> = {}, data: Record<string, unknown> = {}) {
  const r = parseExpression(src, 0, posAt, noLimits);
  if (!r.ok) throw new Error(r.error.message);
  const env: ExprEnv = {
    load: (p: VarPath) => (p.head === 'var' ? vars[p.name] : data[p.name]),
    assign: (name, v) => {
      vars[name] = v;
    },
    maxStringLength: 100,
  };
  return evaluate(r.program, env);
}

describe('expression tokenizer', () => {
  test('numbers, strings, paths, constants, functions and operators', () => {
    const r = tokenize('0x1F 2.5e1 "a\\x41" @v.k max( true === !', 0, posAt, noLimits);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.tokens.map((t) => t.t)).toEqual(['num', 'num', 'str', 'path', 'fn', '(', 'const', 'op', 'op']);
    expect(r.tokens.slice(0, 3).map((t) => ('value' in t ? t.value : null))).toEqual([31, 25, 'aA']);
  });

  test('errors carry the position of the offending character', () => {
    const r = tokenize('1 + "abc', 10, posAt, noLimits);
    expect(r).toMatchObject({ ok: false, error: { code: 'EXPR_UNTERMINATED_STRING', column: 15 } });
    expect(tokenize('1 $ 2', 0, posAt, noLimits)).toMatchObject({ ok: false, error: { code: 'EXPR_UNEXPECTED_CHAR', column: 3 } });
    expect(tokenize('"\\u12"', 0, posAt, noLimits)).toMatchObject({ ok: false, error: { code: 'EXPR_INVALID_ESCAPE', column: 2 } });
    expect(tokenize('foo(1)', 0, posAt, noLimits)).toMatchObject({ ok: false, error: { code: 'EXPR_UNKNOWN_FUNCTION' } });
  });

  test('limits on tokens and string length', () => {
    expect(tokenize('1 + 2 + 3', 0, posAt, { maxTokens: 4, maxStringLength: undefined })).toMatchObject({
      ok: false,
      error: { code: 'EXPR_TOO_MANY_TOKENS', column: 9 },
    });
    expect(tokenize('"abcdef"', 0, posAt, { maxTokens: undefined, maxStringLength: 5 })).toMatchObject({ ok: false, error: { code: 'EXPR_STRING_TOO_LONG' } });
  });
});

describe('expression parser', () => {
  test('precedence and associativity', () => {
    expect(rpn('1 + 2 * 3')).toBe('1 2 3 * +');
    expect(rpn('(1 + 2) * 3')).toBe('1 2 + 3 *');
    expect(rpn('2 ** 3 ** 2')).toBe('2 3 2 ** **');
    expect(rpn('-2 ** 2')).toBe('2 neg 2 **');
    expect(rpn('10 - 2 - 3')).toBe('10 2 - 3 -');
    expect(rpn('1 | 2 ^ 3 & 4')).toBe('1 2 3 4 & ^ |');
    expect(rpn('a < b == c')).toBe('a b < c ==');
    expect(rpn('a || b && c')).toBe('a b c && ||');
    expect(rpn('1 << 2 + 1')).toBe('1 2 1 + <<');
    expect(rpn('!a + 1')).toBe('a ! 1 +');
  });

  test('assignment targets, separators and function calls', () => {
    expect(rpn('@a = @b + 1; @a')).toBe('&@a @b 1 + = @a');
    expect(rpn('max(1, 2 + 3)')).toBe('[ 1 2 3 + max()');
    expect(rpn('1 2 3')).toBe('1 2 3');
  });

  test('unbalanced parentheses are errors; missing operands are errors with a runnable program', () => {
    expect(parseExpression('(1', 0, posAt, noLimits)).toMatchObject({ ok: false, error: { code: 'EXPR_MISMATCHED_OPERATOR' } });
    expect(parseExpression('1)', 0, posAt, noLimits)).toMatchObject({ ok: false, error: { code: 'EXPR_MISMATCHED_OPERATOR' } });
    const r = parseExpression('@w = 6; 1 +', 0, posAt, noLimits);
    expect(r).toMatchObject({ ok: true, error: { code: 'EXPR_MISMATCHED_OPERATOR', column: 11 } });
    expect(parseExpression('x = 1', 0, posAt, noLimits)).toMatchObject({ ok: true, error: { code: 'EXPR_MISMATCHED_OPERATOR' } });
  });

  test('deep parentheses cost no call stack', () => {
    const n = 100_000;
    const r = parseExpression('('.repeat(n) + '1' + ')'.repeat(n), 0, posAt, noLimits);
    expect(r.ok).toBe(true);
  });
});

describe('expression evaluation', () => {
  test('JavaScript semantics on primitives', () => {
    expect(run('5 + "-6.5"')).toEqual({ ok: true, value: '5-6.5', emit: true });
    expect(run('"5" * "2"')).toMatchObject({ value: 10 });
    expect(run('1 == "1"')).toMatchObject({ value: true });
    expect(run('null == 0')).toMatchObject({ value: false });
    expect(run('0 || "x"')).toMatchObject({ value: true });
    expect(run('5 % -4')).toMatchObject({ value: 1 });
    expect(run('~1')).toMatchObject({ value: -2 });
  });

  test('the last value is the result; a final assignment writes nothing', () => {
    expect(run('1 2 3')).toMatchObject({ value: 3, emit: true });
    const vars: Record<string, unknown> = {};
    expect(run('@a = 2; @b = @a * 3', vars)).toMatchObject({ ok: true, emit: false });
    expect(vars).toEqual({ '@a': 2, '@b': 6 });
  });

  test('missing values read as null; objects load but do not combine', () => {
    expect(run('@nothing + 1')).toMatchObject({ value: 1 });
    expect(run('o', {}, { o: { k: 1 } })).toMatchObject({ value: { k: 1 } });
    expect(run('o + 1', {}, { o: { k: 1 } })).toMatchObject({ ok: false });
  });

  test('functions', () => {
    expect(run('min(3, 1, 2)')).toMatchObject({ value: 1 });
    expect(run('max(1 "7")')).toMatchObject({ value: 7 });
    expect(run('num("0x10") + abs(-1)')).toMatchObject({ value: 17 });
    expect(run('str(1) + bool(0)')).toMatchObject({ value: '1false' });
    expect(run('max()')).toMatchObject({ ok: false });
  });

  test('strings built by + are bounded', () => {
    expect(run('@s = "abcdefghij"; @s = @s + @s; @s = @s + @s; @s = @s + @s; @s = @s + @s')).toMatchObject({ ok: false });
  });

  test('an operator short of operands stops the program after what ran before', () => {
    const vars: Record<string, unknown> = {};
    expect(run('@w = 6; 1 +', vars)).toMatchObject({ ok: false });
    expect(vars['@w']).toBe(6);
  });
});
