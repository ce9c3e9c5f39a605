import { compiledFile, isCompiled } from './files.js';
import { finding, type CheckInput, type Finding } from './types.js';

/** The engine's own syntax codes that have a check code of their own; every other one is a syntax error. */
const CODES: Record<string, string> = {
  UNKNOWN_FORMATTER: 'unknown-formatter',
  UNKNOWN_PREDICATE: 'unknown-predicate',
};

/**
 * Syntax errors, unknown formatters and unknown predicates, as the engine reports them when it
 * compiles the file: the default engine knows the core formatters and Tessera's platform plugins,
 * the same tables the server renders with.
 */
export function checkSyntax({ files }: CheckInput): Finding[] {
  const out: Finding[] = [];
  for (const file of files.keys()) {
    if (!isCompiled(file)) continue;
    for (const e of compiledFile(files, file).errors) {
      out.push(finding('error', CODES[e.code] ?? 'syntax-error', e.message, file, e.line, e.column));
    }
  }
  return out;
}
