import { compiledFile, isCompiled } from './files.js';
import { finding, type CheckInput, type Finding } from './types.js';

/**
 * The most operations one `.eval` expression may compile to before the check calls it too large.
 * The engine refuses expressions over a token budget when a host sets one (`maxExprTokens`), and each
 * operation costs a step of the render's budget: a theme that stays under this runs on any host.
 */
const MAX_EXPRESSION_OPS = 128;

interface EvalNode {
  kind: 'eval';
  source: string;
  program?: { ops?: unknown[] };
  line: number;
  column: number;
}

function evalsOf(ast: unknown): EvalNode[] {
  const out: EvalNode[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (node.kind === 'eval') out.push(node as unknown as EvalNode);
      for (const child of Object.values(node)) if (child && typeof child === 'object') walk(child);
    }
  };
  walk(ast);
  return out;
}

/** `.eval` expressions larger than the limit: move the work into the data or a formatter. */
export function checkExpressions({ files }: CheckInput): Finding[] {
  const out: Finding[] = [];
  for (const file of files.keys()) {
    if (!isCompiled(file)) continue;
    for (const e of evalsOf(compiledFile(files, file).ast)) {
      const ops = e.program?.ops?.length ?? 0;
      if (ops <= MAX_EXPRESSION_OPS) continue;
      out.push(
        finding(
          'warning',
          'expression-too-large',
          `This expression compiles to ${ops} operations; keep each under ${MAX_EXPRESSION_OPS}.`,
          file,
          e.line,
          e.column,
        ),
      );
    }
  }
  return out;
}
