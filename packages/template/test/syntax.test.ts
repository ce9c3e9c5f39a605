// Unit tests of the first stages: scanner, instruction lexer, path grammar and parser.

import { describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { lex, type LexTables } from '../src/syntax/lexer.js';
import type { Node, RootNode } from '../src/syntax/nodes.js';
import { parse } from '../src/syntax/parser.js';
import { parsePath } from '../src/syntax/paths.js';
import { lineIndex, scan } from '../src/syntax/scanner.js';

const tables: LexTables = {
  hasFormatter: (n) => ['html', 'truncate', 'json', 'apply'].includes(n),
  hasPredicate: (n) => ['equal?', 'even?'].includes(n),
};

/** Scan with a sink that accepts candidates whose content passes `accept`. */
function scanPieces(source: string, accept: (content: string) => boolean = () => true): string[] {
  const pieces: string[] = [];
  scan(source, {
    text: (s, e) => pieces.push(`T:${source.slice(s, e)}`),
    unterminatedComment: (open) => pieces.push(`U:${open}`),
    candidate(open, close, textStart) {
      const content = source.slice(open + 1, close);
      if (!accept(content)) return false;
      if (open > textStart) pieces.push(`T:${source.slice(textStart, open)}`);
      pieces.push(`I:${content}`);
      return true;
    },
  });
  return pieces;
}

describe('scanner', () => {
  test('splits text and instruction candidates', () => {
    expect(scanPieces('a{b}c{d}')).toEqual(['T:a', 'I:b', 'T:c', 'I:d']);
  });

  test('a rejected candidate stays in the surrounding text', () => {
    expect(scanPieces('a{ b}c{d}e', (c) => !c.startsWith(' '))).toEqual(['T:a{ b}c', 'I:d', 'T:e']);
  });

  test('a brace followed by another brace is literal; the inner one is tried', () => {
    expect(scanPieces('{{a}}')).toEqual(['T:{', 'I:a', 'T:}']);
  });

  test('candidates may span lines; an unclosed brace is text', () => {
    expect(scanPieces('{a\nb} {c')).toEqual(['I:a\nb', 'T: {c']);
  });

  test('multi-line comments hold braces and end at ##}', () => {
    expect(scanPieces('x{## {a} ##}y')).toEqual(['T:x', 'T:y']);
  });

  test('an unclosed multi-line comment swallows the rest and is reported', () => {
    expect(scanPieces('x{## {a}')).toEqual(['T:x', 'U:1']);
  });

  test('after a literal brace, {## is an ordinary one-line candidate', () => {
    expect(scanPieces('{x{##c}y')).toEqual(['T:{x', 'I:##c', 'T:y']);
  });

  test('line index gives 1-based lines and columns', () => {
    const idx = lineIndex('ab\ncd\n\nef');
    expect(idx.posAt(0)).toEqual({ line: 1, column: 1 });
    expect(idx.posAt(4)).toEqual({ line: 2, column: 2 });
    expect(idx.posAt(7)).toEqual({ line: 4, column: 1 });
  });
});

describe('paths', () => {
  test('heads', () => {
    expect(parsePath('@')).toMatchObject({ head: 'node', rest: [] });
    expect(parsePath('@index')).toMatchObject({ head: 'index' });
    expect(parsePath('@index0')).toMatchObject({ head: 'index0' });
    expect(parsePath('@foo.bar')).toMatchObject({ head: 'var', name: '@foo', rest: ['bar'] });
    expect(parsePath('a.0.$b.c-d_e')).toMatchObject({ head: 'name', name: 'a', rest: ['0', '$b', 'c-d_e'] });
  });

  test('invalid paths', () => {
    for (const bad of ['', '_a', 'a.', '.a', 'a..b', '-a', '$', '@@', '@0', 'a$b', 'a.0b', 'é', 'a b']) {
      expect(parsePath(bad), bad).toBeNull();
    }
  });
});

describe('lexer', () => {
  const l = (content: string) => lex(content, 0, content.length, tables);

  test('variables and formatter arguments split on the character after the name', () => {
    expect(l('a.b|truncate 10 ...|html')).toMatchObject({
      t: 'variable',
      vars: [{ text: 'a.b' }],
      formatters: [
        { name: 'truncate', args: ['10', '...'] },
        { name: 'html', args: [] },
      ],
    });
    expect(l('x|truncate:5:!')).toMatchObject({ formatters: [{ args: ['5', '!'] }] });
    expect(l('x|truncate 5 ')).toMatchObject({ formatters: [{ args: ['5', ''] }] });
    expect(l('a, b|json')).toMatchObject({ vars: [{ text: 'a' }, { text: 'b' }] });
  });

  test('unknown formatters reject the instruction', () => {
    expect(l('a|html|shout')).toEqual({ t: 'rejected', unknownFormatters: ['shout'] });
  });

  test('not instructions', () => {
    for (const c of [
      '',
      ' a',
      'a ',
      'a b',
      'a|',
      'a||html',
      'a|html|',
      '.section',
      '.section a ',
      '.sectiona',
      '.repeated  section a',
      '.var @x',
      '.var x a',
      '.ctx @c',
      '.macro a b',
      '.eval',
      '.include',
      '.include ',
      '.inject @x',
      '.if',
      '.if a ||',
      '.or x',
      '.end ',
      '.alternates  with',
      '.unknown',
    ]) {
      expect(l(c), JSON.stringify(c)).toBeNull();
    }
  });

  test('keywords and blocks', () => {
    expect(l('.end')).toEqual({ t: 'end' });
    expect(l('.or')).toEqual({ t: 'or', test: null });
    expect(l('.alternates with')).toEqual({ t: 'alternates' });
    expect(l('.meta-left')).toEqual({ t: 'text', text: '{' });
    expect(l('.newline')).toEqual({ t: 'text', text: '\n' });
    expect(l('.section  a.b')).toMatchObject({ t: 'section', path: { text: 'a.b' } });
    expect(l('.repeated section items')).toMatchObject({ t: 'repeated', path: { text: 'items' } });
    expect(l('#anything')).toEqual({ t: 'comment' });
  });

  test('predicates, .or and .if', () => {
    expect(l('.equal? a "b c"')).toMatchObject({ t: 'predicate', call: { name: 'equal?', args: ['a', '"b', 'c"'], known: true } });
    expect(l('.equal?:a:"b c"')).toMatchObject({ call: { args: ['a', '"b c"'] } });
    expect(l('.shiny?')).toMatchObject({ t: 'predicate', call: { name: 'shiny?', known: false } });
    expect(l('.or even?')).toMatchObject({ t: 'or', test: { name: 'even?' } });
    expect(l('.if a || b&&c')).toMatchObject({
      t: 'if',
      condition: { kind: 'vars', operators: ['||', '&&'], operands: [{ text: 'a' }, { text: 'b' }, { text: 'c' }] },
    });
    expect(l('.if equal? a 1')).toMatchObject({ t: 'if', condition: { kind: 'predicate', call: { name: 'equal?', args: ['a', '1'] } } });
  });

  test('bindings, macros, eval, include, inject', () => {
    expect(l('.var @x a|html')).toMatchObject({ t: 'bindvar', name: '@x', formatters: [{ name: 'html' }] });
    expect(l('.bindvar @x a')).toMatchObject({ t: 'bindvar', name: '@x' });
    expect(l('.ctx @c w=a.b h=c')).toMatchObject({
      t: 'ctx',
      name: '@c',
      bindings: [
        ['w', { text: 'a.b' }],
        ['h', { text: 'c' }],
      ],
    });
    expect(l('.macro foo.html')).toEqual({ t: 'macro', name: 'foo.html' });
    // The lexer reads in place: `{.eval 1 + 2}` at offset 10 of a template.
    expect(lex('0123456789{.eval 1 + 2}', 11, 22, tables)).toEqual({ t: 'eval', source: ' 1 + 2', offset: 16 });
    expect(l('.include foo output')).toEqual({ t: 'include', name: 'foo', output: true });
    expect(l('.inject @x file.json')).toEqual({ t: 'inject', name: '@x', file: 'file.json' });
  });
});

describe('parser', () => {
  const p = (source: string) => parse(source, tables, DEFAULT_LIMITS);
  const kinds = (nodes: readonly Node[]) => nodes.map((n) => n.kind);

  test('builds a tree with or-branches and alternates', () => {
    const { root, errors } = p('a{.repeated section xs}{@}{.alternates with},{.or}none{.end}b');
    expect(errors).toEqual([]);
    expect(kinds(root.body)).toEqual(['text', 'repeated', 'text']);
    const rep = root.body[1];
    if (rep.kind !== 'repeated') throw new Error('expected repeated');
    expect(kinds(rep.body)).toEqual(['variable']);
    expect(rep.alternates).toEqual([{ kind: 'text', text: ',' }]);
    expect(rep.or?.body).toEqual([{ kind: 'text', text: 'none' }]);
  });

  test('or chains link in order', () => {
    const { root } = p('{.section a}A{.or even?}E{.or}O{.end}');
    const s = root.body[0];
    if (s.kind !== 'section') throw new Error('expected section');
    expect(s.or?.test?.name).toBe('even?');
    expect(s.or?.next?.test).toBeNull();
    expect(s.or?.next?.body).toEqual([{ kind: 'text', text: 'O' }]);
  });

  test('literal candidates, comments and meta characters merge into one text node', () => {
    const { root } = p('a{ b}{# c}{.space}d');
    expect(root.body).toEqual([{ kind: 'text', text: 'a{ b} d' }]);
  });

  test('positions of errors', () => {
    expect(p('x\n  {.end}').errors).toMatchObject([{ code: 'CLOSING_OUTSIDE_BLOCK', line: 2, column: 3, kind: 'syntax' }]);
    expect(p('{.section a}\n{.if b}').errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['UNCLOSED_BLOCK', 2, 1],
      ['UNCLOSED_BLOCK', 1, 1],
    ]);
    expect(p('{a|shout}').errors).toMatchObject([{ code: 'UNKNOWN_FORMATTER', message: "Formatter 'shout' is unknown." }]);
    expect(p('{.nope?}{.end}').errors).toMatchObject([{ code: 'UNKNOWN_PREDICATE', message: "Predicate 'nope?' is unknown." }]);
    expect(p('{.eval\n  "x}').errors).toMatchObject([{ code: 'EXPR_UNTERMINATED_STRING', line: 2, column: 3 }]);
  });

  test('blocks deeper than maxNesting are reported once and left out', () => {
    const { root, errors } = parse('{.section a}{.section b}{.section c}x{.end}{.end}{.end}y', tables, { ...DEFAULT_LIMITS, maxNesting: 2 });
    expect(errors.map((e) => e.code)).toEqual(['NESTING_TOO_DEEP']);
    const text = JSON.stringify(root);
    expect(text).not.toContain('"x"');
    expect(text).toContain('"y"');
  });

  test('deep nesting costs no call stack while parsing', () => {
    const depth = 50_000;
    const { errors } = parse('{.section a}'.repeat(depth) + '{.end}'.repeat(depth), tables, DEFAULT_LIMITS);
    expect(errors.map((e) => e.code)).toEqual(['NESTING_TOO_DEEP']);
  });

  test('the tree is plain data', () => {
    const { root } = p('{.section a}{b|html}{.end}');
    const copy: RootNode = JSON.parse(JSON.stringify(root));
    expect(copy).toEqual(root);
  });
});
