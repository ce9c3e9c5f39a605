import { DEFAULT_LIMITS } from '@tessera/template';
import { appliesOf, macrosOf, type Apply } from './applies.js';
import { isCompiled, partialName } from './files.js';
import { finding, type CheckInput, type Finding } from './types.js';

/**
 * Every compiled file's applies of partials, by file. Macros are applied the same way and are found
 * through the frames of the render (a macro of the layout runs inside a partial), so a name any file
 * defines as a macro is left out.
 */
function partialApplies(files: ReadonlyMap<string, string>): Map<string, Apply[]> {
  const compiledFiles = [...files.keys()].filter(isCompiled);
  const macros = new Set(compiledFiles.flatMap((file) => [...macrosOf(files, file)]));
  return new Map(compiledFiles.map((file) => [file, appliesOf(files, file).filter((a) => !macros.has(a.name))]));
}

function partialsOf(files: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files.keys()) {
    const name = partialName(file);
    if (name) out.set(name, file);
  }
  return out;
}

/** Partials applied but missing (error), and partials no file applies (recommendation). */
export function checkPartials({ files }: CheckInput): Finding[] {
  const partials = partialsOf(files);
  const applies = partialApplies(files);
  const used = new Set<string>();
  const out: Finding[] = [];
  for (const [file, list] of applies) {
    for (const a of list) {
      used.add(a.name);
      if (!partials.has(a.name)) {
        out.push(finding('error', 'missing-partial', `The partial '${a.name}' is applied but blocks/${a.name} does not exist.`, file, a.line, a.column));
      }
    }
  }
  for (const [name, file] of partials) {
    if (!used.has(name)) out.push(finding('recommendation', 'unused-partial', `No template applies the partial '${name}'.`, file));
  }
  return out;
}

/**
 * Chains of partials deeper than the engine renders (it stops at 16 nested applies). A partial that
 * applies itself, directly or through others, is left to the data: the engine's limit stops it at run time.
 */
export function checkPartialDepth({ files }: CheckInput): Finding[] {
  const max = DEFAULT_LIMITS.maxPartialDepth;
  const partials = partialsOf(files);
  const applies = partialApplies(files);
  // The longest chain of partials below each partial, itself included.
  const memo = new Map<string, string[]>();
  const chainFrom = (name: string, stack: Set<string>): string[] => {
    const known = memo.get(name);
    if (known) return known;
    const file = partials.get(name);
    if (!file || stack.has(name)) return [name];
    stack.add(name);
    let longest: string[] = [];
    for (const a of applies.get(file) ?? []) {
      const below = chainFrom(a.name, stack);
      if (below.length > longest.length) longest = below;
    }
    stack.delete(name);
    const chain = [name, ...longest];
    memo.set(name, chain);
    return chain;
  };
  const out: Finding[] = [];
  for (const [file, list] of applies) {
    if (partialName(file)) continue;
    for (const a of list) {
      const chain = chainFrom(a.name, new Set());
      if (chain.length > max) {
        out.push(
          finding(
            'error',
            'partial-depth',
            `Partials applied ${chain.length} deep (${chain.join(' > ')}); the engine stops at a depth of ${max}.`,
            file,
            a.line,
            a.column,
          ),
        );
      }
    }
  }
  return out;
}
