// Stage 3: build the syntax tree from scanned text and lexed instructions, with a stack of open blocks
// (no recursion, so nesting depth costs no call stack). A misplaced instruction is reported and
// dropped, and parsing goes on; blocks still open at the end are reported and closed there.

import { syntaxErrors, type TemplateError } from '../errors.js';
import { parseExpression } from '../expr/parser.js';
import type { Limits } from '../limits.js';
import { lex, type Instruction, type LexTables } from './lexer.js';
import * as N from './nodes.js';
import { lineIndex, scan } from './scanner.js';

type BlockKind = 'root' | 'section' | 'repeated' | 'predicate' | 'if' | 'macro';

interface OpenBlock {
  readonly kind: BlockKind;
  readonly line: number;
  readonly column: number;
  readonly head: Instruction | null;
  readonly main: N.Node[];
  alternates: N.Node[] | null;
  /** Or-branches, created on the first `.or` (most blocks have none). */
  ors: { test: N.PredicateCall | null; body: N.Node[]; line: number; column: number }[] | null;
  /** Where new nodes go: main, alternates or the last or-branch. */
  current: N.Node[];
}

export interface ParseOutput {
  readonly root: N.RootNode;
  readonly errors: readonly TemplateError[];
}

const BLOCK_NAMES: Record<BlockKind, string> = {
  root: 'template',
  section: '{.section}',
  repeated: '{.repeated section}',
  predicate: 'predicate',
  if: '{.if}',
  macro: '{.macro}',
};

export function parse(source: string, tables: LexTables, limits: Limits): ParseOutput {
  const lines = lineIndex(source);
  const errors: TemplateError[] = [];
  const rootBlock = openBlock('root', 1, 1, null);
  const stack: OpenBlock[] = [rootBlock];
  let top = rootBlock;
  // Adjacent text pieces (literal candidates, meta characters) merge into one text node.
  let pendingText = '';

  const flushText = () => {
    if (pendingText !== '') {
      top.current.push(N.text(pendingText));
      pendingText = '';
    }
  };
  const append = (node: N.Node) => {
    flushText();
    top.current.push(node);
  };
  const push = (kind: BlockKind, line: number, column: number, head: Instruction) => {
    flushText();
    // Report the first block that crosses the limit; deeper ones are dropped with it.
    if (stack.length === limits.maxNesting + 1) errors.push(syntaxErrors.nestingTooDeep(limits.maxNesting, { line, column }));
    top = openBlock(kind, line, column, head);
    stack.push(top);
  };
  const close = () => {
    flushText();
    const block = stack.pop()!;
    top = stack[stack.length - 1];
    // Blocks beyond the nesting limit are reported and left out, so the compiled tree stays shallow.
    if (stack.length > limits.maxNesting) return;
    top.current.push(finish(block));
  };

  scan(source, {
    text(start, end) {
      pendingText += source.slice(start, end);
    },
    unterminatedComment(open) {
      errors.push(syntaxErrors.unterminatedComment(lines.posAt(open)));
    },
    candidate(open, closeAt, textStart) {
      const ins = lex(source, open + 1, closeAt, tables);
      if (ins === null) return false;
      // Instructions come in a dozen shapes: reading their tag once spares repeated megamorphic loads.
      const t = ins.t;
      if (t === 'rejected') {
        const at = lines.posAt(open);
        for (const name of ins.unknownFormatters) errors.push(syntaxErrors.unknownFormatter(name, at));
        return false;
      }
      if (open > textStart) pendingText += source.slice(textStart, open);
      // The most frequent instruction needs no position unless it is misplaced.
      if (t === 'end') {
        if (top.kind === 'root') errors.push(syntaxErrors.closingOutsideBlock(lines.posAt(open)));
        else close();
        return true;
      }
      lines.locate(open);
      const line = lines.line;
      const column = lines.column;
      switch (t) {
        case 'comment':
          break;
        case 'text':
          pendingText += ins.text;
          break;
        case 'variable':
          append(N.variable(ins.vars, ins.formatters, line, column));
          break;
        case 'bindvar':
          append(N.bindVar(ins.name, ins.vars, ins.formatters, line, column));
          break;
        case 'ctx':
          append(N.ctx(ins.name, ins.bindings, line, column));
          break;
        case 'include':
          append(N.include(ins.name, ins.output, line, column));
          break;
        case 'inject':
          append(N.inject(ins.name, ins.file, line, column));
          break;
        case 'eval': {
          const parsed = parseExpression(ins.source, ins.offset, (offset) => lines.posAt(offset), {
            maxTokens: limits.maxExprTokens,
            maxStringLength: limits.maxExprStringLength,
          });
          if (parsed.error) errors.push(parsed.error);
          if (parsed.ok) append(N.evalNode(ins.source.trim(), parsed.program, parsed.error === undefined, line, column));
          break;
        }
        case 'section':
        case 'repeated':
        case 'macro':
          push(t, line, column, ins);
          break;
        case 'predicate':
          if (!ins.call.known) errors.push(syntaxErrors.unknownPredicate(ins.call.name, { line, column }));
          push('predicate', line, column, ins);
          break;
        case 'if':
          if (ins.condition.kind === 'predicate' && !ins.condition.call.known) {
            errors.push(syntaxErrors.unknownPredicate(ins.condition.call.name, { line, column }));
          }
          push('if', line, column, ins);
          break;
        case 'or': {
          if (ins.test && !ins.test.known) errors.push(syntaxErrors.unknownPredicate(ins.test.name, { line, column }));
          if (top.kind === 'root' || top.kind === 'macro') {
            errors.push(syntaxErrors.orOutsideBlock({ line, column }));
            break;
          }
          const last = top.ors === null ? undefined : top.ors[top.ors.length - 1];
          if (last && last.test === null) {
            errors.push(syntaxErrors.deadBranch({ line, column }));
            break;
          }
          flushText();
          const branch = { test: ins.test, body: [] as N.Node[], line, column };
          (top.ors ??= []).push(branch);
          top.current = branch.body;
          break;
        }
        case 'alternates':
          if (top.kind !== 'repeated' || top.ors !== null || top.alternates !== null) {
            errors.push(syntaxErrors.alternatesOutsideRepeated({ line, column }));
            break;
          }
          flushText();
          top.alternates = [];
          top.current = top.alternates;
          break;
      }
      return true;
    },
  });

  while (stack.length > 1) {
    errors.push(syntaxErrors.unclosedBlock(BLOCK_NAMES[top.kind], top));
    close();
  }
  flushText();
  return { root: N.root(rootBlock.main), errors };
}

function openBlock(kind: BlockKind, line: number, column: number, head: Instruction | null): OpenBlock {
  const main: N.Node[] = [];
  return { kind, line, column, head, main, alternates: null, ors: null, current: main };
}

function finish(block: OpenBlock): N.Node {
  let or: N.OrBranch | null = null;
  if (block.ors !== null) {
    for (let k = block.ors.length - 1; k >= 0; k--) {
      const b = block.ors[k];
      or = N.orBranch(b.test, b.body, or, b.line, b.column);
    }
  }
  const head = block.head!;
  switch (head.t) {
    case 'section':
      return N.section(head.path, block.main, or, block.line, block.column);
    case 'repeated':
      return N.repeated(head.path, block.main, block.alternates, or, block.line, block.column);
    case 'predicate':
      return N.predicate(head.call, block.main, or, block.line, block.column);
    case 'if':
      return N.ifBlock(head.condition, block.main, or, block.line, block.column);
    case 'macro':
      return N.macro(head.name, block.main, block.line, block.column);
  }
  throw new Error(`unexpected block head ${head.t}`);
}
