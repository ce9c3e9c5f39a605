import { compiledFile } from './files.js';

export interface Apply {
  name: string;
  line: number;
  column: number;
}

/**
 * The partials a file applies (`{x|apply name}`, `{.include name}`), with where. The syntax tree is
 * walked as plain data: any node's formatter list may hold an apply, whatever kind the node is.
 */
export function appliesOf(files: ReadonlyMap<string, string>, file: string): Apply[] {
  const out: Apply[] = [];
  const walk = (value: unknown, at: { line: number; column: number }): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, at);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    const here = typeof node.line === 'number' ? { line: node.line, column: Number(node.column) || 1 } : at;
    if (node.kind === 'include' && typeof node.name === 'string') out.push({ name: node.name, ...here });
    if (Array.isArray(node.formatters)) {
      for (const f of node.formatters as { name?: unknown; args?: unknown[] }[]) {
        if (f.name === 'apply' && typeof f.args?.[0] === 'string') out.push({ name: f.args[0], ...here });
      }
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'formatters' && child && typeof child === 'object') walk(child, here);
  };
  walk(compiledFile(files, file).ast, { line: 1, column: 1 });
  return out;
}

/** The names of the macros a file defines: `{x|apply name}` runs them, not a partial. */
export function macrosOf(files: ReadonlyMap<string, string>, file: string): Set<string> {
  const out = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      if (node.kind === 'macro' && typeof node.name === 'string') out.add(node.name);
      for (const child of Object.values(node)) if (child && typeof child === 'object') walk(child);
    }
  };
  walk(compiledFile(files, file).ast);
  return out;
}
