import fsp from 'node:fs/promises';
import path from 'node:path';

// A theme may name a built-in theme it extends (template.conf `"extends": "default"`): every file of
// the base that the theme does not have itself is read from the base, so a variant holds only what
// differs. The theme's own template.conf is used as it is: nothing of the base's is merged.

/** How many bases a theme may stack (a base that extends another counts as one more). */
const MAX_BASES = 4;

/** Why a theme loads with only the files it has: its base does not exist, or the chain does not end. */
export interface BaseProblem {
  readonly code: 'unknown-base' | 'base-cycle' | 'base-too-deep';
  /** The base named in the chain where it broke. */
  readonly base: string;
  readonly message: string;
}

export interface BaseChain {
  /** The folders of the bases, the nearest first. */
  readonly dirs: string[];
  readonly problem: BaseProblem | null;
}

/** The `extends` of a template.conf text; null when there is none (or the conf is not JSON: parsing reports that). */
function extendsOf(conf: string | undefined): string | null {
  if (conf === undefined) return null;
  try {
    const value = JSON.parse(conf) as { extends?: unknown } | null;
    return value && typeof value === 'object' && typeof value.extends === 'string' ? value.extends : null;
  } catch {
    return null;
  }
}

async function readConf(dir: string): Promise<string | undefined> {
  return fsp.readFile(path.join(dir, 'template.conf'), 'utf8').catch(() => undefined);
}

/**
 * The bases a theme extends, followed from its template.conf through each base's own: built-in
 * theme folders of `themesDir`, by name. `ownDir` (the theme's folder, when it is read from disk)
 * lets a base that extends the theme itself be found as a cycle.
 */
export async function baseChain(conf: string | undefined, themesDir: string, ownDir: string | null): Promise<BaseChain> {
  const dirs: string[] = [];
  const seen = new Set(ownDir ? [path.resolve(ownDir)] : []);
  let name = extendsOf(conf);
  while (name !== null) {
    const dir = path.resolve(themesDir, name);
    // A base is a folder of the themes directory, named plainly: never a path out of it.
    const text = /^[\w-][\w.-]*$/.test(name) ? await readConf(dir) : undefined;
    if (text === undefined) return { dirs, problem: { code: 'unknown-base', base: name, message: `extends "${name}", which is not a built-in theme.` } };
    if (seen.has(dir)) return { dirs, problem: { code: 'base-cycle', base: name, message: `extends "${name}" again: the chain of bases is a cycle.` } };
    if (dirs.length === MAX_BASES)
      return { dirs, problem: { code: 'base-too-deep', base: name, message: `extends "${name}" past the ${MAX_BASES} levels of bases a theme may stack.` } };
    seen.add(dir);
    dirs.push(dir);
    name = extendsOf(text);
  }
  return { dirs, problem: null };
}

/** The theme's files with every file of its bases that it does not have itself: its own win, then the nearest base's. */
export function withBaseFiles<T>(own: ReadonlyMap<string, T>, bases: readonly ReadonlyMap<string, T>[]): Map<string, T> {
  const files = new Map(own);
  for (const base of bases) {
    for (const [file, content] of base) if (!files.has(file)) files.set(file, content);
  }
  return files;
}
