// Expression tokenizer for `{.eval ...}`: numbers (decimal, exponent, hex), strings in single or double
// quotes with escapes, variable paths, constants, function names, operators and separators.

import { syntaxErrors, type Position, type TemplateError } from '../errors.js';
import { parsePath, pathLength, isDigit, isLetter } from '../syntax/paths.js';
import type { VarPath } from '../syntax/nodes.js';

type ExprToken =
  | { readonly t: 'num'; readonly value: number; readonly at: number }
  | { readonly t: 'str'; readonly value: string; readonly at: number }
  | { readonly t: 'const'; readonly value: boolean | null | number; readonly at: number }
  | { readonly t: 'path'; readonly path: VarPath; readonly at: number }
  | { readonly t: 'fn'; readonly name: string; readonly at: number }
  | { readonly t: 'op'; readonly op: string; readonly at: number }
  | { readonly t: '(' | ')' | ',' | ';'; readonly at: number };

const FUNCTIONS: ReadonlySet<string> = new Set(['min', 'max', 'abs', 'bool', 'num', 'str']);

const CONSTANTS: ReadonlyMap<string, boolean | null | number> = new Map<string, boolean | null | number>([
  ['true', true],
  ['false', false],
  ['null', null],
  ['PI', Math.PI],
  ['E', Math.E],
  ['Infinity', Infinity],
  ['NaN', NaN],
]);

// Longest first, so that `===` wins over `==` and `**` over `*`.
const OPERATORS = ['===', '!==', '**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '!', '~', '*', '/', '%', '+', '-', '<', '>', '&', '^', '|', '='];

export interface TokenizeLimits {
  readonly maxTokens: number | undefined;
  readonly maxStringLength: number | undefined;
}

export type TokenizeResult = { ok: true; tokens: ExprToken[] } | { ok: false; error: TemplateError };

/**
 * Tokenize `src` (the text after `.eval`). `base` is the offset of src[0] in the template and
 * `posAt` turns a template offset into a line and column for errors.
 */
export function tokenize(src: string, base: number, posAt: (offset: number) => Position, limits: TokenizeLimits): TokenizeResult {
  const tokens: ExprToken[] = [];
  const n = src.length;
  let i = 0;
  const fail = (error: TemplateError): TokenizeResult => ({ ok: false, error });
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (limits.maxTokens !== undefined && tokens.length >= limits.maxTokens) {
      return fail(syntaxErrors.exprTooManyTokens(limits.maxTokens, posAt(base + i)));
    }
    const at = base + i;
    if (isDigit(c)) {
      const r = readNumber(src, i);
      if (typeof r === 'string') return fail(syntaxErrors.exprInvalidNumber(r, posAt(at)));
      tokens.push({ t: 'num', value: r.value, at });
      i = r.end;
      continue;
    }
    if (c === 34 || c === 39) {
      const r = readString(src, i, base, posAt);
      if ('error' in r) return fail(r.error);
      if (limits.maxStringLength !== undefined && r.value.length > limits.maxStringLength) {
        return fail(syntaxErrors.exprStringTooLong(limits.maxStringLength, posAt(at)));
      }
      tokens.push({ t: 'str', value: r.value, at });
      i = r.end;
      continue;
    }
    if (isLetter(c) || c === 64 /* @ */ || c === 36 /* $ */) {
      const len = pathLength(src, i, n);
      if (len === 0) return fail(syntaxErrors.exprUnexpectedChar(src[i], posAt(at)));
      const word = src.slice(i, i + len);
      i += len;
      if (CONSTANTS.has(word)) tokens.push({ t: 'const', value: CONSTANTS.get(word)!, at });
      else if (src.charCodeAt(i) === 40 /* ( */ && word.indexOf('.') < 0 && isLetter(c)) {
        if (!FUNCTIONS.has(word)) return fail(syntaxErrors.exprUnknownFunction(word, posAt(at)));
        tokens.push({ t: 'fn', name: word, at });
      } else tokens.push({ t: 'path', path: parsePath(word)!, at });
      continue;
    }
    if (c === 40 || c === 41 || c === 44 || c === 59) {
      tokens.push({ t: src[i] as '(' | ')' | ',' | ';', at });
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op === undefined) return fail(syntaxErrors.exprUnexpectedChar(String.fromCodePoint(src.codePointAt(i)!), posAt(at)));
    tokens.push({ t: 'op', op, at });
    i += op.length;
  }
  return { ok: true, tokens };
}

function readNumber(src: string, start: number): { value: number; end: number } | string {
  let i = start;
  const n = src.length;
  if (src.charCodeAt(i) === 48 && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
    i += 2;
    const digitsStart = i;
    while (i < n && /[0-9a-fA-F]/.test(src[i])) i++;
    if (i === digitsStart) return src.slice(start, i + 1);
    return { value: parseInt(src.slice(digitsStart, i), 16), end: i };
  }
  while (i < n && isDigit(src.charCodeAt(i))) i++;
  if (src[i] === '.') {
    i++;
    while (i < n && isDigit(src.charCodeAt(i))) i++;
    if (src[i] === '.') return src.slice(start, i + 1);
  }
  if (src[i] === 'e' || src[i] === 'E') {
    let j = i + 1;
    if (src[j] === '+' || src[j] === '-') j++;
    const expStart = j;
    while (j < n && isDigit(src.charCodeAt(j))) j++;
    if (j === expStart) return src.slice(start, j);
    i = j;
  }
  return { value: Number(src.slice(start, i)), end: i };
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f' };

function readString(src: string, start: number, base: number, posAt: (offset: number) => Position): { value: string; end: number } | { error: TemplateError } {
  const quote = src[start];
  const n = src.length;
  let out = '';
  let i = start + 1;
  while (i < n) {
    const ch = src[i];
    if (ch === quote) return { value: out, end: i + 1 };
    // A string never spans lines: a bare line feed means the closing quote is missing.
    if (ch === '\n') break;
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const e = src[i + 1];
    if (e === undefined) break;
    if (e === 'x' || e === 'u' || e === 'U') {
      const width = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = src.slice(i + 2, i + 2 + width);
      if (hex.length !== width || !/^[0-9a-fA-F]+$/.test(hex)) {
        return { error: syntaxErrors.exprInvalidEscape(src.slice(i, i + 2 + width), posAt(base + i)) };
      }
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) return { error: syntaxErrors.exprInvalidEscape(src.slice(i, i + 2 + width), posAt(base + i)) };
      out += String.fromCodePoint(cp);
      i += 2 + width;
      continue;
    }
    // Any other escaped character stands for itself (\" \' \\ \/ and also \b or \0, as the language does).
    out += SIMPLE_ESCAPES[e] ?? e;
    i += 2;
  }
  return { error: syntaxErrors.exprUnterminatedString(posAt(base + start)) };
}
