// Stage 2: decide what an instruction candidate `{...}` is. Returns null when the content is not an
// instruction (it then stays literal text), as the language does for `{ }`, `{a b}`, `{.section a }`...
// The lexer reads the template in place (between `start` and `end`), slicing only the names it keeps.
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
import { isLetter, isWordChar, parsePath, pathAt, pathLength } from './paths.js';

export type Instruction =
  | { readonly t: 'comment' }
  | { readonly t: 'text'; readonly text: string }
  | { readonly t: 'variable'; readonly vars: readonly VarPath[]; readonly formatters: readonly FormatterCall[] }
  | { readonly t: 'section' | 'repeated'; readonly path: VarPath }
  | { readonly t: 'end' | 'alternates' }
  | { readonly t: 'or'; readonly test: PredicateCall | null }
  | { readonly t: 'if'; readonly condition: Condition }
  | { readonly t: 'predicate'; readonly call: PredicateCall }
  | { readonly t: 'bindvar'; readonly name: string; readonly vars: readonly VarPath[]; readonly formatters: readonly FormatterCall[] }
  | { readonly t: 'ctx'; readonly name: string; readonly bindings: [string, VarPath][] }
  | { readonly t: 'macro'; readonly name: string }
  | { readonly t: 'eval'; readonly source: string; readonly offset: number }
  | { readonly t: 'include'; readonly name: string; readonly output: boolean }
  | { readonly t: 'inject'; readonly name: string; readonly file: string };

/** An instruction that names formatters which do not exist: reported, and left as literal text. */
interface Rejected {
  readonly t: 'rejected';
  readonly unknownFormatters: readonly string[];
}

export interface LexTables {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
}

type LexResult = Instruction | Rejected | null;

const COMMENT: Instruction = { t: 'comment' };
const END: Instruction = { t: 'end' };
const OR: Instruction = { t: 'or', test: null };
const ALTERNATES: Instruction = { t: 'alternates' };
const META_LEFT: Instruction = { t: 'text', text: '{' };
const META_RIGHT: Instruction = { t: 'text', text: '}' };
const SPACE: Instruction = { t: 'text', text: ' ' };
const TAB: Instruction = { t: 'text', text: '\t' };
const NEWLINE: Instruction = { t: 'text', text: '\n' };

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const MACRO_NAME = /^[A-Za-z0-9_.\-/]+$/;
const BIND_NAME = /^@[A-Za-z][A-Za-z0-9_-]*$/;
const CTX_KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The content is src[start, end), the text between the braces. */
export function lex(src: string, start: number, end: number, tables: LexTables): LexResult {
  const first = src.charCodeAt(start);
  if (first === 35 /* # */) return COMMENT;
  // A preprocessor instruction left for an ordinary pass (in a partial, or one the first pass could not
  // read) writes nothing, as the Java reference engine skips it outside its preprocessing pass.
  if (first === 94 /* ^ */) return COMMENT;
  if (first !== 46 /* . */) return lexVariable(src, start, end, tables);
  // The word after the dot, read once: a keyword, or the name of a predicate when `?` follows it.
  let w = start + 1;
  while (w < end && isWordChar(src.charCodeAt(w))) w++;
  if (w < end && src.charCodeAt(w) === 63 /* ? */) {
    const call = lexPredicateCall(src, start + 1, end, tables);
    return call ? { t: 'predicate', call } : null;
  }
  return lexKeyword(src, start, w, end, tables);
}

/** Whether the word src[at, wordEnd) is `word`. */
function isWord(src: string, at: number, wordEnd: number, word: string): boolean {
  return wordEnd - at === word.length && src.startsWith(word, at);
}

/**
 * Keyword instructions: the word src[start + 1, w) after the dot is dispatched on its first character.
 * Null when it is no keyword or the instruction is malformed.
 */
function lexKeyword(src: string, start: number, w: number, end: number, tables: LexTables): Instruction | Rejected | null {
  const len = end - start;
  const at = start + 1;
  switch (src.charCodeAt(at)) {
    case 97 /* a */:
      return isWord(src, at, w, 'alternates') && len === 16 && isWord(src, w, end, ' with') ? ALTERNATES : null;
    case 98 /* b */:
      return isWord(src, at, w, 'bindvar') ? lexBindVar(src, w, end, tables) : null;
    case 99 /* c */:
      return isWord(src, at, w, 'ctx') ? lexCtx(src.slice(w, end)) : null;
    case 101 /* e */:
      if (isWord(src, at, w, 'end')) return w === end ? END : null;
      if (isWord(src, at, w, 'eval')) return w < end && isSpace(src.charCodeAt(w)) ? { t: 'eval', source: src.slice(w, end), offset: w } : null;
      return null;
    case 105 /* i */:
      if (isWord(src, at, w, 'if')) return lexIf(src, w, end, tables);
      if (isWord(src, at, w, 'include')) {
        if (src.charCodeAt(w) !== 32 || end - w === 1) return null;
        const parts = src.slice(w + 1, end).split(' ');
        return { t: 'include', name: parts[0], output: parts.slice(1).includes('output') };
      }
      if (isWord(src, at, w, 'inject')) {
        const parts = src.slice(w, end).split(' ');
        if (parts.length !== 3 || parts[0] !== '' || !BIND_NAME.test(parts[1]) || parts[2] === '') return null;
        return { t: 'inject', name: parts[1], file: parts[2] };
      }
      return null;
    case 109 /* m */:
      if (isWord(src, at, w, 'macro')) {
        const name = src.slice(w + 1, end);
        return src.charCodeAt(w) === 32 && MACRO_NAME.test(name) ? { t: 'macro', name } : null;
      }
      if (isWord(src, at, w, 'meta-left')) return w === end ? META_LEFT : null;
      if (isWord(src, at, w, 'meta-right')) return w === end ? META_RIGHT : null;
      return null;
    case 110 /* n */:
      return isWord(src, at, w, 'newline') && w === end ? NEWLINE : null;
    case 111 /* o */:
      if (!isWord(src, at, w, 'or')) return null;
      if (w === end) return OR;
      if (src.charCodeAt(w) !== 32) return null;
      {
        const call = lexPredicateCall(src, w + 1, end, tables);
        return call ? { t: 'or', test: call } : null;
      }
    case 114 /* r */:
      return isWord(src, at, w, 'repeated') && isWord(src, w, w + 8, ' section') ? lexSectionPath(src, w + 8, end, 'repeated') : null;
    case 115 /* s */:
      if (isWord(src, at, w, 'section')) return lexSectionPath(src, w, end, 'section');
      return isWord(src, at, w, 'space') && w === end ? SPACE : null;
    case 116 /* t */:
      return isWord(src, at, w, 'tab') && w === end ? TAB : null;
    case 118 /* v */:
      return isWord(src, at, w, 'var') ? lexBindVar(src, w, end, tables) : null;
  }
  return null;
}

function lexSectionPath(src: string, i: number, end: number, t: 'section' | 'repeated'): Instruction | null {
  const from = i;
  while (i < end && isSpace(src.charCodeAt(i))) i++;
  if (i === from) return null;
  const len = pathLength(src, i, end);
  if (len === 0 || i + len !== end) return null;
  return { t, path: pathAt(src, i, end) };
}

/** A predicate call at src[start]: `name?` then nothing, or a delimiter character and arguments split on it. */
function lexPredicateCall(src: string, start: number, end: number, tables: LexTables): PredicateCall | null {
  let i = start;
  if (i >= end || !isLetter(src.charCodeAt(i))) return null;
  while (i < end && isWordChar(src.charCodeAt(i))) i++;
  if (i >= end || src.charCodeAt(i) !== 63 /* ? */) return null;
  const name = src.slice(start, i + 1);
  const args = argList(src, i + 1, end);
  return predicateCall(name, args, tables.hasPredicate(name));
}

function lexIf(src: string, i: number, end: number, tables: LexTables): Instruction | null {
  const from = i;
  while (i < end && isSpace(src.charCodeAt(i))) i++;
  if (i === from || i === end) return null;
  const call = lexPredicateCall(src, i, end, tables);
  if (call) return { t: 'if', condition: { kind: 'predicate', call } };
  let len = pathLength(src, i, end);
  if (len === 0) return null;
  // The usual case: a single variable.
  if (i + len === end) return { t: 'if', condition: { kind: 'vars', operands: [pathAt(src, i, end)], operators: NO_OPERATORS } };
  const operands: VarPath[] = [];
  const operators: ('||' | '&&')[] = [];
  for (;;) {
    if (len === 0) return null;
    operands.push(pathAt(src, i, i + len));
    i += len;
    if (i === end) break;
    while (i < end && isSpace(src.charCodeAt(i))) i++;
    const c = src.charCodeAt(i);
    if ((c !== 124 && c !== 38) || src.charCodeAt(i + 1) !== c) return null;
    operators.push(c === 124 ? '||' : '&&');
    i += 2;
    while (i < end && isSpace(src.charCodeAt(i))) i++;
    len = pathLength(src, i, end);
  }
  return { t: 'if', condition: { kind: 'vars', operands, operators } };
}

function lexBindVar(src: string, i: number, end: number, tables: LexTables): Instruction | Rejected | null {
  if (src.charCodeAt(i) !== 32) return null;
  // Searches stay inside the instruction: indexOf would run on into the rest of the template.
  let space = i + 1;
  while (space < end && src.charCodeAt(space) !== 32) space++;
  if (space >= end) return null;
  const name = src.slice(i + 1, space);
  if (!BIND_NAME.test(name)) return null;
  const v = lexVariable(src, space + 1, end, tables);
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

const NO_FORMATTERS: readonly FormatterCall[] = Object.freeze([]);
const NO_ARGS: readonly string[] = Object.freeze([]);

/**
 * The arguments of a formatter or predicate: src[start, end) holds the delimiter character followed by the
 * arguments it separates (`" 10 ..."` gives ['10', '...']). Split in place: String#split of a fresh
 * substring costs several times more. The compiler freezes the lists it hands to plugins.
 */
function argList(src: string, start: number, end: number): readonly string[] {
  if (start >= end) return NO_ARGS;
  const delimiter = src.charCodeAt(start);
  const args: string[] = [];
  let from = start + 1;
  for (let i = from; i < end; i++) {
    if (src.charCodeAt(i) === delimiter) {
      args.push(src.slice(from, i));
      from = i + 1;
    }
  }
  args.push(src.slice(from, end));
  return args;
}
const NO_OPERATORS: ('||' | '&&')[] = [];

/** `path (ws? , ws? path)* (| formatter)*` over src[start, end). */
function lexVariable(src: string, start: number, end: number, tables: LexTables): Instruction | Rejected | null {
  let len = pathLength(src, start, end);
  if (len === 0) return null;
  // The common case: one path and nothing else.
  if (start + len === end) return { t: 'variable', vars: [pathAt(src, start, end)], formatters: NO_FORMATTERS };
  const vars: VarPath[] = [];
  let i = start;
  for (;;) {
    vars.push(pathAt(src, i, i + len));
    i += len;
    let j = i;
    while (j < end && isSpace(src.charCodeAt(j))) j++;
    if (j >= end || src.charCodeAt(j) !== 44 /* , */) break;
    j++;
    while (j < end && isSpace(src.charCodeAt(j))) j++;
    i = j;
    len = pathLength(src, i, end);
    if (len === 0) return null;
  }
  if (i === end) return { t: 'variable', vars, formatters: NO_FORMATTERS };
  if (src.charCodeAt(i) !== 124 /* | */) return null;
  const formatters: FormatterCall[] = [];
  let unknown: string[] | null = null;
  while (i < end) {
    // src[i] is the `|` before a formatter; its segment runs to the next `|` or the end.
    const segStart = i + 1;
    let segEnd = segStart;
    while (segEnd < end && src.charCodeAt(segEnd) !== 124 /* | */) segEnd++;
    if (segStart >= segEnd || !isLetter(src.charCodeAt(segStart))) return null;
    let k = segStart + 1;
    while (k < segEnd && isWordChar(src.charCodeAt(k))) k++;
    const name = src.slice(segStart, k);
    formatters.push(formatterCall(name, argList(src, k, segEnd)));
    if (!tables.hasFormatter(name)) (unknown ??= []).push(name);
    i = segEnd;
  }
  if (unknown !== null) return { t: 'rejected', unknownFormatters: unknown };
  return { t: 'variable', vars, formatters };
}
