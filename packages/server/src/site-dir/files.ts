import fs from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';

export type DocFormat = 'json' | 'yaml';

/** Reads `<base>.json`, `<base>.yaml` or `<base>.yml`; null when none exists. Throws on two of them. */
export async function readDoc(dir: string, base: string): Promise<{ file: string; value: unknown } | null> {
  const found: string[] = [];
  for (const ext of ['.json', '.yaml', '.yml']) {
    const file = path.join(dir, base + ext);
    if (await exists(file)) found.push(file);
  }
  if (found.length === 0) return null;
  if (found.length > 1) throw new DocError(rel(dir, found[1]!), `both ${found.map((f) => path.basename(f)).join(' and ')} exist; keep one`);
  return { file: found[0]!, value: await parseDocFile(found[0]!) };
}

export class DocError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

export async function parseDocFile(file: string): Promise<unknown> {
  const text = await fs.readFile(file, 'utf8');
  try {
    if (file.endsWith('.json')) return JSON.parse(text);
    return YAML.parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new DocError(file, `is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The docs of a folder (`collections/`, `forms/`) as [base name, file] pairs, sorted by name. */
export async function listDocs(dir: string): Promise<{ base: string; file: string }[]> {
  if (!(await exists(dir))) return [];
  const names = (await fs.readdir(dir)).filter((n) => /\.(json|ya?ml)$/.test(n)).sort();
  return names.map((name) => ({ base: name.replace(/\.(json|ya?ml)$/, ''), file: path.join(dir, name) }));
}

/** Every file under `dir`, recursively, as paths relative to `root` with forward slashes, sorted. */
export async function listFiles(root: string, dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const out: string[] = [];
  const walk = async (current: string) => {
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // .DS_Store, editor swap files
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(dir);
  return out.sort();
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function rel(dir: string, file: string): string {
  return path.relative(dir, file) || file;
}

/** Object keys sorted at every level: the canonical form export writes. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function formatDoc(value: unknown, format: DocFormat): string {
  const sorted = sortKeys(value);
  return format === 'json' ? `${JSON.stringify(sorted, null, 2)}\n` : YAML.stringify(sorted, { lineWidth: 0 });
}
