// Stage 2: decide what an instruction candidate `{...}` is. Returns null when the content is not an
// instruction (it then stays literal text), as the language does for `{ }`, `{a b}`, `{.section a }`...
//
// Grammar of the content (SP is one space; "ws" is any run of white space):
//   #...                              comment
//   path (ws? , ws? path)* (| fmt)*   variable, formatters `name` or `name<delim>arg<delim>arg...`
//   .section ws path                  .repeated section ws path
//   .end   .or   .or pred?...   .alternates with
//   .if ws pred?...  |  .if ws path (ws? (|| or &&) ws? path)*
//   .pred?  .pred?<delim>arg...       predicate block
//   .var SP @name SP variable          .bindvar (same)
//   .ctx SP @name (SP key=path)+      .macro SP name
//   .eval ws expression               .include SP name (SP output)?     .inject SP @name SP file
//   .meta-left  .meta-right  .space  .tab  .newline

import { formatterCall, predicateCall, type Condition, type FormatterCall, type PredicateCall, type VarPath } from './nodes.js';
import { isLetter, isWordChar, parsePath, pathLength } from './paths.js';

export type Instruction =
  | { readonly t: 'comment' }
  | { readonly t: 'text'; readonly text: string }
  | { readonly t: 'variable'; readonly vars: VarPath[]; readonly formatters: FormatterCall[] }
  | { readonly t: 'section' | 'repeated'; readonly path: VarPath }
  | { readonly t: 'end' | 'alternates' }
  | { readonly t: 'or'; readonly test: PredicateCall | null }
  | { readonly t: 'if'; readonly condition: Condition }
  | { readonly t: 'predicate'; readonly call: PredicateCall }
  | { readonly t: 'bindvar'; readonly name: string; readonly vars: VarPath[]; readonly formatters: FormatterCall[] }
  | { readonly t: 'ctx'; readonly name: string; readonly bindings: [string, VarPath][] }
  | { readonly t: 'macro'; readonly name: string }
  | { readonly t: 'eval'; readonly source: string; readonly offset: number }
  | { readonly t: 'include'; readonly name: string; readonly output: boolean }
  | { readonly t: 'inject'; readonly name: string; readonly file: string };

/** An instruction that names formatters which do not exist: reported, and left as literal text. */
export interface Rejected {
  readonly t: 'rejected';
  readonly unknownFormatters: readonly string[];
}

export interface LexTables {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
}

const END: Instruction = { t: 'end' };
const OR: Instruction = { t: 'or', test: null };
const ALTERNATES: Instruction = { t: 'alternates' };
const META_LEFT: Instruction = { t: 'text', text: '{' };
const META_RIGHT: Instruction = { t: 'text', text: '}' };
const SPACE: Instruction = { t: 'text', text: ' ' };
const TAB: Instruction = { t: 'text', text: '\t' };
const NEWLINE: Instruction = { t: 'text', text: '\n' };

// Keywords that make up the whole instruction.
function bareKeyword(word: string): Instruction | null {
  switch (word) {
    case 'end': return END;
    case 'or': return OR;
    case 'meta-left': return META_LEFT;
    case 'meta-right': return META_RIGHT;
    case 'space': return SPACE;
    case 'tab': return TAB;
    case 'newline': return NEWLINE;
  }
  return null;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const MACRO_NAME = /^[A-Za-z0-9_.\-/]+$/;
const BIND_NAME = /^@[A-Za-z][A-Za-z0-9_-]*$/;
const CTX_KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** `content` is the text between the braces; `offset` its position in the template (for .eval). */
export function lex(content: string, offset: number, tables: LexTables): Instruction | Rejected | null {
  const first = content.charCodeAt(0);
  if (first === 35 /* # */) return { t: 'comment' };
  if (first !== 46 /* . */) return lexVariable(content, 0, tables);

  // `.name` up to the first character that cannot be part of a keyword or predicate name.
  let i = 1;
  while (i < content.length && (isWordChar(content.charCodeAt(i)))) i++;
  if (content.charCodeAt(i) === 63 /* ? */) return lexPredicateBlock(content, i, tables);
  const word = content.slice(1, i);
  if (i === content.length) return bareKeyword(word);
  const rest = content.slice(i);
  switch (word) {
    case 'alternates': return rest === ' with' ? ALTERNATES : null;
    case 'section': return lexSectionPath(rest, 'section');
    case 'repeated':
      return rest.startsWith(' section') ? lexSectionPath(rest.slice(8), 'repeated') : null;
    case 'or': return lexOr(rest, tables);
    case 'if': return lexIf(rest, tables);
    case 'var': case 'bindvar': return lexBindVar(rest, tables);
    case 'ctx': return lexCtx(rest);
    case 'macro': {
      const name = rest.slice(1);
      return rest[0] === ' ' && MACRO_NAME.test(name) ? { t: 'macro', name } : null;
    }
    case 'eval':
      return rest === '' || !isSpace(rest.charCodeAt(0)) ? null : { t: 'eval', source: rest, offset: offset + i };
    case 'include': {
      if (rest[0] !== ' ' || rest.length === 1) return null;
      const parts = rest.slice(1).split(' ');
      return { t: 'include', name: parts[0], output: parts.slice(1).includes('output') };
    }
    case 'inject': {
      const parts = rest.split(' ');
      if (parts.length !== 3 || parts[0] !== '' || !BIND_NAME.test(parts[1]) || parts[2] === '') return null;
      return { t: 'inject', name: parts[1], file: parts[2] };
    }
  }
  return null;
}

function lexSectionPath(rest: string, t: 'section' | 'repeated'): Instruction | null {
  let i = 0;
  while (i < rest.length && isSpace(rest.charCodeAt(i))) i++;
  if (i === 0) return null;
  const path = parsePath(rest.slice(i));
  return path ? { t, path } : null;
}

/** A predicate call: `name?` then nothing, or a delimiter character and arguments split on it. */
function lexPredicateCall(content: string, start: number, tables: LexTables): PredicateCall | null {
  let i = start;
  if (!isLetter(content.charCodeAt(i))) return null;
  while (i < content.length && isWordChar(content.charCodeAt(i))) i++;
  if (content.charCodeAt(i) !== 63 /* ? */) return null;
  const name = content.slice(start, i + 1);
  const tail = content.slice(i + 1);
  const args = tail === '' ? [] : tail.slice(1).split(tail[0]);
  return predicateCall(name, args, tables.hasPredicate(name));
}

function lexPredicateBlock(content: string, questionAt: number, tables: LexTables): Instruction | null {
  void questionAt;
  const call = lexPredicateCall(content, 1, tables);
  return call ? { t: 'predicate', call } : null;
}

function lexOr(rest: string, tables: LexTables): Instruction | null {
  if (rest[0] !== ' ') return null;
  const call = lexPredicateCall(rest, 1, tables);
  return call ? { t: 'or', test: call } : null;
}

function lexIf(rest: string, tables: LexTables): Instruction | null {
  let i = 0;
  while (i < rest.length && isSpace(rest.charCodeAt(i))) i++;
  if (i === 0 || i === rest.length) return null;
  const call = lexPredicateCall(rest, i, tables);
  if (call) return { t: 'if', condition: { kind: 'predicate', call } };
  const operands: VarPath[] = [];
  const operators: ('||' | '&&')[] = [];
  for (;;) {
    const len = pathLength(rest, i, rest.length);
    if (len === 0) return null;
    operands.push(parsePath(rest.slice(i, i + len))!);
    i += len;
    if (i === rest.length) break;
    while (i < rest.length && isSpace(rest.charCodeAt(i))) i++;
    const op = rest.slice(i, i + 2);
    if (op !== '||' && op !== '&&') return null;
    operators.push(op);
    i += 2;
    while (i < rest.length && isSpace(rest.charCodeAt(i))) i++;
  }
  return { t: 'if', condition: { kind: 'vars', operands, operators } };
}

function lexBindVar(rest: string, tables: LexTables): Instruction | Rejected | null {
  if (rest[0] !== ' ') return null;
  const space = rest.indexOf(' ', 1);
  if (space < 0) return null;
  const name = rest.slice(1, space);
  if (!BIND_NAME.test(name)) return null;
  const v = lexVariable(rest, space + 1, tables);
  if (v === null || v.t === 'rejected') return v;
  if (v.t !== 'variable') return null;
  return { t: 'bindvar', name, vars: v.vars, formatters: v.formatters };
}

function lexCtx(rest: string): Instruction | null {
  const parts = rest.split(' ');
  if (parts.length < 3 || parts[0] !== '' || !BIND_NAME.test(parts[1])) return null;
  // A single trailing space is tolerated, as the language does.
  if (parts.length > 3 && parts[parts.length - 1] === '') parts.pop();
  const bindings: [string, VarPath][] = [];
  for (let k = 2; k < parts.length; k++) {
    const eq = parts[k].indexOf('=');
    if (eq < 0) return null;
    const key = parts[k].slice(0, eq);
    const path = parsePath(parts[k].slice(eq + 1));
    if (!CTX_KEY.test(key) || path === null) return null;
    bindings.push([key, path]);
  }
  return { t: 'ctx', name: parts[1], bindings };
}

/** `path (ws? , ws? path)* (| formatter)*` from `start` to the end of `s`. */
function lexVariable(s: string, start: number, tables: LexTables): Instruction | Rejected | null {
  const end = s.length;
  const vars: VarPath[] = [];
  let i = start;
  for (;;) {
    const len = pathLength(s, i, end);
    if (len === 0) return null;
    vars.push(parsePath(s.slice(i, i + len))!);
    i += len;
    let j = i;
    while (j < end && isSpace(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) !== 44 /* , */) break;
    j++;
    while (j < end && isSpace(s.charCodeAt(j))) j++;
    i = j;
  }
  if (i === end) return { t: 'variable', vars, formatters: [] };
  if (s.charCodeAt(i) !== 124 /* | */) return null;
  const formatters: FormatterCall[] = [];
  const unknown: string[] = [];
  for (const segment of s.slice(i + 1).split('|')) {
    let k = 0;
    if (!isLetter(segment.charCodeAt(0))) return null;
    while (k < segment.length && isWordChar(segment.charCodeAt(k))) k++;
    const name = segment.slice(0, k);
    const tail = segment.slice(k);
    formatters.push(formatterCall(name, tail === '' ? [] : tail.slice(1).split(tail[0])));
    if (!tables.hasFormatter(name)) unknown.push(name);
  }
  if (unknown.length > 0) return { t: 'rejected', unknownFormatters: unknown };
  return { t: 'variable', vars, formatters };
}
